import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { countersFor } from '../counters/index.js';

type R = FastifyRequest<{
  Params: { appId: string; apiKey: string; name: string };
  Querystring: Record<string, string | undefined>;
}>;

// Control characters are refused too (checked by code point below).
const NAME = /^[^/]{1,255}$/;

function counterName(req: R): string {
  const { name } = req.params;
  if (!NAME.test(name) || [...name].some((ch) => ch.charCodeAt(0) < 0x20))
    throw new ApiError('BAD_REQUEST', 'A counter name is 1 to 255 characters without slashes');
  return name;
}

function integer(value: string | undefined, field: string): number {
  const n = value !== undefined && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new ApiError('BAD_REQUEST', `'${field}' must be a whole number`);
  return n;
}

/**
 * Atomic counters of the app API (`/{appId}/{apiKey}/counters/…`). Answers are bare JSON numbers,
 * a list of names, or a boolean for compare-and-set; a counter starts at 0 on first use.
 */
export function registerCounterAppRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const counters = countersFor(ctx);
  const base = '/:appId/:apiKey/counters/:name';
  const appId = async (req: R) => (await authenticateApp(ctx, req)).appId;

  app.get(`${base}/list`, async (req: R) => counters.listNames(await appId(req), counterName(req)));
  app.get(base, async (req: R) => counters.get(await appId(req), counterName(req)));
  app.put(`${base}/increment/get`, async (req: R) => counters.addAndGet(await appId(req), counterName(req), 1));
  app.put(`${base}/get/increment`, async (req: R) => counters.getAndAdd(await appId(req), counterName(req), 1));
  app.put(`${base}/decrement/get`, async (req: R) => counters.addAndGet(await appId(req), counterName(req), -1));
  app.put(`${base}/get/decrement`, async (req: R) => counters.getAndAdd(await appId(req), counterName(req), -1));
  app.put(`${base}/incrementby/get`, async (req: R) =>
    counters.addAndGet(await appId(req), counterName(req), integer(req.query.value, 'value')),
  );
  app.put(`${base}/get/incrementby`, async (req: R) =>
    counters.getAndAdd(await appId(req), counterName(req), integer(req.query.value, 'value')),
  );
  app.put(`${base}/get/compareandset`, async (req: R) =>
    counters.compareAndSet(
      await appId(req),
      counterName(req),
      integer(req.query.expected, 'expected'),
      integer(req.query.updatedvalue, 'updatedvalue'),
    ),
  );
  app.put(`${base}/reset`, async (req: R, reply) => {
    await counters.reset(await appId(req), counterName(req));
    return reply.send(null);
  });
}
