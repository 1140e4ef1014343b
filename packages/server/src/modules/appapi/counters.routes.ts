import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { countersFor } from '../counters/index.js';
import { appHooked } from '../../events/app-hooks.js';

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

  // Each operation runs between the counter events' handlers (decision 0047); a handler may
  // change the counter's name (and the value of an add).
  type Args = Record<string, unknown>;
  // `args` is read after the key is checked, as the routes always did (a bad key is a 401 first).
  const op = <T>(req: R, event: string, argsOf: () => Args, work: (id: string, name: string, a: Args) => Promise<T>) =>
    appId(req).then((id) => {
      const args = argsOf();
      return appHooked(ctx, req, 'counters', event, '*', args, (a) =>
        work(id, typeof a.counterName === 'string' && a.counterName ? a.counterName : String(args.counterName), a),
      );
    });
  const value = (a: Args, fallback: number) => (Number.isSafeInteger(a.value) ? (a.value as number) : fallback);

  app.get(`${base}/list`, (req: R) =>
    op(
      req,
      'List',
      () => ({ pattern: counterName(req) }),
      (id, _n, a) => counters.listNames(id, typeof a.pattern === 'string' ? a.pattern : counterName(req)),
    ),
  );
  app.get(base, (req: R) =>
    op(
      req,
      'Get',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.get(id, n),
    ),
  );
  app.put(`${base}/increment/get`, (req: R) =>
    op(
      req,
      'IncrementAndGet',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.addAndGet(id, n, 1),
    ),
  );
  app.put(`${base}/get/increment`, (req: R) =>
    op(
      req,
      'GetAndIncrement',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.getAndAdd(id, n, 1),
    ),
  );
  app.put(`${base}/decrement/get`, (req: R) =>
    op(
      req,
      'DecrementAndGet',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.addAndGet(id, n, -1),
    ),
  );
  app.put(`${base}/get/decrement`, (req: R) =>
    op(
      req,
      'GetAndDecrement',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.getAndAdd(id, n, -1),
    ),
  );
  app.put(`${base}/incrementby/get`, (req: R) =>
    op(
      req,
      'AddAndGet',
      () => ({ counterName: counterName(req), value: integer(req.query.value, 'value') }),
      (id, n, a) => counters.addAndGet(id, n, value(a, 0)),
    ),
  );
  app.put(`${base}/get/incrementby`, (req: R) =>
    op(
      req,
      'GetAndAdd',
      () => ({ counterName: counterName(req), value: integer(req.query.value, 'value') }),
      (id, n, a) => counters.getAndAdd(id, n, value(a, 0)),
    ),
  );
  app.put(`${base}/get/compareandset`, (req: R) =>
    op(
      req,
      'CompareAndSet',
      () => ({
        counterName: counterName(req),
        expected: integer(req.query.expected, 'expected'),
        updated: integer(req.query.updatedvalue, 'updatedvalue'),
      }),
      (id, n, a) => counters.compareAndSet(id, n, a.expected as number, a.updated as number),
    ),
  );
  app.put(`${base}/reset`, async (req: R, reply) => {
    await op(
      req,
      'Reset',
      () => ({ counterName: counterName(req) }),
      (id, n) => counters.reset(id, n),
    );
    return reply.send(null);
  });
}
