import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import type { AppData } from './data-access.js';
import type { AppRelations, RelationMode } from './relations-access.js';

type P = { appId: string; apiKey: string; table: string; objectId: string; column: string };
type Q = Record<string, unknown>;
type R = FastifyRequest<{ Params: P; Querystring: Q; Body: unknown }>;

/** A query body: absent, or a JSON object (400 otherwise). Shared with the fast lane's find. */
export const objectBody = (body: unknown): Q | undefined => {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ApiError('BAD_REQUEST', 'The query must be a JSON object');
  return body as Q;
};

const where = (q: Q) =>
  typeof q.where === 'string' ? q.where : typeof q.whereClause === 'string' ? q.whereClause : undefined;

/**
 * `/{appId}/{apiKey}/data/…` in the shapes of the `backendless` SDK. Literal segments (`bulk`,
 * `bulkupsert`, `find`, `count`, `upsert`) are matched before the table and id parameters.
 */
export function registerDataRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  data: AppData,
  relations: AppRelations,
): void {
  const base = '/:appId/:apiKey/data';
  const caller = (req: FastifyRequest) => authenticateApp(ctx, req);

  // Bulk writes tell real-time listeners once per call (`records.bulk`); bulk-created is told by
  // the records service, which every bulk create (console, app API, import) goes through.
  const bulkDone = async (
    appId: string,
    tableName: string,
    event: 'bulk-updated' | 'bulk-deleted',
    whereClause: string | undefined,
    count: number,
  ) => {
    const { table } = await data.table(appId, tableName);
    ctx.bus.emit('records.bulk', { appId, table: table.name, event, whereClause: whereClause ?? null, count });
    return count;
  };
  app.post(`${base}/bulk/:table`, async (req: R) => data.bulkCreate(await caller(req), req.params.table, req.body));
  // `reply.raw`: the response each read is made for; its client going away stops the read (0017).
  app.put(`${base}/bulk/:table`, async (req: R, reply) => {
    const c = await caller(req);
    const w = where(req.query);
    return bulkDone(
      c.appId,
      req.params.table,
      'bulk-updated',
      w,
      await data.bulkUpdate(c, req.params.table, w, req.body, reply.raw),
    );
  });
  app.post(`${base}/bulk/:table/delete`, async (req: R, reply) => {
    const body = objectBody(req.body) ?? {};
    const c = await caller(req);
    return bulkDone(
      c.appId,
      req.params.table,
      'bulk-deleted',
      where(body),
      await data.bulkDelete(c, req.params.table, where(body), reply.raw),
    );
  });
  app.put(`${base}/bulkupsert/:table`, async (req: R) => {
    const c = await caller(req);
    const records = await data.bulkUpsert(c, req.params.table, req.body);
    // A before-handler may answer instead: only stored records are told.
    if (!Array.isArray(records)) return records;
    const { table } = await data.table(c.appId, req.params.table);
    ctx.bus.emit('records.bulk', { appId: c.appId, table: table.name, event: 'bulk-upserted', records });
    return records.map((r) => String(r.objectId));
  });

  app.post(`${base}/:table/find`, async (req: R, reply) =>
    data.find(await caller(req), req.params.table, objectBody(req.body), true, undefined, reply.raw),
  );
  app.get(`${base}/:table`, async (req: R, reply) =>
    data.find(await caller(req), req.params.table, req.query, true, undefined, reply.raw),
  );
  app.post(`${base}/:table/count`, async (req: R, reply) =>
    data.count(await caller(req), req.params.table, objectBody(req.body), true, reply.raw),
  );
  app.get(`${base}/:table/count`, async (req: R, reply) =>
    data.count(await caller(req), req.params.table, req.query, true, reply.raw),
  );
  app.get(`${base}/:table/:objectId`, async (req: R, reply) =>
    data.findById(await caller(req), req.params.table, req.params.objectId, req.query, reply.raw),
  );

  app.put(`${base}/:table`, async (req: R) => data.save(await caller(req), req.params.table, req.body));
  app.put(`${base}/:table/upsert`, async (req: R) => {
    const c = await caller(req);
    const record = await data.upsert(c, req.params.table, req.body);
    const { table } = await data.table(c.appId, req.params.table);
    ctx.bus.emit('record.upserted', { appId: c.appId, table: table.name, record });
    return record;
  });
  app.post(`${base}/:table`, async (req: R) => data.create(await caller(req), req.params.table, req.body));
  app.put(`${base}/:table/:objectId`, async (req: R) =>
    data.update(await caller(req), req.params.table, req.params.objectId, req.body),
  );
  app.delete(`${base}/:table/:objectId`, async (req: R) =>
    data.remove(await caller(req), req.params.table, req.params.objectId),
  );

  const change = (mode: RelationMode) => async (req: R) =>
    relations.change(
      await caller(req),
      mode,
      req.params.table,
      req.params.objectId,
      req.params.column,
      req.body,
      where(req.query),
    );
  app.post(`${base}/:table/:objectId/:column`, change('set'));
  app.put(`${base}/:table/:objectId/:column`, change('add'));
  app.delete(`${base}/:table/:objectId/:column`, change('delete'));
  app.get(`${base}/:table/:objectId/:column`, async (req: R, reply) =>
    relations.load(await caller(req), req.params.table, req.params.objectId, req.params.column, req.query, reply.raw),
  );
}
