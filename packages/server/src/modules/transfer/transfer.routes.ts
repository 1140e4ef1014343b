import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DevOperations, Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { assertOperation } from '../../http/dev-access.js';
import { handle } from '../../http/route.js';
import { appImport } from '../lifecycle/index.js';
import type { CsvImportService } from './csv-import.service.js';
import { FirebaseUsersImport } from './firebase-users.service.js';
import { AirtableImport } from './airtable-import.service.js';
import type { ImportStepsService } from './import-steps.service.js';

const r = Routes.transfer;

/**
 * The transfer routes: CSV import of records, import of an app export (type `app`, run by the
 * lifecycle module), and 501 for the kinds of transfer not built yet. Whole-app export routes are
 * the lifecycle module's.
 */
export async function registerTransferRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  imports: CsvImportService,
): Promise<void> {
  // The console may post the file itself (`Content-Type: text/csv`) instead of wrapping it in JSON.
  if (!app.hasContentTypeParser('text/csv')) {
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  }
  // An app export ZIP comes as the raw body: in a scope of its own, its stream kept aside.
  const zips = new WeakMap<FastifyRequest, Readable>();
  await app.register(async (scope) => {
    appImport.acceptZipStreams(scope, zips);
    registerStartImport(scope, ctx, imports, zips);
  });

  const firebase = new FirebaseUsersImport(ctx);
  handle(app, ctx, r.importFirebaseUsers, ({ params, body }) => firebase.run(params.appId, body));

  // Airtable bases, read through the outbound guard, imported by a job of the scheduler (decision 0061).
  const airtable = new AirtableImport(ctx);
  airtable.register();
  handle(app, ctx, r.getAirtableBasesList, ({ query }) => airtable.bases(query.accessToken));
  handle(app, ctx, r.getAirtableTablesList, ({ params, query }) =>
    airtable.tables(params.appId, query.accessToken, params.baseId),
  );
  handle(app, ctx, r.startAirtableImport, ({ params, body }) => airtable.start(params.appId, body));
  handle(app, ctx, r.listTransferJobs, ({ params }) => airtable.list(params.appId));
  handle(app, ctx, r.getTransferJob, ({ params }) => airtable.get(params.appId, params.jobId));
}

/** `POST /{appId}/console/import/data/{step}`: one step of the multi-step CSV import (decision 0069). */
export function registerImportStepsRoute(app: FastifyInstance, ctx: ServerContext, steps: ImportStepsService): void {
  handle(app, ctx, r.importDataServiceFiles, async ({ params, body, developer, req }) => {
    const answer = await steps.step(params.appId, developer.id, params.step, body ?? {});
    // The run may create the table and columns: one entry; the rows get theirs when the job commits.
    if (answer.step === 'run') {
      ctx.bus.emit('console.changed', {
        appId: params.appId,
        developerId: developer.id,
        action: 'transfer.importDataServiceFiles',
        target: answer.table,
        summary: `Started the import of ${answer.fileName} into ${answer.table}`,
        origin: req,
      });
    } else ctx.bus.emit('console.unchanged', { origin: req });
    return answer;
  });
}

function registerStartImport(
  app: FastifyInstance,
  ctx: ServerContext,
  imports: CsvImportService,
  zips: WeakMap<FastifyRequest, Readable>,
): void {
  handle(app, ctx, r.startImport, async ({ params, query, body, developer, req, access }) => {
    if (params.type.toLowerCase() === 'app') {
      assertOperation(access, DevOperations.IMPORT);
      const url = typeof body === 'object' && body !== null ? body.url : undefined;
      return appImport.start(ctx, req, zips, {
        appId: params.appId,
        developerId: developer.id,
        url,
        replace: query.replace === true,
      });
    }
    if (params.type.toLowerCase() !== 'csv') {
      throw ApiError.notAvailableYet(
        `Import of '${params.type.slice(0, 40)}' files (CSV import of records is: POST /${params.appId}/console/import/csv?table=<name>)`,
      );
    }
    if (!query.table)
      throw ApiError.field('BAD_REQUEST', 'table', "The query parameter 'table' is required: the table the rows go to");
    const json = typeof body === 'object' && body !== null ? body : undefined;
    const csv = json ? json.csv : body;
    if (typeof csv !== 'string')
      throw ApiError.field(
        'BAD_REQUEST',
        'csv',
        'The body must be JSON {csv, mapping?, hasHeader?} or CSV text (Content-Type: text/csv)',
      );
    const result = await imports.importCsv(params.appId, {
      table: query.table,
      csv,
      mapping: json?.mapping,
      hasHeader: json?.hasHeader ?? query.hasHeader ?? true,
      delimiter: json?.delimiter ?? query.delimiter ?? ',',
      dryRun: query.dryRun ?? false,
      skipInvalid: query.skipInvalid ?? false,
      createColumns: query.createColumns ?? false,
      firstLine: query.firstLine,
    });
    // The audit log gets one entry per import (its chunks add up in it); dry runs get none.
    if (result.dryRun) {
      ctx.bus.emit('console.unchanged', { origin: req });
    } else {
      ctx.bus.emit('import.written', {
        appId: params.appId,
        developerId: developer.id,
        table: result.table,
        rows: result.rowsWritten,
        firstLine: query.firstLine,
        createdColumns: result.createdColumns,
        origin: req,
      });
    }
    return result;
  });
}
