import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allRoutes, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { BusEvents } from '../../events/bus.js';
import type { AuditService } from './audit.service.js';
import { describe, describeFileChange, registeredPaths } from './audit.describe.js';

type Change = BusEvents['console.changed'];
interface RequestChanges {
  changes: Change[];
  unchanged?: boolean;
  pending?: Promise<void>;
}

/** How long after its last chunk an import's entry still takes the next one. */
const IMPORT_GAP_MS = 10 * 60 * 1000;

interface ImportEntry {
  id: string;
  rows: number;
  chunks: number;
  lastLine: number;
  at: number;
  columns: string[];
}

function importSummary(table: string, e: Pick<ImportEntry, 'rows' | 'chunks' | 'columns'>): string {
  const rows = `${e.rows.toLocaleString('en-US')} row${e.rows === 1 ? '' : 's'}`;
  const parts = e.chunks > 1 ? ` in ${e.chunks} parts` : '';
  return `Imported ${rows} into ${table} from CSV${parts}${e.columns.length ? `, adding columns ${e.columns.join(', ')}` : ''}`;
}

/**
 * Writes the audit log without relying on each module to remember it:
 * - every successful non-GET console route of an app that changes something is recorded before
 *   the answer is sent (developer, app, action = route name, target = path parameters);
 * - `console.changed` events that name their request (`origin`) replace that generic entry with
 *   their richer summaries; events without one are recorded as they come. The request is named
 *   explicitly rather than found through an AsyncLocalStorage: that would switch on async hooks for
 *   every promise of every request, about a tenth of the app API's CPU;
 * - `appapi.read` events are recorded for apps with HIPAA compliance on.
 */
