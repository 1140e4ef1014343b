import { Readable } from 'node:stream';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { createStorage, isStorageError, splitUserPath } from '../../../storage/index.js';
import { FilesService } from '../../files/index.js';
import { appCallerAccess } from '../../files/files.access.js';
import { toApiError } from '../../files/files.http.js';
import { checkFilePermission } from '../../security/index.js';
import { text, type Args } from './args.js';
import type { OpFn } from './data.ops.js';

/** Largest text `files.readText` answers. */
const MAX_READ_BYTES = 5 * 1024 * 1024;

/** A path as the code names it (`/docs/a.txt` or `docs/a.txt`), checked by the storage rules. */
function pathOf(a: Args, op: string): string {
  const raw = text(a, 'path', op).replace(/^\/+/, '');
  try {
    return splitUserPath(raw).join('/');
  } catch (err) {
    throw isStorageError(err) ? toApiError(err) : err;
  }
}

async function storageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isStorageError(err) ? toApiError(err) : err;
  }
}

/** Files, with the caller's file permissions. */
export function filesOps(ctx: ServerContext): Record<string, OpFn> {
  const files = new FilesService(ctx, createStorage(ctx.config));
  return {
    'files.saveText': (p, a) =>
      storageErrors(async () => {
        const path = pathOf(a, 'files.saveText');
        const content = typeof a.content === 'string' ? a.content : String(a.content ?? '');
        await checkFilePermission(ctx, p, path, 'Write');
        const entry = await files.upload(p.appId, path, Readable.from([Buffer.from(content, 'utf8')]), !!a.overwrite);
        return { path: entry.path, size: entry.size };
      }),
    'files.readText': (p, a) =>
      storageErrors(async () => {
        const path = pathOf(a, 'files.readText');
        await checkFilePermission(ctx, p, path, 'Read');
        const { entry, stream } = await files.read(p.appId, path);
        if (entry.size > MAX_READ_BYTES) {
          stream.destroy();
          throw ApiError.tooLarge(`files.readText reads at most ${MAX_READ_BYTES} bytes`);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      }),
    'files.exists': (p, a) =>
      storageErrors(async () => {
        const path = pathOf(a, 'files.exists');
        await checkFilePermission(ctx, p, path, 'Read');
        return files.exists(p.appId, path);
      }),
    'files.remove': (p, a) =>
      storageErrors(async () => {
        await files.remove(p.appId, pathOf(a, 'files.remove'), appCallerAccess(ctx, p));
        return null;
      }),
    'files.list': (p, a) =>
      storageErrors(async () => {
        const path = typeof a.path === 'string' ? a.path.replace(/^\/+/, '') : '';
        const dir = path ? splitUserPath(path).join('/') : '';
        await checkFilePermission(ctx, p, dir, 'Read');
        return files.list(p.appId, dir, {
          pattern: typeof a.pattern === 'string' ? a.pattern : undefined,
          sub: !!a.recursive,
          ...(typeof a.pageSize === 'number' ? { pageSize: a.pageSize } : {}),
          ...(typeof a.offset === 'number' ? { offset: a.offset } : {}),
        });
      }),
  };
}
