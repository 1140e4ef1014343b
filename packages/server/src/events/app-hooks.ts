import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { authenticateApp } from '../http/app-auth.js';
import { intercepted } from './interceptors.js';

type Rec = Record<string, unknown>;

/**
 * Runs an app API operation of a route between its before and after handlers (decision 0047),
 * for the areas whose work sits in their routes (files, messaging, cache, counters). An app
 * without handlers is told apart from the path's app id, without an await; only then is the
 * caller (already authenticated by the route, remembered per request) handed to the handlers.
 */
export function appHooked<T>(
  ctx: ServerContext,
  req: FastifyRequest,
  provider: string,
  op: string,
  target: string,
  args: Rec,
  work: (args: Rec) => Promise<T>,
): Promise<T> {
  if (!ctx.interceptors.active((req.params as { appId: string }).appId)) return work(args);
  return authenticateApp(ctx, req).then((caller) =>
    intercepted(
      ctx.interceptors,
      { appId: caller.appId, provider, target, caller },
      { before: `before${op}`, after: `after${op}` },
      args,
      work,
    ),
  );
}
