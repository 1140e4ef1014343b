import { Readable } from 'node:stream';
import {
  CSV_IMPORT_MAX_COLUMNS,
  CSV_IMPORT_MAX_REJECTED,
  type CsvImportJob,
  type CsvImportResult,
  type CsvRejectedRow,
  type DataImportColumn,
  type DataImportStep,
  type DataImportStepBody,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import {
  assertColumnName,
  assertTableName,
  type ColumnMeta,
  type DataServices,
  type TableMeta,
} from '../data/index.js';
import { checkBatch, openBatches } from './csv-batches.js';
import { IMPORT_COLUMN_TYPES, detectType, type ImportColumnType } from './csv-detect.js';
import type { CsvImportService } from './csv-import.service.js';
import { CsvSyntaxError, readCsv } from './csv-parse.js';
import type { ImportJobsService } from './import-jobs.service.js';

/** The steps of `importDataServiceFiles`, in order. */
export const IMPORT_STEPS = ['upload', 'preview', 'run', 'status'] as const;
/** Other names the console or a client may use for a step. */
const ALIASES: Record<string, (typeof IMPORT_STEPS)[number]> = { mapping: 'preview', execute: 'run', start: 'run' };
/** Data rows the upload answers as a preview, and rows sampled to detect types. */
const PREVIEW_ROWS = 10;
const SAMPLE_ROWS = 1000;
/**
 * Largest CSV text an upload step takes: under the server's 10 MB request limit, so the step names
 * the problem itself. Larger files go through the import jobs route, which streams them.
 */
export const STEP_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

/** What a multi-step import keeps between its steps, in its job's options while it is `uploaded`. */
interface StepsPlan {
  newTable: boolean;
  delimiter: NonNullable<DataImportStepBody['delimiter']>;
  rowsTotal: number;
  columns: DataImportColumn[];
}

const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);

/**
 * The multi-step CSV import of `transfer.importDataServiceFiles` (decision 0069): `upload` checks the
 * whole file and answers its columns (matched to the table's, or new with a detected type) and its
 * first rows; `preview` takes the mapping and checks every row writing nothing; `run` creates the
 * table and new columns, then starts an import job (decision 0041) that writes in batches;
 * `status` answers the job's progress. The file lives in the job's store from the upload on.
 */
