import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { isServerCode, writeSdkPermission } from '../security/index.js';
import { assertId, type AppData } from './data-access.js';

type P = { appId: string; apiKey: string; table: string; access: string; objectId: string };

/**
 * `Backendless.Data.Permissions.{FIND|UPDATE|REMOVE}.grant…/deny…(…, record)`:
 * `PUT /{appId}/{apiKey}/data/{table}/permissions/{GRANT|DENY}/{objectId}` writes the record's ACL,
 * the same rules the console's per-record permissions edit. Only the record's owner and server code
 * may change them; anyone else could lift a DENY meant for them.
 */
export function registerDataPermissionRoutes(app: FastifyInstance, ctx: ServerContext, data: AppData): void {
  app.put(`/:appId/:apiKey/data/:table/permissions/:access/:objectId`, async (req: FastifyRequest<{ Params: P }>) => {
    const caller = await authenticateApp(ctx, req);
    const { table } = await data.table(caller.appId, req.params.table);
    const id = assertId(req.params.objectId);
    const record = await data.raw(caller.appId, table, id);
    if (!record) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    const owner = !!caller.userId && record.ownerId === caller.userId;
    if (!owner && !isServerCode(caller))
      throw new ApiError('FORBIDDEN', "Only the record's owner or server code may change its permissions");
    return writeSdkPermission(
      ctx,
      caller,
      { service: 'data', item: table.tableId, objectId: id },
      req.params.access,
      req.body,
    );
  });
}
