import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { AppExportSchema, AppPartsSchema, ProcessStartedSchema } from '../lifecycle.js';

/** Largest CSV text one import request takes (bytes, UTF-8). Larger files go in chunks. */
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows one import request takes. */
export const CSV_IMPORT_MAX_ROWS = 50_000;
/** Most cells a CSV line may have. */
export const CSV_IMPORT_MAX_COLUMNS = 200;
/** Most rejected rows listed in one answer; `rejectedTotal` counts them all. */
export const CSV_IMPORT_MAX_REJECTED = 1000;

/**
 * JSON body of a CSV import (null is listed first in the mapping's union so that schema coercion
 * keeps it null instead of turning it into empty text). `mapping` sends a CSV header (or, without a header line, a 1-based
 * cell position such as `"3"`) to a column name, or to `null` to leave that CSV column out; headers
 * not in the mapping go to the column of the same name.
 */
export const CsvImportBodySchema = Type.Object({
  csv: Type.String({ maxLength: CSV_IMPORT_MAX_BYTES }),
  mapping: Type.Optional(
    Type.Record(Type.String({ maxLength: 500 }), Type.Union([Type.Null(), Type.String({ maxLength: 64 })])),
  ),
  /** The first line names the columns (default true). */
  hasHeader: Type.Optional(Type.Boolean()),
  /** Cell separator: `,` (default), `;`, tab or `|`. */
  delimiter: Type.Optional(Type.Union([Type.Literal(','), Type.Literal(';'), Type.Literal('\t'), Type.Literal('|')])),
});
export type CsvImportBody = Static<typeof CsvImportBodySchema>;

/** Query of a CSV import. Booleans travel as `true`/`false` text. */
export const CsvImportQuerySchema = Type.Object({
  /** Table the rows go to (required for `csv`). */
  table: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Validate only: nothing is written (default false). */
  dryRun: Type.Optional(Type.Boolean()),
  /** Write the valid rows even when some are rejected (default false: any rejected row refuses the request). */
  skipInvalid: Type.Optional(Type.Boolean()),
  /** Headers that match no column become new STRING columns (default false: they are ignored). */
  createColumns: Type.Optional(Type.Boolean()),
  /**
   * Line number, in the whole file, of this request's first data line (default 2 with a header,
   * 1 without), so rejected rows of a chunk carry the line numbers of the file.
   */
  firstLine: Type.Optional(Type.Integer({ minimum: 1 })),
  /** For a raw `text/csv` body: the first line names the columns (default true). */
  hasHeader: Type.Optional(Type.Boolean()),
  /** For a raw `text/csv` body: the cell separator. */
  delimiter: Type.Optional(Type.Union([Type.Literal(','), Type.Literal(';'), Type.Literal('\t'), Type.Literal('|')])),
});
export type CsvImportQuery = Static<typeof CsvImportQuerySchema>;

/** One row an import refused, and why. */
export const CsvRejectedRowSchema = Type.Object({
  /** 1-based line of the file where the row starts. */
  row: Type.Integer(),
  /** Column the problem is about, when it is about one. */
  column: Type.Optional(Type.String()),
  message: Type.String(),
});
export type CsvRejectedRow = Static<typeof CsvRejectedRowSchema>;

/**
 * Answer of a CSV import (also the `details` of the 400 that refuses a real import with rejected
 * rows and no `skipInvalid`; there `rowsWritten` is 0).
 */
export const CsvImportResultSchema = Type.Object({
  table: Type.String(),
  dryRun: Type.Boolean(),
  /** Data rows in the request (blank lines not counted). */
  rowsRead: Type.Integer(),
  /** Rows that pass every check. */
  rowsValid: Type.Integer(),
  /** Rows written by this request (0 on a dry run). */
  rowsWritten: Type.Integer(),
  /** The first 1000 rejected rows, in file order. */
  rejected: Type.Array(CsvRejectedRowSchema),
  /** Every rejected row, also those past the listed 1000. */
  rejectedTotal: Type.Integer(),
  /** CSV headers that go to no column (no such column, mapped to null, or managed by the system). */
  ignoredColumns: Type.Array(Type.String()),
  /** Columns the import created (`createColumns=true`), or would create on a dry run. */
  createdColumns: Type.Array(Type.String()),
});
export type CsvImportResult = Static<typeof CsvImportResultSchema>;

