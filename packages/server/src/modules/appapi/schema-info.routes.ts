import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp, type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import type { TableMeta } from '../data/index.js';
import type { AppData } from './data-access.js';

type P = { appId: string; apiKey: string; table: string; tableId: string };
type R = FastifyRequest<{ Params: P }>;

/** One column as `Data.describe` answers it (the reference's descriptor fields). */
export interface ColumnDescriptor {
  name: string;
  type: string;
  required: boolean;
  defaultValue: unknown;
  relatedTable: string | null;
  relationshipType?: string;
  customRegex: string | null;
  autoLoad: boolean;
  isPrimaryKey: boolean;
  primaryKey: boolean;
  unique: boolean;
  indexed: boolean;
}

/**
 * The columns of a table the caller may read, scalar columns first then relation columns, each
 * in its position. Columns whose Find is denied to the caller are left out, as they are from its
 * records.
 */
export async function describeTable(data: AppData, caller: AppCaller, table: TableMeta): Promise<ColumnDescriptor[]> {
  const hidden = await data.hidden(caller, table);
  const out: ColumnDescriptor[] = [];
  for (const c of table.columns) {
    // The password column is write-only, but it is a column: apps list it to build sign-up forms.
    if (hidden.has(c.name) && !(table.system && table.name === 'Users' && c.name === 'password')) continue;
    const key = c.name === 'objectId';
    out.push({
      name: c.name,
      type: c.dataType,
      required: c.required,
      defaultValue: c.defaultValue ?? null,
      relatedTable: null,
      customRegex: c.customRegex ?? null,
      autoLoad: false,
      isPrimaryKey: key,
      primaryKey: key,
      unique: c.unique || key,
      indexed: c.indexed || key,
    });
  }
  for (const r of table.relations) {
    if (hidden.has(r.name)) continue;
    out.push({
      name: r.name,
      type: r.dataType,
      required: r.required,
      defaultValue: null,
      relatedTable: r.toTableName,
      relationshipType: r.relationshipType,
      customRegex: null,
      autoLoad: false,
      isPrimaryKey: false,
      primaryKey: false,
      unique: false,
      indexed: false,
    });
  }
  return out;
}

/**
 * `Data.describe(table)` (`GET /data/{table}/properties`) and `Data.getTableNameById(id)`
 * (`GET /data/{tableId}/table-name`). Their literal last segments win over `/data/{table}/{objectId}`.
 */
export function registerSchemaInfoRoutes(app: FastifyInstance, ctx: ServerContext, data: AppData): void {
  const base = '/:appId/:apiKey/data';
  app.get(`${base}/:table/properties`, async (req: R) => {
    const caller = await authenticateApp(ctx, req);
    return data.around(caller, 'Describe', req.params.table, { itemName: req.params.table }, async (a) => {
      const { table } = await data.table(caller.appId, typeof a.itemName === 'string' ? a.itemName : req.params.table);
      return describeTable(data, caller, table);
    });
  });
  app.get(`${base}/:tableId/table-name`, async (req: R, reply) => {
    const caller = await authenticateApp(ctx, req);
    const table = (await data.data.schema(caller.appId)).tableById(req.params.tableId);
    if (!table) throw new ApiError('TABLE_NOT_FOUND', `No table has the id '${req.params.tableId.slice(0, 80)}'`);
    // A JSON string, so the SDK's parse of every answer gives the bare name.
    return reply.type('application/json').send(JSON.stringify(table.name));
  });
}
