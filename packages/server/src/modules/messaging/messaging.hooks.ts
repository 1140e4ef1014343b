import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { intercepted } from '../../events/interceptors.js';
import type { PublishInput } from './channels.service.js';

type Rec = Record<string, unknown>;

/**
 * Runs a messaging operation between its before and after handlers (decision 0047), the target
 * being the channel ('*' for operations without one). An app without handlers is told apart
 * without an await.
 */
export function messagingHooked<T>(
  ctx: ServerContext,
  req: FastifyRequest,
  op: string,
  target: string,
  args: Rec,
  work: (args: Rec) => Promise<T>,
): Promise<T> {
  if (!ctx.interceptors.active((req.params as { appId: string }).appId)) return work(args);
  return authenticateApp(ctx, req).then((caller) =>
    intercepted(
      ctx.interceptors,
      { appId: caller.appId, provider: 'messaging', target, caller },
      { before: `before${op}`, after: `after${op}` },
      args,
      work,
    ),
  );
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