/** Largest file an import job takes (bytes, UTF-8): it is streamed to storage, never held whole. */
export const CSV_IMPORT_JOB_MAX_BYTES = 200 * 1024 * 1024;

/** Query of a file upload for an import job. */
export const CsvImportUploadQuerySchema = Type.Object({
  /** Table the rows will go to. */
  table: Type.String({ minLength: 1, maxLength: 64 }),
  /** The file's name, shown in the task tray and the audit log. */
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
export type CsvImportUploadQuery = Static<typeof CsvImportUploadQuerySchema>;

/** How an uploaded file is read: the same fields as a one-request import, without the text. */
export const CsvImportJobOptionsSchema = Type.Object({
  mapping: Type.Optional(CsvImportBodySchema.properties.mapping),
  hasHeader: Type.Optional(Type.Boolean()),
  delimiter: CsvImportBodySchema.properties.delimiter,
  /** Write the valid rows even when some are rejected (default false: a rejected row fails the job and rolls it back). */
  skipInvalid: Type.Optional(Type.Boolean()),
  /** Headers that match no column become new STRING columns (default false). */
  createColumns: Type.Optional(Type.Boolean()),
});
export type CsvImportJobOptions = Static<typeof CsvImportJobOptionsSchema>;

/** Query of the list of import jobs. */
export const CsvImportJobListQuerySchema = Type.Object({
  /** Only the jobs of this table. */
  table: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type CsvImportJobListQuery = Static<typeof CsvImportJobListQuerySchema>;

/**
 * Where an import job is: `uploaded` (file stored, not started), `queued`, `running`,
 * `interrupted` (stopped before it committed: a server restart; Resume or Roll back),
 * `rolling-back`, and the ends `committed`, `rolled-back`, `failed` (its rows were removed).
 */
export type CsvImportJobState =
  'uploaded' | 'queued' | 'running' | 'interrupted' | 'rolling-back' | 'committed' | 'rolled-back' | 'failed';

/** An import job as the console shows it (decision 0041). */
export const CsvImportJobSchema = Type.Object({
  id: Type.String(),
  table: Type.String(),
  fileName: Type.String(),
  bytes: Type.Integer(),
  state: Type.Union([
    Type.Literal('uploaded'),
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('interrupted'),
    Type.Literal('rolling-back'),
    Type.Literal('committed'),
    Type.Literal('rolled-back'),
    Type.Literal('failed'),
  ]),
  /** Data rows of the file, once counted (by the dry run or the job's first run). */
  rowsTotal: Type.Union([Type.Null(), Type.Integer()]),
  /** Rows handled by committed batches (written or rejected). */
  rowsDone: Type.Integer(),
  /** Rows written so far (marked with the job until it commits). */
  rowsWritten: Type.Integer(),
  rejectedTotal: Type.Integer(),
  /** The first 1000 rejected rows, in file order. */
  rejected: Type.Array(CsvRejectedRowSchema),
  createdColumns: Type.Array(Type.String()),
  /** Why the job failed or stopped. */
  error: Type.Union([Type.Null(), Type.String()]),
  created: Type.Number(),
  updated: Type.Number(),
  canResume: Type.Boolean(),
  canRollBack: Type.Boolean(),
});
export type CsvImportJob = Static<typeof CsvImportJobSchema>;

/** One CSV column of a multi-step data import: where it goes and as what type. */
export const DataImportColumnSchema = Type.Object({
  /** The header of the CSV column. */
  header: Type.String(),
  /** The table column it goes to, or null: left out. */
  column: Type.Union([Type.String(), Type.Null()]),
  /** The column's type: the existing column's, or the one the new column gets. */
  type: Type.String(),
  /** Whether the table already has this column (else the run creates it). */
  exists: Type.Boolean(),
});
export type DataImportColumn = Static<typeof DataImportColumnSchema>;

/**
 * The body of one step of `importDataServiceFiles` (decision 0069). `upload`: `{table, content,
 * fileName?, delimiter?}` (the CSV text with its header line); `preview`: `{importId, columns?}`
 * (the mapping: header → column or null, and the type of each new column); `run`: `{importId,
 * columns?, skipInvalid?}`; `status`: `{importId}`.
 */
export const DataImportStepBodySchema = Type.Object(
  {
    importId: Type.Optional(Type.String({ maxLength: 64 })),
    table: Type.Optional(Type.String({ maxLength: 200 })),
    fileName: Type.Optional(Type.String({ maxLength: 300 })),
    content: Type.Optional(Type.String()),
    delimiter: CsvImportBodySchema.properties.delimiter,
    columns: Type.Optional(
      Type.Array(
        Type.Object({
          header: Type.String({ maxLength: 500 }),
          column: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
          type: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        { maxItems: 200 },
      ),
    ),
    skipInvalid: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type DataImportStepBody = Static<typeof DataImportStepBodySchema>;

/** What every step of a multi-step data import answers: the import as it stands. */
export const DataImportStepSchema = Type.Object({
  importId: Type.String(),
  step: Type.String(),
  table: Type.String(),
  /** The table does not exist yet: the run creates it. */
  newTable: Type.Boolean(),
  fileName: Type.String(),
  bytes: Type.Integer(),
  /** Data rows of the file (known after upload). */
  rowsTotal: Type.Union([Type.Integer(), Type.Null()]),
  columns: Type.Array(DataImportColumnSchema),
  /** `upload`: the first data rows, cells in header order. */
  preview: Type.Optional(Type.Array(Type.Array(Type.Union([Type.String(), Type.Null()])))),
  /** `preview`: every row checked, nothing written. */
  check: Type.Optional(CsvImportResultSchema),
  /** `run` and `status`: the import job writing the rows. */
  job: Type.Optional(CsvImportJobSchema),
  /** `run` and `status`: rows done of rows total, 0 to 100. */
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type DataImportStep = Static<typeof DataImportStepSchema>;

/** Most users one Firebase import request takes (an export of more goes in several requests). */
export const FIREBASE_IMPORT_MAX_USERS = 10_000;

/**
 * The project's password hash parameters as the Firebase console shows them (Authentication ›
 * Users › Password hash parameters). Numbers may come as text. The whole block may also be sent
 * as the text the console shows (`hash_config { algorithm: SCRYPT, base64_signer_key: … }`).
 */
export const FirebaseHashConfigSchema = Type.Object({
  algorithm: Type.String({ maxLength: 40 }),
  base64_signer_key: Type.String({ maxLength: 1000 }),
  base64_salt_separator: Type.String({ maxLength: 100 }),
  rounds: Type.Union([Type.Integer(), Type.String({ maxLength: 10 })]),
  mem_cost: Type.Union([Type.Integer(), Type.String({ maxLength: 10 })]),
});
export type FirebaseHashConfig = Static<typeof FirebaseHashConfigSchema>;

/** One user of Firebase Auth's users export (`firebase auth:export users.json`); other fields are ignored. */
export const FirebaseUserSchema = Type.Object(
  {
    localId: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    emailVerified: Type.Optional(Type.Boolean()),
    passwordHash: Type.Optional(Type.String({ maxLength: 1000 })),
    salt: Type.Optional(Type.String({ maxLength: 200 })),
    displayName: Type.Optional(Type.String({ maxLength: 500 })),
    phoneNumber: Type.Optional(Type.String({ maxLength: 50 })),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type FirebaseUser = Static<typeof FirebaseUserSchema>;

/**
 * Body of a Firebase users import: `users` is the export file's JSON (`{users: [...]}`) or its
 * `users` array; `hashConfig` the project's hash parameters (object or the text block).
 */
export const FirebaseImportBodySchema = Type.Object({
  users: Type.Union([
    Type.Array(FirebaseUserSchema, { maxItems: FIREBASE_IMPORT_MAX_USERS }),
    Type.Object(
      { users: Type.Array(FirebaseUserSchema, { maxItems: FIREBASE_IMPORT_MAX_USERS }) },
      { additionalProperties: true },
    ),
  ]),
  hashConfig: Type.Union([FirebaseHashConfigSchema, Type.String({ maxLength: 2000 })]),
});
export type FirebaseImportBody = Static<typeof FirebaseImportBodySchema>;

/**
 * Answer of a Firebase users import (it runs in the request). Users created get their Firebase
 * password hash kept sealed and checked at their first login, then replaced by Basalt's own hash
 * (decision 0061). `skipped` lists the users not created and why (no email, an email already
 * registered or repeated in the file, a hash that does not fit the parameters).
 */
export const FirebaseImportResultSchema = Type.Object({
  imported: Type.Integer(),
  /** Of the imported users, those without a password (federated sign-in only): they restore one. */
  withoutPassword: Type.Integer(),
  skipped: Type.Array(
    Type.Object({ localId: Type.String(), email: Type.Optional(Type.String()), reason: Type.String() }),
  ),
});
export type FirebaseImportResult = Static<typeof FirebaseImportResultSchema>;

/**
 * A server-side transfer job (an Airtable import): its progress by tables and rows. `state`:
 * `queued`, `running`, then `done` or `failed` (with `error`); a job whose server stopped while it
 * ran is `failed` too (the tables and rows written before stay).
 */
export const TransferJobSchema = Type.Object({
  id: Type.String(),
  kind: Type.Literal('airtable'),
  /** What is imported, for the task tray: "Airtable base appXXXX". */
  title: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  tablesTotal: Type.Integer(),
  tablesDone: Type.Integer(),
  /** Records written so far, all tables together. */
  rowsWritten: Type.Integer(),
  /** The table being imported now. */
  currentTable: Type.Union([Type.Null(), Type.String()]),
  /** Tables the job created, by their Basalt names. */
  createdTables: Type.Array(Type.String()),
  error: Type.Union([Type.Null(), Type.String()]),
  created: Type.Number(),
  updated: Type.Number(),
});
export type TransferJob = Static<typeof TransferJobSchema>;

/** Body of an Airtable import: the personal access token, the base, and the tables (ids or names). */
export const AirtableImportBodySchema = Type.Object({
  accessToken: Type.String({ minLength: 1, maxLength: 500 }),
  baseId: Type.String({ minLength: 1, maxLength: 100 }),
  tables: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 100 }),
});
export type AirtableImportBody = Static<typeof AirtableImportBodySchema>;

export const AirtableAccessQuerySchema = Type.Object({ accessToken: Type.String({ minLength: 1, maxLength: 500 }) });

/** The bases an Airtable token reaches. */
export const AirtableBasesSchema = Type.Object({
  bases: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type AirtableBases = Static<typeof AirtableBasesSchema>;

/** The tables of an Airtable base, with the Basalt table and column types an import would make. */
export const AirtableTablesSchema = Type.Object({
  tables: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      /** The Basalt table name the import would create. */
      tableName: Type.String(),
      fields: Type.Array(
        Type.Object({ name: Type.String(), type: Type.String(), columnName: Type.String(), dataType: Type.String() }),
      ),
    }),
  ),
});
export type AirtableTables = Static<typeof AirtableTablesSchema>;

const app = '/:appId/console';

/**
 * Moving data in and out of an application (`transfer` group of the reference client). CSV import
 * of records is built; whole-app export/import, Firebase, Airtable and multi-step data service files
 * answer 501.
 */
export const transferRoutes = {
  getExportedData: defineRoute({
    name: 'transfer.getExportedData',
    method: 'GET',
    path: `${app}/export`,
    auth: 'developer',
    response: Type.Array(AppExportSchema),
    summary: 'Exports of the whole application, newest first (unfinished ones and the last finished ones)',
  }),
  startExport: defineRoute({
    name: 'transfer.startExport',
    method: 'POST',
    path: `${app}/export`,
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    body: Type.Optional(Type.Union([Type.Null(), Type.Object({ parts: Type.Optional(AppPartsSchema) })])),
    response: ProcessStartedSchema,
    summary: 'Starts an export of the whole application as a ZIP (chosen parts, default all); answers its process',
  }),
  downloadExport: defineRoute({
    name: 'transfer.downloadExport',
    method: 'GET',
    path: `${app}/export/:processId/download`,
    auth: 'developer',
    response: Type.Unknown({ description: 'the app export (application/zip)' }),
    summary: 'Basalt addition: the ZIP of a finished export (Content-Disposition: attachment)',
  }),
  startImport: defineRoute({
    name: 'transfer.startImport',
    method: 'POST',
    path: `${app}/import/:type`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    query: Type.Composite([CsvImportQuerySchema, Type.Object({ replace: Type.Optional(Type.Boolean()) })]),
    // `csv` is optional at the edge so other import kinds reach their 501; the csv handler requires it.
    // Type `app` answers ProcessStarted; its raw ZIP body reaches the handler as a stream.
    response: Type.Union([CsvImportResultSchema, ProcessStartedSchema]),
    body: Type.Union([
      Type.Composite([
        Type.Partial(Type.Pick(CsvImportBodySchema, ['csv'])),
        Type.Omit(CsvImportBodySchema, ['csv']),
        Type.Object({ url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) }),
      ]),
      Type.String({ maxLength: CSV_IMPORT_MAX_BYTES }),
    ]),
    summary:
      'Type `csv`: imports records into `table` from `{csv, mapping?, hasHeader?, delimiter?}` or a raw text/csv body; ' +
      'answers CsvImportResult. A dry run writes nothing. Type `app`: imports an app export ZIP (raw application/zip ' +
      'body, or JSON `{url}`) into this app as a job and answers `{processId}`; an app with tables of its own is ' +
      'refused (409) unless `replace=true`. Other types: 501',
  }),
  uploadCsvImportFile: defineRoute({
    name: 'transfer.uploadCsvImportFile',
    method: 'POST',
    path: `${app}/import/csv/jobs`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    query: CsvImportUploadQuerySchema,
    response: CsvImportJobSchema,
    summary:
      'Stores a CSV file for an import job (raw body, application/octet-stream or text/csv, streamed); answers the CsvImportJob in state `uploaded`',
  }),
  listCsvImportJobs: defineRoute({
    name: 'transfer.listCsvImportJobs',
    method: 'GET',
    path: `${app}/import/csv/jobs`,
    auth: 'developer',
    query: CsvImportJobListQuerySchema,
    response: Type.Array(CsvImportJobSchema),
    summary: 'The unfinished CSV import jobs and the last finished ones, newest first',
  }),
  getCsvImportJob: defineRoute({
    name: 'transfer.getCsvImportJob',
    method: 'GET',
    path: `${app}/import/csv/jobs/:jobId`,
    auth: 'developer',
    response: CsvImportJobSchema,
    summary: 'One CSV import job with its progress',
  }),
  dryRunCsvImportJob: defineRoute({
    name: 'transfer.dryRunCsvImportJob',
    method: 'POST',
    path: `${app}/import/csv/jobs/:jobId/dry-run`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: CsvImportJobOptionsSchema,
    response: CsvImportResultSchema,
    summary:
      'Checks every row of an uploaded file, reading it as a stream (no row limit), and writes nothing; answers CsvImportResult',
  }),
  startCsvImportJob: defineRoute({
    name: 'transfer.startCsvImportJob',
    method: 'POST',
    path: `${app}/import/csv/jobs/:jobId/start`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: CsvImportJobOptionsSchema,
    response: CsvImportJobSchema,
    summary: 'Starts the server-side import of an uploaded file, in batches; answers the CsvImportJob',
  }),
  resumeCsvImportJob: defineRoute({
    name: 'transfer.resumeCsvImportJob',
    method: 'POST',
    path: `${app}/import/csv/jobs/:jobId/resume`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: CsvImportJobSchema,
    summary: 'Goes on with an interrupted import job after its last committed batch',
  }),
  rollBackCsvImportJob: defineRoute({
    name: 'transfer.rollBackCsvImportJob',
    method: 'POST',
    path: `${app}/import/csv/jobs/:jobId/rollback`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: CsvImportJobSchema,
    summary: 'Stops an unfinished import job and deletes exactly the rows it wrote (and the columns it created)',
  }),
  importDataServiceFiles: defineRoute({
    name: 'transfer.importDataServiceFiles',
    method: 'POST',
    path: `${app}/import/data/:step`,
    auth: 'developer',
    devPermission: DevOperations.IMPORT,
    body: DataImportStepBodySchema,
    response: DataImportStepSchema,
    summary: 'One step of a multi-step CSV import of records: upload, preview, run, status',
  }),
  importFirebaseUsers: defineRoute({
    name: 'transfer.importFirebaseUsers',
    method: 'POST',
    path: `${app}/import/firebase/users`,
    auth: 'developer',
    devPermission: DevOperations.IMPORT,
    body: FirebaseImportBodySchema,
    response: FirebaseImportResultSchema,
    summary:
      "Creates app users from Firebase Auth's users export and the project's scrypt hash parameters; " +
      'their passwords are checked with Firebase scrypt at their first login, then re-hashed',
  }),
  getAirtableBasesList: defineRoute({
    name: 'transfer.getAirtableBasesList',
    method: 'GET',
    path: `${app}/airtable/bases/`,
    auth: 'developer',
    query: AirtableAccessQuerySchema,
    response: AirtableBasesSchema,
    summary: 'The Airtable bases an access token reaches (read from the Airtable API)',
  }),
  getAirtableTablesList: defineRoute({
    name: 'transfer.getAirtableTablesList',
    method: 'GET',
    path: `${app}/airtable/bases/:baseId`,
    auth: 'developer',
    query: AirtableAccessQuerySchema,
    response: AirtableTablesSchema,
    summary: 'The tables of an Airtable base with the Basalt tables and column types an import makes of them',
  }),
  startAirtableImport: defineRoute({
    name: 'transfer.startAirtableImport',
    method: 'POST',
    path: `${app}/airtable`,
    auth: 'developer',
    devPermission: DevOperations.IMPORT,
    body: AirtableImportBodySchema,
    response: TransferJobSchema,
    summary:
      'Starts importing tables of an Airtable base as a server job (creates the tables and columns, then the records); answers the TransferJob',
  }),
  listTransferJobs: defineRoute({
    name: 'transfer.listTransferJobs',
    method: 'GET',
    path: `${app}/transfer/jobs`,
    auth: 'developer',
    response: Type.Array(TransferJobSchema),
    summary: 'The last transfer jobs (Airtable imports) of the app, newest first',
  }),
  getTransferJob: defineRoute({
    name: 'transfer.getTransferJob',
    method: 'GET',
    path: `${app}/transfer/jobs/:jobId`,
    auth: 'developer',
    response: TransferJobSchema,
    summary: 'One transfer job with its progress',
  }),
} satisfies Record<string, RouteDef>;
