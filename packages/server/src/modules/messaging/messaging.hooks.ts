import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { appHooked } from '../../events/app-hooks.js';
import type { PublishInput } from './channels.service.js';

type Rec = Record<string, unknown>;

/** A messaging operation between its handlers; the target is the channel ('*' for operations without one). */
export function messagingHooked<T>(
  ctx: ServerContext,
  req: FastifyRequest,
  op: string,
  target: string,
  args: Rec,
  work: (args: Rec) => Promise<T>,
): Promise<T> {
  return appHooked(ctx, req, 'messaging', op, target, args, work);
}

const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});

/** A publish as the runner's handlers receive it: the message, its publish options and its delivery options. */
export function publishArgs(input: PublishInput): Rec {
  const { message, publisherId, headers, subtopic, ...delivery } = input;
  return { message, publishOptions: { publisherId, headers, subtopic }, deliveryOptions: delivery };
}

/** The publish again from what the handlers left. */
export function publishInput(args: Rec): PublishInput {
  return { ...obj(args.deliveryOptions), ...obj(args.publishOptions), message: args.message } as PublishInput;
}
