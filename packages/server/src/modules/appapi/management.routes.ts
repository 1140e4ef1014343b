import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { isServerCode } from '../security/index.js';
import { actorOf, type AppData } from './data-access.js';
import { describeTable } from './schema-info.routes.js';

type Rec = Record<string, unknown>;

/** Columns one createTable may declare: the new-columns limit of a dynamic-schema write. */
const MAX_COLUMNS = 100;

const bad = (message: string) => new ApiError('BAD_REQUEST', message);

/**
 * `Management.Data.createTable(name, columns)` (`POST /management/data/table`): a table with its
 * columns, all or none. Server code (the BL key, cloud code) may always call it; other callers only
 * while the app's dynamic schema is on, since their writes could make the same table then anyway
 * (decision 0026). Answers the table as `Data.describe` does, with its name and id.
 */
export function registerManagementRoutes(app: FastifyInstance, ctx: ServerContext, data: AppData): void {
  app.post('/:appId/:apiKey/management/data/table', async (req: FastifyRequest<{ Body: unknown }>) => {
    const caller = await authenticateApp(ctx, req);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Rec;
    if (typeof body.name !== 'string') throw bad("Send the table's 'name'");
    if (!Array.isArray(body.columns)) throw bad("Send 'columns' as a list of column descriptors");
    if (body.columns.length > MAX_COLUMNS)
      throw bad(`A table can be created with at most ${MAX_COLUMNS} columns at once`);
    const services = data.data;
    if (!isServerCode(caller) && !(await services.tables.config(caller.appId)).dynamicSchema) {
      throw new ApiError(
        'FORBIDDEN',
        "Permission denied: creating tables is allowed to server code only while the app's dynamic schema is off",
      );
    }
    const columns = body.columns
      .map((c, i) => {
        if (!c || typeof c !== 'object' || Array.isArray(c)) throw bad(`Column ${i} must be an object`);
        return c as Rec;
      })
      .filter((c) => !['objectId', 'created', 'updated', 'ownerId'].includes(String(c.name)));
    const table = await services.tables.create(caller.appId, { name: body.name });
    try {
      for (const c of columns) {
        const dataType = String(c.dataType ?? c.type ?? '');
        if (dataType === 'DATA_REF') {
          const many = c.relationshipType === 'ONE_TO_MANY' || c.cardinality === 'n' || c.cardinality === 'ONE_TO_MANY';
          await services.relations.create(
            caller.appId,
            table.name,
            {
              name: c.name as string,
              toTableName: (c.toTableName ?? c.relatedTable) as string,
              relationshipType: many ? 'ONE_TO_MANY' : 'ONE_TO_ONE',
              required: c.required === true,
            },
            'DATA_REF',
          );
        } else {
          await services.columns.create(caller.appId, table.name, {
            name: c.name as string,
            dataType,
            required: c.required === true,
            unique: c.unique === true,
            indexed: c.indexed === true,
            defaultValue: c.defaultValue ?? undefined,
          });
        }
      }
    } catch (err) {
      await services.tables.remove(caller.appId, table.name, true);
      throw err;
    }
    ctx.bus.emit('schema.changed', {
      appId: caller.appId,
      actor: actorOf(caller),
      action: 'table.create',
      table: table.name,
      summary: `Created table ${table.name} with ${columns.length} columns (management API)`,
    });
    const { table: made } = await data.table(caller.appId, table.name);
    return { name: made.name, tableId: made.tableId, columns: await describeTable(data, caller, made) };
  });
}
