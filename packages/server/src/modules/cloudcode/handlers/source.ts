import { ccEventById } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { AppInterceptors, ChainOrder, Interceptor, InterceptorSource } from '../../../events/interceptors.js';
import { invokeAs, type CodeCaller } from '../runtime/invoke.js';
import { num, numOrNull, type CcChainRow, type CcHandlerRow } from '../store/index.js';
import { HandlersRepo } from './handlers.repo.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** A deployed handler as the registry runs it: one sandbox invocation through `invokeAs`. */
function interceptorOf(ctx: ServerContext, row: CcHandlerRow): Interceptor {
  const target = { kind: 'handler' as const, provider: row.provider, event: row.event_name, target: row.target };
  const timeoutMs = numOrNull(row.timeout_ms);
  return {
    id: row.id,
    provider: row.provider,
    event: row.event_name,
    target: row.target,
    async: !!num(row.async),
    async run(call) {
      const result = await invokeAs(
        ctx,
        call.appId,
        (call.caller ?? null) as CodeCaller | null,
        target,
        call.res ? { req: call.req, res: call.res } : { req: call.req },
        { deploymentId: row.deployment_id!, ...(timeoutMs ? { limits: { timeoutMs } } : {}) },
      );
      // What the code left in `req` (its context is the code's view, not an argument).
      let req: Rec | undefined;
      if (isRec(result.req)) {
        const { context: _context, ...args } = result.req;
        req = args;
      }
      const res = isRec(result.res) && 'result' in result.res ? { result: result.res.result } : undefined;
      // A handler that returns nothing answers null through the sandbox: that is no value.
      const value = result.value === null ? undefined : result.value;
      return { req, res, value };
    },
  };
}

function chainsOf(rows: CcChainRow[]): ChainOrder[] {
  const out: ChainOrder[] = [];
  for (const c of rows) {
    const ev = ccEventById(num(c.event_id));
    if (!ev) continue;
    try {
      out.push({
        provider: ev.provider,
        event: ev.name,
        target: c.target,
        order: JSON.parse(c.order_json) as string[],
      });
    } catch {
      // A broken stored order orders nothing.
    }
  }
  return out;
}

/**
 * Cloud code's handlers for the interceptor registry: the enabled, deployed PRODUCTION and
 * MARKETPLACE rows of `cc_handlers` with the stored chain orders, re-read for an app when the
 * invalidation bus says its handlers changed (kind `handlers`: deploy, enable/disable, chain).
 */
export function cloudCodeHandlerSource(ctx: ServerContext): InterceptorSource {
  const repo = new HandlersRepo(ctx.dbs);
  const build = (rows: CcHandlerRow[], chains: CcChainRow[]): AppInterceptors => ({
    interceptors: rows.map((r) => interceptorOf(ctx, r)),
    chains: chainsOf(chains),
  });
  return {
    async loadAll() {
      const [rows, chains] = await Promise.all([repo.runnable(), repo.chains()]);
      const byApp = new Map<string, { rows: CcHandlerRow[]; chains: CcChainRow[] }>();
      const of = (appId: string) => {
        let e = byApp.get(appId);
        if (!e) byApp.set(appId, (e = { rows: [], chains: [] }));
        return e;
      };
      for (const r of rows) of(r.app_id).rows.push(r);
      // Chains of apps without handlers order nothing.
      for (const c of chains) if (byApp.has(c.app_id)) of(c.app_id).chains.push(c);
      return new Map([...byApp].map(([appId, e]) => [appId, build(e.rows, e.chains)]));
    },
    async load(appId) {
      const [rows, chains] = await Promise.all([repo.runnable(appId), repo.chains(appId)]);
      return build(rows, chains);
    },
  };
}
