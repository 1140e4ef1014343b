import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { handle } from '../../http/route.js';
import type { ImportJobsService } from './import-jobs.service.js';

const r = Routes.transfer;

/** Content types an import file may be sent as; the body reaches the handler as a stream. */
const FILE_TYPES = ['application/octet-stream', 'text/csv'];

/** The routes of CSV import jobs (decision 0041). */
export async function registerImportJobRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  jobs: ImportJobsService,
): Promise<void> {
  // The upload is read as a stream: in a scope of its own, so other routes keep their parsers.
  await app.register(async (scope) => {
    for (const type of FILE_TYPES) {
      if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type);
      scope.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
    }
    handle(scope, ctx, r.uploadCsvImportFile, async ({ params, query, body: raw, developer, req }) => {
      // No body schema: the parser of this scope hands the request body over as a stream.
      const body = raw as Readable | undefined | null;
      if (body === undefined || body === null)
        throw ApiError.badRequest('The file is empty: it needs a header line naming the columns');
      if (typeof (body as Readable).pipe !== 'function') {
        throw ApiError.badRequest(`Send the file itself as the body, with Content-Type ${FILE_TYPES.join(' or ')}`);
      }
      const fileName = query.fileName ?? `${query.table}.csv`;
      const job = await jobs.upload(
        params.appId,
        developer.id,
        query.table,
        fileName,
        body,
        Number(req.headers['content-length']) || 0,
      );
      // The audit log gets one entry per import, when it commits (or is rolled back).
      ctx.bus.emit('console.unchanged', { origin: req });
      return job;
    });
  });

  handle(app, ctx, r.listCsvImportJobs, ({ params, query }) => jobs.list(params.appId, query.table));
  handle(app, ctx, r.getCsvImportJob, ({ params }) => jobs.get(params.appId, params.jobId));
  handle(app, ctx, r.dryRunCsvImportJob, async ({ params, body, req }) => {
    const result = await jobs.dryRun(params.appId, params.jobId, body ?? {});
    ctx.bus.emit('console.unchanged', { origin: req });
    return result;
  });
  handle(app, ctx, r.startCsvImportJob, async ({ params, body, req }) => {
    const job = await jobs.start(params.appId, params.jobId, body ?? {});
    ctx.bus.emit('console.unchanged', { origin: req });
    return job;
  });
  handle(app, ctx, r.resumeCsvImportJob, async ({ params, req }) => {
    const job = await jobs.resume(params.appId, params.jobId);
    ctx.bus.emit('console.unchanged', { origin: req });
    return job;
  });
  handle(app, ctx, r.rollBackCsvImportJob, async ({ params, developer, req }) => {
    const before = await jobs.get(params.appId, params.jobId);
    const job = await jobs.rollBack(params.appId, params.jobId);
    const rows = `${before.rowsWritten.toLocaleString('en-US')} row${before.rowsWritten === 1 ? '' : 's'}`;
    ctx.bus.emit('console.changed', {
      appId: params.appId,
      developerId: developer.id,
      action: 'transfer.rollBackCsvImport',
      target: job.table,
      summary: `Rolled back the import of ${job.fileName} into ${job.table} (${rows} removed)`,
      origin: req,
    });
    return job;
  });
}
