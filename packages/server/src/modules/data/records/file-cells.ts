import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { ApiError } from '../../../http/api-error.js';
import { createStorage, isStorageError, type StorageError } from '../../../storage/index.js';
import type { DataArea } from '../data-area.js';
import type { TableMeta } from '../schema/app-schema.js';
import { assertObjectId } from './record-input.js';
import type { RecordsService } from './records.service.js';

const r = Routes.tables;

/** Uploaded cell files live in the app's file store under this folder. */
const FOLDER = 'data';

function storageError(err: StorageError): ApiError {
  const code = ({ invalid: 'BAD_REQUEST', outside: 'FORBIDDEN', 'not-found': 'NOT_FOUND', exists: 'CONFLICT', conflict: 'CONFLICT', 'too-large': 'PAYLOAD_TOO_LARGE' } as const)[err.kind];
  return new ApiError(code, err.message);
}

/** A file name safe as one path part: its last segment, unusual characters replaced. */
function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^\.+/, '').trim().slice(0, 120);
  return clean || 'file';
}

/**
 * FILE_REF cells: an upload (multipart) is stored in the app's files under
 * `data/<table>/<objectId>/<column>/<name>` and the cell keeps that path; a plain string sets the
 * path as given. Deleting the cell removes a file stored that way and clears the cell.
 */
export async function registerFileCellRoutes(app: FastifyInstance, ctx: ServerContext, area: DataArea, records: RecordsService): Promise<void> {
  const storage = createStorage(ctx.config);

  async function cell(appId: string, tableName: string, columnName: string, objectId: string): Promise<{ table: TableMeta; current: unknown }> {
    const { table } = await area.table(appId, tableName);
    const column = table.columns.find((c) => c.name === columnName);
    if (!column) throw ApiError.notFound(`Column '${columnName.slice(0, 80)}' does not exist in table '${table.name}'`);
    if (column.dataType !== 'FILE_REF') throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}' is not a FILE_REF column`);
    const record = await records.read(appId, table, objectId);
    if (!record) throw ApiError.notFound(`Record '${objectId}' does not exist in table '${table.name}'`);
    return { table, current: record[column.name] };
  }

  /**
   * Removes the file this cell uploaded. Only a value of exactly the shape an upload gives this
   * cell is touched: a path typed in by hand is never taken as something to delete.
   */
  async function forget(appId: string, table: TableMeta, column: string, objectId: string, value: unknown): Promise<void> {
    const prefix = `${FOLDER}/${table.name}/${objectId}/${column}/`;
    if (typeof value !== 'string' || !value.startsWith(prefix)) return;
    const name = value.slice(prefix.length);
    if (name !== safeFileName(name)) return;
    try {
      await storage.forApp(appId).remove(value);
    } catch (err) {
      if (!isStorageError(err) || err.kind !== 'not-found') throw err;
    }
  }

  async function upload(req: FastifyRequest, appId: string, table: TableMeta, column: string, objectId: string): Promise<string> {
    const file = await req.file();
    if (!file) throw ApiError.badRequest('Send the file as multipart/form-data');
    const path = `${FOLDER}/${table.name}/${objectId}/${column}/${safeFileName(file.filename)}`;
    try {
      await storage.forApp(appId).write(path, file.file, { limit: ctx.config.uploadLimit, overwrite: true });
    } catch (err) {
      throw isStorageError(err) ? storageError(err) : err;
    }
    return path;
  }

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ctx.config.uploadLimit + 1, fields: 10, parts: 20 } });
    handle(scope, ctx, r.updateImageTypeRecord, async ({ req, params, body }) => {
      const objectId = assertObjectId(params.objectId);
      const { table, current } = await cell(params.appId, params.tableName, params.columnName, objectId);
      let value: string;
      if (req.isMultipart()) value = await upload(req, params.appId, table, params.columnName, objectId);
      else if (typeof body === 'string') value = body;
      else if (body && typeof body === 'object' && typeof (body as { value?: unknown }).value === 'string') value = (body as { value: string }).value;
      else throw ApiError.badRequest('Send a file (multipart/form-data) or the file path as text');
      if (current !== value) await forget(params.appId, table, params.columnName, objectId, current);
      return records.update(params.appId, table.name, objectId, { [params.columnName]: value });
    });
    handle(scope, ctx, r.deleteImageTypeRecord, async ({ params }) => {
      const objectId = assertObjectId(params.recordId);
      const { table, current } = await cell(params.appId, params.tableName, params.columnName, objectId);
      await forget(params.appId, table, params.columnName, objectId, current);
      return records.update(params.appId, table.name, objectId, { [params.columnName]: null });
    });
  });
}