export function installAuditRecorder(app: FastifyInstance, ctx: ServerContext, audit: AuditService): void {
  // Memo per request object (what its route changed so far), gone with the request: not a service look-up.
  const byRequest = new WeakMap<object, RequestChanges>();
  const storeOf = (origin: object): RequestChanges => {
    let store = byRequest.get(origin);
    if (!store) byRequest.set(origin, (store = { changes: [] }));
    return store;
  };
  const routes = new Map<string, RouteDef>();
  for (const r of allRoutes()) {
    for (const p of registeredPaths(r)) {
      const key = `${r.method} ${normalise(p)}`;
      if (!routes.has(key)) routes.set(key, r);
    }
  }

  // onSend, before the answer leaves: a client that saw its change succeed finds it in the log, and
  // no write is still running when the server shuts down (a late insert could block the shutdown).
  app.addHook('onSend', (req, reply, payload, done) => {
    // Most requests (reads, failures, app API calls without a developer) have nothing to record:
    // they go on at once, without a promise per request.
    const store = byRequest.get(req);
    const pending = store?.changes.length || store?.pending;
    if (!pending && (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400 || !req.developer))
      return done(null, payload);
    recordRequest(req, reply.statusCode)
      .catch((err: unknown) => req.log.warn({ err }, 'Could not write an audit log entry'))
      .then(() => done(null, payload), done);
  });

  async function recordRequest(req: FastifyRequest, status: number): Promise<void> {
    const store = byRequest.get(req);
    if (store?.pending) return store.pending;
    const route = routes.get(`${req.method} ${normalise(req.routeOptions.url ?? '')}`);
    const params = (req.params ?? {}) as Record<string, string>;
    if (store?.changes.length) {
      const changes = store.changes.splice(0);
      // Recorded even when the request failed later: the change itself happened.
      for (const c of changes) {
        if (c.appId)
          await audit.record({
            appId: c.appId,
            developerId: c.developerId,
            action: route?.name ?? c.action,
            target: c.target,
            summary: c.summary,
          });
      }
      return;
    }
    if (store?.unchanged || !route || req.method === 'GET' || req.method === 'HEAD' || status >= 400) return;
    if (!params.appId || !req.developer || !isChange(route)) return;
    const { target, summary } = describe(route, params, req.body, (req.query ?? {}) as Record<string, unknown>);
    await audit.record({ appId: params.appId, developerId: req.developer.id, action: route.name, target, summary });
  }

  ctx.bus.on('console.changed', (c) => {
    if (c.origin) storeOf(c.origin).changes.push(c);
    else if (c.appId)
      audit.recordQuietly({
        appId: c.appId,
        developerId: c.developerId,
        action: c.action,
        target: c.target,
        summary: c.summary,
      });
  });

  // Schema changes that app API writes made by themselves (dynamic schema): the caller is the actor.
  ctx.bus.on('schema.changed', (c) => {
    audit.recordQuietly({
      appId: c.appId,
      developerId: null,
      actor: c.actor,
      action: `dynamic-schema.${c.action}`,
      target: c.column ? `${c.table}.${c.column}` : c.table,
      summary: c.summary,
    });
  });

  // File operations of the app API (server code, the SDKs): the caller is the actor.
  ctx.bus.on('file.changed', (c) => {
    audit.recordQuietly({
      appId: c.appId,
      developerId: null,
      actor: c.actor,
      action: `file.${c.action}`,
      target: `/${c.path}`,
      summary: describeFileChange(c.action, c.path, c.to),
    });
  });

  // One entry per CSV import: a chunk that goes on from where the same developer's last chunk into
  // the same table ended (a later first line, within minutes) adds to that entry. Kept per process:
  // chunks that reach different processes make an entry each, never a wrong count.
  const imports = new Map<string, ImportEntry>();
  let importChain: Promise<void> = Promise.resolve();
  ctx.bus.on('import.written', (e) => {
    const key = `${e.appId}\u0000${e.developerId}\u0000${e.table}`;
    const write = async () => {
      const now = Date.now();
      const last = imports.get(key);
      if (last && e.firstLine !== undefined && e.firstLine > last.lastLine && now - last.at < IMPORT_GAP_MS) {
        Object.assign(last, {
          rows: last.rows + e.rows,
          chunks: last.chunks + 1,
          lastLine: e.firstLine,
          at: now,
          columns: [...last.columns, ...e.createdColumns],
        });
        await audit.updateSummary(last.id, importSummary(e.table, last));
        return;
      }
      const entry = {
        rows: e.rows,
        chunks: 1,
        lastLine: e.firstLine ?? Number.MAX_SAFE_INTEGER,
        at: now,
        columns: e.createdColumns,
      };
      const id = await audit.record({
        appId: e.appId,
        developerId: e.developerId,
        action: 'transfer.importCsv',
        target: e.table,
        summary: importSummary(e.table, entry),
      });
      if (imports.size > 1000) imports.clear();
      imports.set(key, { id, ...entry });
    };
    // One after another: two chunks arriving together must not both start an entry.
    const done = importChain
      .then(write)
      .catch((err: unknown) => ctx.log.warn({ err, appId: e.appId }, 'Could not write an audit log entry'));
    importChain = done;
    storeOf(e.origin).pending = done;
  });

  ctx.bus.on('console.unchanged', (e) => {
    storeOf(e.origin).unchanged = true;
  });

  ctx.bus.on('appapi.read', (e) => {
    audit
      .hipaaEnabled(e.appId)
      .then((on) => {
        if (!on) return;
        const target = e.objectId ? `${e.table}/${e.objectId}` : e.table;
        return audit.record({
          appId: e.appId,
          developerId: null,
          actor: e.userId ? `user:${e.userId}` : 'anonymous',
          action: 'appapi.read',
          target,
          summary: `Read ${e.count} record${e.count === 1 ? '' : 's'} of ${target}`,
        });
      })
      .catch((err: unknown) => ctx.log.warn({ err, appId: e.appId }, 'Could not record a data read for HIPAA'));
  });
}

/**
 * Routes that need a developer operation change something. Some routes without one are changes too
 * (app info, dev options, permissions), while several POST routes only read (find, count, export):
 * those are known by their verb, so a query never floods the log.
 */
function isChange(route: RouteDef): boolean {
  if (route.devPermission !== undefined) return true;
  return !/\.(load|get|list|find|count|export|search)/i.test(route.name);
}

/** `/x/` and `/x` are one route (the router ignores trailing slashes). */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