export class ImportStepsService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly csv: CsvImportService,
    private readonly jobs: ImportJobsService,
  ) {}

  private data(): DataServices {
    const data = this.ctx.data;
    if (!data) throw ApiError.unavailable('The data service is not running');
    return data;
  }

  async step(appId: string, developerId: string, rawStep: string, body: DataImportStepBody): Promise<DataImportStep> {
    const step = ALIASES[rawStep.toLowerCase()] ?? rawStep.toLowerCase();
    switch (step) {
      case 'upload':
        return this.upload(appId, developerId, body);
      case 'preview':
        return this.preview(appId, body);
      case 'run':
        return this.run(appId, body);
      case 'status':
        return this.status(appId, body);
      default:
        throw ApiError.field(
          'BAD_REQUEST',
          'step',
          `Unknown import step '${short(rawStep)}': the steps are ${IMPORT_STEPS.join(', ')}`,
        );
    }
  }

  private async upload(appId: string, developerId: string, body: DataImportStepBody): Promise<DataImportStep> {
    const tableName = assertTableName(body.table);
    const content = body.content;
    if (typeof content !== 'string')
      throw ApiError.field(
        'BAD_REQUEST',
        'content',
        "The upload step needs 'content': the CSV text with its header line",
      );
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > STEP_UPLOAD_MAX_BYTES) {
      throw ApiError.field(
        'BAD_REQUEST',
        'content',
        `The CSV file is too large: ${bytes.toLocaleString('en-US')} bytes, a step upload takes at most ${STEP_UPLOAD_MAX_BYTES / 1024 / 1024} MB (larger files: the import jobs route)`,
      );
    }
    const delimiter = body.delimiter ?? ',';
    const table = (await this.data().schema(appId)).table(tableName);
    // The whole text is read before anything is kept: a syntax error anywhere refuses the upload.
    const { header, rows, sample, total } = readWhole(content, delimiter);
    const columns = header.map((h, i): DataImportColumn => {
      const existing = table && findColumn(table, h);
      if (existing) return { header: h, column: existing.name, type: existing.dataType, exists: true };
      const managed = ['created', 'updated'].includes(h.toLowerCase()) || h === '';
      return {
        header: h,
        column: managed ? null : h,
        type: detectType(sample.map((r) => r[i])),
        exists: false,
      };
    });
    const fileName = (body.fileName ?? `${tableName}.csv`).slice(0, 300);
    const job = await this.jobs.upload(appId, developerId, tableName, fileName, Readable.from([content]), bytes, {
      newTable: !table,
    });
    const plan: StepsPlan = { newTable: !table, delimiter, rowsTotal: total, columns };
    await this.savePlan(appId, job.id, plan);
    return { ...this.answer('upload', job, plan), preview: rows };
  }

  private async preview(appId: string, body: DataImportStepBody): Promise<DataImportStep> {
    const { job, plan } = await this.load(appId, body, 'preview');
    const next = await this.applyColumns(appId, job.table, plan, body.columns);
    const check = await this.check(appId, job, next);
    await this.savePlan(appId, job.id, next);
    return { ...this.answer('preview', job, next), check };
  }

  private async run(appId: string, body: DataImportStepBody): Promise<DataImportStep> {
    const { job, plan } = await this.load(appId, body, 'run');
    const next = await this.applyColumns(appId, job.table, plan, body.columns);
    const data = this.data();
    // The schema first: the table (when new) and every new column with its type.
    if (next.newTable && !(await data.schema(appId)).table(job.table))
      await data.tables.create(appId, { name: job.table });
    const table = (await data.schema(appId)).table(job.table);
    if (!table) throw ApiError.notFound(`Table '${short(job.table)}' does not exist`);
    for (const c of next.columns) {
      if (!c.column || findColumn(table, c.column)) continue;
      await data.columns.create(appId, table.name, { name: c.column, dataType: c.type });
    }
    const started = await this.jobs.start(appId, job.id, {
      mapping: mappingOf(next),
      hasHeader: true,
      delimiter: next.delimiter,
      createColumns: false,
      skipInvalid: body.skipInvalid ?? false,
    });
    return this.withProgress('run', started, { ...next, newTable: false, columns: existingNow(next) });
  }

  private async status(appId: string, body: DataImportStepBody): Promise<DataImportStep> {
    const job = await this.job(appId, body);
    const table = (await this.data().schema(appId)).table(job.table);
    const columns: DataImportColumn[] = table
      ? table.columns
          .filter((c) => !c.system)
          .map((c) => ({ header: c.name, column: c.name, type: c.dataType, exists: true }))
      : [];
    const plan: StepsPlan = { newTable: !table, delimiter: ',', rowsTotal: job.rowsTotal ?? 0, columns };
    return this.withProgress('status', job, plan);
  }

  /** The mapping a step sends over the upload's: each header to a column (or null), new ones typed. */
  private async applyColumns(
    appId: string,
    tableName: string,
    plan: StepsPlan,
    sent: DataImportStepBody['columns'],
  ): Promise<StepsPlan> {
    if (!sent) return plan;
    const table = (await this.data().schema(appId)).table(tableName);
    const byHeader = new Map(sent.map((c) => [c.header, c]));
    for (const header of byHeader.keys()) {
      if (!plan.columns.some((c) => c.header === header))
        throw ApiError.field('BAD_REQUEST', 'columns', `The file has no column '${short(header)}'`);
    }
    const used = new Map<string, string>();
    const columns = plan.columns.map((c): DataImportColumn => {
      const wanted = byHeader.get(c.header);
      if (!wanted) return c;
      if (wanted.column === null || wanted.column === '') return { ...c, column: null };
      const existing = table && findColumn(table, wanted.column);
      if (existing) return { header: c.header, column: existing.name, type: existing.dataType, exists: true };
      const name = assertColumnName(wanted.column);
      const type = wanted.type ?? c.type;
      if (!(IMPORT_COLUMN_TYPES as readonly string[]).includes(type)) {
        throw ApiError.field(
          'BAD_REQUEST',
          'columns',
          `Column '${name}' cannot be created as ${short(type)}: use one of ${IMPORT_COLUMN_TYPES.join(', ')}`,
        );
      }
      return { header: c.header, column: name, type, exists: false };
    });
    for (const c of columns) {
      if (!c.column) continue;
      const clash = used.get(c.column.toLowerCase());
      if (clash !== undefined)
        throw ApiError.field(
          'BAD_REQUEST',
          'columns',
          `CSV columns '${short(clash)}' and '${short(c.header)}' both go to column '${c.column}'; leave one out`,
        );
      used.set(c.column.toLowerCase(), c.header);
    }
    if (!columns.some((c) => c.column))
      throw ApiError.field('BAD_REQUEST', 'columns', 'Every CSV column is left out: nothing would be imported');
    return { ...plan, columns };
  }

  /**
   * Checks every row as the run would, writing nothing: against the table with the new columns
   * as they will be created (typed), so a cell that does not fit its new column's type is named.
   */
  private async check(appId: string, job: CsvImportJob, plan: StepsPlan): Promise<CsvImportResult> {
    const data = this.data();
    const stored = (await data.schema(appId)).table(job.table);
    const table = withPlannedColumns(stored ?? emptyTable(job.table), plan);
    const { plan: columns, batches } = await openBatches(this.jobs.repo.pieces(appId, job.id), table, {
      mapping: mappingOf(plan),
      hasHeader: true,
      delimiter: plan.delimiter,
      createColumns: false,
    });
    const seen = new Map<string, Map<string, number>>();
    const rejected: CsvRejectedRow[] = [];
    let rejectedTotal = 0;
    let rowsRead = 0;
    let rowsValid = 0;
    for await (const batch of batches) {
      // A table not created yet has no stored records to compare with: each row is checked alone.
      const out = stored
        ? await checkBatch(this.csv, data, appId, table, columns, batch, seen).then((r) => ({
            valid: r.valid.length,
            rejected: r.rejected,
          }))
        : await this.checkRows(table, columns, batch);
      rowsRead += batch.length;
      rowsValid += out.valid;
      rejectedTotal += out.rejected.length;
      rejected.push(...out.rejected.slice(0, CSV_IMPORT_MAX_REJECTED - rejected.length));
      await new Promise((r) => setImmediate(r));
    }
    return {
      table: job.table,
      dryRun: true,
      rowsRead,
      rowsValid,
      rowsWritten: 0,
      rejected,
      rejectedTotal,
      ignoredColumns: columns.ignoredColumns,
      createdColumns: plan.columns.filter((c) => c.column && !c.exists).map((c) => c.column!),
    };
  }

  private async checkRows(
    table: TableMeta,
    plan: Parameters<CsvImportService['checkRow']>[1],
    batch: Parameters<CsvImportService['checkRow']>[2][],
  ): Promise<{ valid: number; rejected: CsvRejectedRow[] }> {
    const rejected: CsvRejectedRow[] = [];
    let valid = 0;
    for (const record of batch) {
      const row = await this.csv.checkRow(table, plan, record);
      if ('message' in row)
        rejected.push({ row: record.line, ...(row.column ? { column: row.column } : {}), message: row.message });
      else valid++;
    }
    return { valid, rejected };
  }

  private async job(appId: string, body: DataImportStepBody): Promise<CsvImportJob> {
    if (!body.importId)
      throw ApiError.field('BAD_REQUEST', 'importId', "This step needs 'importId', the id the upload answered");
    try {
      return await this.jobs.get(appId, body.importId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        throw ApiError.notFound(`Import '${short(body.importId)}' does not exist`);
      throw err;
    }
  }

  private async load(
    appId: string,
    body: DataImportStepBody,
    step: string,
  ): Promise<{ job: CsvImportJob; plan: StepsPlan }> {
    const job = await this.job(appId, body);
    const row = await this.jobs.repo.get(appId, job.id);
    const plan = row && row.state === 'uploaded' ? (JSON.parse(row.options) as { steps?: StepsPlan }).steps : undefined;
    if (!plan)
      throw ApiError.conflict(`The import is ${job.state}: the ${step} step needs an upload that has not run yet`);
    return { job, plan };
  }

  private async savePlan(appId: string, id: string, plan: StepsPlan): Promise<void> {
    const repo = this.jobs.repo;
    const change = { options: JSON.stringify({ steps: plan }), rows_total: plan.rowsTotal, updated: Date.now() };
    await repo.update(repo.db(appId), id, change, ['uploaded']);
  }

  private answer(step: string, job: CsvImportJob, plan: StepsPlan): DataImportStep {
    return {
      importId: job.id,
      step,
      table: job.table,
      newTable: plan.newTable,
      fileName: job.fileName,
      bytes: job.bytes,
      rowsTotal: plan.rowsTotal,
      columns: plan.columns,
    };
  }

  private withProgress(step: string, job: CsvImportJob, plan: StepsPlan): DataImportStep {
    const total = job.rowsTotal ?? plan.rowsTotal;
    const done = job.state === 'committed' ? 100 : total > 0 ? Math.floor((job.rowsDone / total) * 100) : 0;
    return { ...this.answer(step, job, { ...plan, rowsTotal: total }), job, progress: Math.min(100, done) };
  }
}

