import {
  CSV_IMPORT_MAX_REJECTED,
  Routes,
  type AppExport,
  type AppPart,
  type ProcessStarted,
  type CsvImportBody,
  type DataImportStepBody,
  type CsvImportJob,
  type CsvImportJobListQuery,
  type CsvImportJobOptions,
  type CsvImportQuery,
  type CsvImportResult,
  type AirtableBases,
  type AirtableTables,
  type FirebaseImportBody,
  type TransferJob,
  type FirebaseImportResult,
  type ResponseOf,
} from '@basalt/shared';
import type { Query } from '../transport/encode.js';
import type { GroupContext } from './group-context.js';
import { splitCsv, type CsvChunkOptions } from './csv-chunks.js';

export { splitCsv, type CsvChunk, type CsvChunkOptions } from './csv-chunks.js';

const r = Routes.transfer;

/** What `importCsvInChunks` takes besides the text. */
export interface CsvChunkedImport
  extends CsvChunkOptions, Omit<CsvImportQuery, 'firstLine' | 'hasHeader' | 'delimiter'> {
  table: string;
  mapping?: CsvImportBody['mapping'];
  delimiter?: CsvImportBody['delimiter'];
  /** Called after each chunk with the totals so far. */
  onProgress?(progress: CsvImportProgress): void;
}

/** Progress of a chunked import. */
export interface CsvImportProgress {
  chunk: number;
  chunks: number;
  rowsDone: number;
  rowsTotal: number;
  /** Totals of the chunks answered so far. */
  result: CsvImportResult;
}

function merge(total: CsvImportResult, part: CsvImportResult): CsvImportResult {
  return {
    ...total,
    table: part.table,
    rowsRead: total.rowsRead + part.rowsRead,
    rowsValid: total.rowsValid + part.rowsValid,
    rowsWritten: total.rowsWritten + part.rowsWritten,
    rejected: [...total.rejected, ...part.rejected].slice(0, CSV_IMPORT_MAX_REJECTED),
    rejectedTotal: total.rejectedTotal + part.rejectedTotal,
    ignoredColumns: total.ignoredColumns.length ? total.ignoredColumns : part.ignoredColumns,
    createdColumns: [...new Set([...total.createdColumns, ...part.createdColumns])],
  };
}

/**
 * Moving data in and out of an app (`transfer` group of the reference client). CSV import of
 * records, Firebase users and Airtable bases work; whole-app export and the multi-step data import
 * answer 501 on this server.
 */
