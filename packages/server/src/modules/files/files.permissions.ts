import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { isServerCode, writeSdkPermission } from '../security/index.js';
import { splitUserPath } from '../../storage/index.js';

/** Parts before the file path: app id, API key, `files`, `permissions`, GRANT|DENY. */
const PREFIX = 5;

/**
 * The path of a permission URL. The SDK sends it `encodeURIComponent`-ed as one segment (so its
 * slashes arrive as `%2F`); each segment is decoded once, then checked like every app path.
 */
function permissionPath(req: FastifyRequest): string {
  const tail = (req.raw.url ?? req.url)
    .split('?')[0]
    .split('/')
    .filter((p) => p !== '')
    .slice(PREFIX);
  try {
    return splitUserPath(
      tail
        .map((p) => decodeURIComponent(p))
        .join('/')
        .replace(/^\/+/, ''),
    ).join('/');
  } catch (err) {
    throw new ApiError('BAD_REQUEST', `Not a valid file path: ${err instanceof Error ? err.message : 'malformed'}`);
  }
}

/**
 * `Files.Permissions.{READ|WRITE|DELETE}.grant…/deny…(…, path)` of the app SDK:
 * `PUT /{appId}/{apiKey}/files/permissions/{GRANT|DENY}/{encodeURIComponent(path)}`, stored as the
 * path's rules (the ones the console's Files permissions edit; a rule on a folder covers its
 * content). Files have no owner, so only server code (the BL key's ServerCodeUser) may change them:
 * a client able to grant itself access would make every file rule moot.
 */
export function registerFilePermissionRoutes(app: FastifyInstance, ctx: ServerContext, base: string): void {
  app.put<{ Params: { access: string } }>(
    `${base}/permissions/:access/*`,
    async (req: FastifyRequest<{ Params: { access: string } }>) => {
      const caller = await authenticateApp(ctx, req);
      if (!isServerCode(caller)) throw new ApiError('FORBIDDEN', 'Only server code may change file permissions');
      const path = permissionPath(req);
      if (!path) throw new ApiError('BAD_REQUEST', 'Give the path of the file or folder');
      return writeSdkPermission(
        ctx,
        caller,
        { service: 'files', item: path, objectId: '' },
        req.params.access,
        req.body,
      );
    },
  );
}