/** The header, the first rows and a sample of a whole CSV text; any syntax error is a 400 naming its line. */
function readWhole(content: string, delimiter: string) {
  let header: string[] | undefined;
  const rows: Array<Array<string | null>> = [];
  const sample: Array<Array<string | null>> = [];
  let total = 0;
  try {
    for (const record of readCsv(content, { delimiter, maxCells: CSV_IMPORT_MAX_COLUMNS })) {
      if (!header) {
        header = record.cells.map((c) => (c ?? '').trim());
        continue;
      }
      total++;
      if (rows.length < PREVIEW_ROWS) rows.push(record.cells);
      if (sample.length < SAMPLE_ROWS) sample.push(record.cells);
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError) {
      const tooWide = /more than \d+ cells/.test(err.message);
      throw ApiError.field(
        'BAD_REQUEST',
        'content',
        tooWide
          ? `Line ${err.line} has more than ${CSV_IMPORT_MAX_COLUMNS} cells; an import takes at most ${CSV_IMPORT_MAX_COLUMNS} columns`
          : `The CSV file is not valid: ${err.message}`,
        { line: err.line },
      );
    }
    throw err;
  }
  if (!header || header.every((h) => h === ''))
    throw ApiError.field(
      'BAD_REQUEST',
      'content',
      'The CSV file has no header line: its first line must name the columns',
    );
  const seen = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.toLowerCase();
    if (h && seen.has(key))
      throw ApiError.field(
        'BAD_REQUEST',
        'content',
        `The header line names column '${short(h)}' twice (cells ${seen.get(key)! + 1} and ${i + 1})`,
      );
    seen.set(key, i);
  });
  return { header, rows, sample, total };
}

