import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { columnEquals } from '@basalt/shared';
import type { AppData } from './data-access.js';
import { AppDeepSave } from './deep-save.js';
import { AppGrouping } from './grouping.js';
import { objectBody } from './data.routes.js';

type P = { appId: string; apiKey: string; table: string };
type Q = Record<string, unknown>;
type R = FastifyRequest<{ Params: P; Querystring: Record<string, unknown>; Body: unknown }>;

const bad = (message: string) => new ApiError('BAD_REQUEST', message);

/**
 * The data routes of the SDK beyond single records: deep save, grouping and find by key
 * (decision 0029). Literal segments (`deep-save`, `pk`, `data-grouping`) win over the table and
 * id parameters of `data.routes.ts`.
 */
export function registerDataExtraRoutes(app: FastifyInstance, ctx: ServerContext, data: AppData): void {
  const base = '/:appId/:apiKey/data';
  const caller = (req: FastifyRequest) => authenticateApp(ctx, req);
  const deep = new AppDeepSave(ctx, data);
  const grouping = new AppGrouping(ctx, data);

  // A deep save runs between the root's create events, or its update events when the root names
  // an objectId (the SDK's save does the same); the records it writes below the root fire none,
  // as in a unit of work (decision 0055).
  app.put(`${base}/:table/deep-save`, async (req: R) => {
    const c = await caller(req);
    const named = !!req.body && typeof req.body === 'object' && typeof (req.body as Q).objectId === 'string';
    return data.around(c, named ? 'Update' : 'Create', req.params.table, { item: req.body }, (a) =>
      deep.save(c, req.params.table, a.item),
    );
  });
  app.post(`${base}/data-grouping/:table`, async (req: R, reply) => {
    const c = await caller(req);
    return data.around(c, 'Group', req.params.table, { query: objectBody(req.body) ?? {} }, (a) =>
      grouping.group(c, req.params.table, objectBody(a.query) ?? {}, reply.raw),
    );
  });
  app.post(`${base}/data-grouping/:table/count`, async (req: R, reply) => {
    const c = await caller(req);
    return data.around(c, 'CountInGroup', req.params.table, { query: objectBody(req.body) ?? {} }, (a) =>
      grouping.count(c, req.params.table, objectBody(a.query) ?? {}, reply.raw),
    );
  });

  /**
   * `findById({k1: v1, …})`: each query key a column of the table, each value its value. The one
   * record holding all of them is answered (404 for none, 400 when they name more than one: every
   * table's key is objectId, so other columns identify a record only when the data says so).
   */
  app.get(`${base}/:table/pk`, async (req: R, reply) => {
    const c = await caller(req);
    const keys = Object.entries(req.query);
    if (!keys.length) throw bad('Name the key columns and their values in the query (?objectId=… or ?column=value&…)');
    if (keys.length > 16) throw bad('At most 16 key columns');
    const { table } = await data.table(c.appId, req.params.table);
    const hidden = await data.hidden(c, table);
    const scope = keys.map(([name, value]) => {
      const col = table.columns.find((x) => x.name === name);
      if (!col) throw bad(`Column '${name.slice(0, 80)}' does not exist in table '${table.name}'`);
      if (hidden.has(name))
        throw new ApiError('FORBIDDEN', `Permission denied: column '${name}' of table '${table.name}' is hidden`);
      if (typeof value !== 'string') throw bad(`Give one value for key column '${name}'`);
      return columnEquals(name, col.dataType === 'BOOLEAN' ? value === 'true' : value);
    });
    const found = await data.find(c, table.name, { pageSize: 2 }, true, scope, reply.raw);
    if (!found.length) throw new ApiError('NOT_FOUND', `No record of table '${table.name}' has this key`);
    if (found.length > 1)
      throw bad(`More than one record of table '${table.name}' has these values: they are not a key`);
    return found[0];
  });
}