export function createTransferGroup({ request }: GroupContext) {
  const group = {
    /** Exports of the whole app, newest first, each with its download once finished. */
    getExportedData(appId: string): Promise<AppExport[]> {
      return request.route(r.getExportedData, [appId]);
    },

    /** Starts an export of the whole app as a ZIP (chosen `parts`, default all); answers its process. */
    startExport(appId: string, data?: { parts?: AppPart[]; [key: string]: unknown }): Promise<ProcessStarted> {
      return request.route(r.startExport, [appId], { body: data });
    },

    /** Basalt addition: the ZIP of a finished export, as a Blob. */
    downloadExport(appId: string, processId: string): Promise<Blob> {
      return request.send<Blob>(
        request.routeSpec(r.downloadExport, [appId, encodeURIComponent(processId)], { responseType: 'blob' }),
      );
    },

    /**
     * Starts an import of kind `type`. For `csv`: `data` is `{csv, mapping?, hasHeader?, delimiter?}`
     * or the CSV text itself (sent as `text/csv`), `query` names the `table` and may ask a `dryRun`
     * (writes nothing, lists every row that would fail), `skipInvalid` (write the valid rows even when
     * some are rejected; without it any rejected row refuses the whole request with a 400 whose
     * `body.details` is the report), `createColumns` and `firstLine`. Answers the import report.
     * For `app`: `data` is an app export ZIP (Blob or bytes, sent raw) or `{url}`; `query.replace`
     * lets it replace an app that has tables. Answers `{processId}`.
     */
    startImport<T extends string>(
      appId: string,
      data: CsvImportBody | string | Record<string, unknown> | Blob | Uint8Array,
      type: T,
      query?: CsvImportQuery | Query,
    ): Promise<T extends 'app' ? ProcessStarted : CsvImportResult> {
      const raw = typeof data === 'string';
      const zip = typeof Blob !== 'undefined' && data instanceof Blob ? true : data instanceof Uint8Array;
      const answer = request.route(r.startImport, [appId, encodeURIComponent(type)], {
        body: data,
        query: query as Query | undefined,
        ...(raw && type === 'csv' ? { contentType: 'text/csv; charset=utf-8' } : {}),
        ...(zip ? { contentType: 'application/zip' } : {}),
      });
      // The contract answers either shape; the type of import says which.
      return answer as Promise<T extends 'app' ? ProcessStarted : CsvImportResult>;
    },

    /**
     * Stores a CSV file for a server-side import job (decision 0041) and answers the job in state
     * `uploaded`. `file` is sent as it is (a browser `File`/`Blob` is streamed from disk, never
     * read into memory), as `application/octet-stream`.
     */
    uploadCsvImportFile(
      appId: string,
      table: string,
      file: Blob | Uint8Array | string,
      fileName?: string,
    ): Promise<CsvImportJob> {
      return request.route(r.uploadCsvImportFile, [appId], {
        body: file,
        query: { table, ...(fileName ? { fileName } : {}) },
        contentType: 'application/octet-stream',
      });
    },

    /** The unfinished import jobs of the app (and the last finished ones), newest first. */
    listCsvImportJobs(appId: string, query: CsvImportJobListQuery = {}): Promise<CsvImportJob[]> {
      return request.route(r.listCsvImportJobs, [appId], { query: query as Query });
    },

    /** One import job with its progress. */
    getCsvImportJob(appId: string, jobId: string): Promise<CsvImportJob> {
      return request.route(r.getCsvImportJob, [appId, encodeURIComponent(jobId)]);
    },

    /** Checks every row of an uploaded file (any number of rows) and writes nothing. */
    dryRunCsvImportJob(appId: string, jobId: string, options: CsvImportJobOptions = {}): Promise<CsvImportResult> {
      return request.route(r.dryRunCsvImportJob, [appId, encodeURIComponent(jobId)], { body: options });
    },

    /** Starts writing an uploaded file on the server, in batches; follow it with `getCsvImportJob`. */
    startCsvImportJob(appId: string, jobId: string, options: CsvImportJobOptions = {}): Promise<CsvImportJob> {
      return request.route(r.startCsvImportJob, [appId, encodeURIComponent(jobId)], { body: options });
    },

    /** Goes on with an interrupted import job after its last committed batch. */
    resumeCsvImportJob(appId: string, jobId: string): Promise<CsvImportJob> {
      return request.route(r.resumeCsvImportJob, [appId, encodeURIComponent(jobId)]);
    },

    /** Stops an unfinished import job and deletes exactly the rows it wrote. */
    rollBackCsvImportJob(appId: string, jobId: string): Promise<CsvImportJob> {
      return request.route(r.rollBackCsvImportJob, [appId, encodeURIComponent(jobId)]);
    },

    /**
     * One step of the multi-step CSV import of records: `upload` `{table, content, fileName?,
     * delimiter?}` answers the import id, the columns (matched or new with a detected type) and the
     * first rows; `preview` `{importId, columns?}` checks every row and writes nothing; `run`
     * `{importId, columns?, skipInvalid?}` creates the table and new columns and starts the job;
     * `status` `{importId}` answers its progress. An unknown step is refused with 400.
     */
    importDataServiceFiles(
      appId: string,
      data: DataImportStepBody | Record<string, unknown>,
      step: string | number,
    ): Promise<ResponseOf<typeof r.importDataServiceFiles>> {
      return request.route(r.importDataServiceFiles, [appId, encodeURIComponent(String(step))], {
        body: data as DataImportStepBody,
      });
    },

    /**
     * Creates app users from Firebase Auth's users export: `data` is `{users, hashConfig}` where
     * `users` is the export's JSON (or its `users` array) and `hashConfig` the project's password
     * hash parameters (object or the text the Firebase console shows). Their passwords are checked
     * with Firebase scrypt at their first login. Answers `{imported, withoutPassword, skipped}`.
     */
    importFirebaseUsers(appId: string, data: FirebaseImportBody): Promise<FirebaseImportResult> {
      return request.route(r.importFirebaseUsers, [appId], { body: data });
    },

    /** The Airtable bases an access token reaches. */
    getAirtableBasesList(appId: string, accessToken: string): Promise<AirtableBases> {
      return request.route(r.getAirtableBasesList, [appId], { query: { accessToken } });
    },

    /** The tables of an Airtable base, with the Basalt table and column types an import makes of them. */
    getAirtableTablesList(appId: string, accessToken: string, baseId: string): Promise<AirtableTables> {
      return request.route(r.getAirtableTablesList, [appId, encodeURIComponent(baseId)], { query: { accessToken } });
    },

    /**
     * Starts importing `tables` (Airtable table ids or names) of a base as a server job: it creates
     * the tables and columns and writes the records. Answers the TransferJob; follow it with
     * `getTransferJob`.
     */
    startAirtableImport(appId: string, accessToken: string, baseId: string, tables: string[]): Promise<TransferJob> {
      return request.route(r.startAirtableImport, [appId], { body: { accessToken, baseId, tables } });
    },

    /** The last transfer jobs (Airtable imports) of the app, newest first. */
    listTransferJobs(appId: string): Promise<TransferJob[]> {
      return request.route(r.listTransferJobs, [appId]);
    },

    /** One transfer job with its progress. */
    getTransferJob(appId: string, jobId: string): Promise<TransferJob> {
      return request.route(r.getTransferJob, [appId, encodeURIComponent(jobId)]);
    },

    /**
     * Imports (or dry-runs) a CSV text of any size as chunks of whole rows, each with the header
     * line, one request after the other, calling `onProgress` after each. Rejected rows carry the
     * line numbers of the whole text. Answers the totals. When a chunk is refused (a row is invalid
     * and `skipInvalid` is off, or a limit), the promise rejects with that error and the chunks
     * before it stay written: run it with `dryRun: true` first to learn about bad rows up front.
     */
    async importCsvInChunks(appId: string, csv: string, options: CsvChunkedImport): Promise<CsvImportResult> {
      const { rowsPerChunk, maxChars, hasHeader, mapping, delimiter, onProgress, ...query } = options;
      const chunks = splitCsv(csv, { rowsPerChunk, maxChars, hasHeader });
      const rowsTotal = chunks.reduce((n, c) => n + c.rows, 0);
      let result: CsvImportResult = {
        table: options.table,
        dryRun: options.dryRun ?? false,
        rowsRead: 0,
        rowsValid: 0,
        rowsWritten: 0,
        rejected: [],
        rejectedTotal: 0,
        ignoredColumns: [],
        createdColumns: [],
      };
      let rowsDone = 0;
      for (let i = 0; i < chunks.length; i++) {
        const { text, firstLine, rows } = chunks[i];
        const body: CsvImportBody = {
          csv: text,
          ...(mapping ? { mapping } : {}),
          ...(hasHeader === false ? { hasHeader } : {}),
          ...(delimiter ? { delimiter } : {}),
        };
        const { table, dryRun, skipInvalid, createColumns } = query;
        result = merge(
          result,
          await group.startImport(appId, body, 'csv', { table, dryRun, skipInvalid, createColumns, firstLine }),
        );
        rowsDone += rows;
        onProgress?.({ chunk: i + 1, chunks: chunks.length, rowsDone, rowsTotal, result });
      }
      return result;
    },
  };
  return group;
}

/** The `transfer` group's methods. */
export type TransferGroup = ReturnType<typeof createTransferGroup>;