function findColumn(table: TableMeta, name: string): ColumnMeta | undefined {
  const lower = name.toLowerCase();
  return table.columns.find((c) => c.name === name) ?? table.columns.find((c) => c.name.toLowerCase() === lower);
}

/** The job's mapping: every header to its column, or to null when left out. */
function mappingOf(plan: StepsPlan): Record<string, string | null> {
  return Object.fromEntries(plan.columns.filter((c) => c.header !== '').map((c) => [c.header, c.column]));
}

/** After a run created them, every mapped column exists. */
function existingNow(plan: StepsPlan): DataImportColumn[] {
  return plan.columns.map((c) => (c.column ? { ...c, exists: true } : c));
}

/** A table not created yet, as its base columns: rows are checked against it in the preview. */
function emptyTable(name: string): TableMeta {
  const base = (n: string, dataType: ColumnMeta['dataType'], position: number): ColumnMeta => ({
    columnId: '',
    name: n,
    sqlName: n,
    dataType,
    required: false,
    unique: false,
    indexed: false,
    defaultValue: null,
    system: true,
    position,
  });
  return {
    tableId: '',
    name,
    sqlName: '',
    system: false,
    options: {},
    relations: [],
    columns: [
      base('objectId', 'STRING_ID', 0),
      base('created', 'DATETIME', 1),
      base('updated', 'DATETIME', 2),
      base('ownerId', 'STRING', 3),
    ],
  };
}

/** The table with the plan's new columns added with their types (placeholders until the run creates them). */
function withPlannedColumns(table: TableMeta, plan: StepsPlan): TableMeta {
  const added = plan.columns
    .filter((c) => c.column && !findColumn(table, c.column))
    .map((c, i): ColumnMeta => ({
      columnId: '',
      name: c.column!,
      sqlName: `planned_${i}`,
      dataType: c.type as ImportColumnType,
      required: false,
      unique: false,
      indexed: false,
      defaultValue: null,
      system: false,
      position: table.columns.length + i,
    }));
  return added.length ? { ...table, columns: [...table.columns, ...added] } : table;
}
