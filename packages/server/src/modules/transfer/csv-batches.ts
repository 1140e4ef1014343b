import { CSV_IMPORT_MAX_COLUMNS, type CsvRejectedRow } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { assertColumnName, type DataServices, type TableMeta } from '../data/index.js';
import type { CsvImportService } from './csv-import.service.js';
import { planColumns, type ColumnPlan } from './csv-mapping.js';
import { CsvSyntaxError, type CsvRecord } from './csv-parse.js';
import { streamCsv } from './csv-stream.js';

/** Data rows checked and written together: one transaction each, well under a second. */
export const ROWS_PER_BATCH = 1000;

export interface ReadOptions {
  mapping?: Record<string, string | null>;
  hasHeader: boolean;
  delimiter: string;
  createColumns: boolean;
}

/** A file being read in batches: where its columns go, and its data rows batch by batch. */
export interface BatchReader {
  plan: ColumnPlan;
  /** Batches of data rows (the header line is not among them). */
  batches: AsyncGenerator<CsvRecord[]>;
}

/** A CSV syntax error as the 400 a request gets, or the message a job keeps. */
export function syntaxError(err: CsvSyntaxError): ApiError {
  const tooWide = /more than \d+ cells/.test(err.message);
  return ApiError.badRequest(
    tooWide
      ? `Line ${err.line} has more than ${CSV_IMPORT_MAX_COLUMNS} cells; an import takes at most ${CSV_IMPORT_MAX_COLUMNS} columns`
      : err.message,
    { line: err.line },
  );
}

async function* inBatches(records: AsyncIterable<CsvRecord>, first: CsvRecord[]): AsyncGenerator<CsvRecord[]> {
  let batch = first;
  if (batch.length === ROWS_PER_BATCH) {
    yield batch;
    batch = [];
  }
  for await (const record of records) {
    batch.push(record);
    if (batch.length === ROWS_PER_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Opens a stored file for reading in batches: reads the header (or, without one, the first batch
 * to learn the width) and plans the columns against `table`. Only one batch is held at a time.
 */
export async function openBatches(
  pieces: AsyncIterable<string>,
  table: TableMeta,
  options: ReadOptions,
): Promise<BatchReader> {
  const records = streamCsv(pieces, { delimiter: options.delimiter, maxCells: CSV_IMPORT_MAX_COLUMNS })[
    Symbol.asyncIterator
  ]();
  const next = async () => {
    try {
      const r = await records.next();
      return r.done ? undefined : r.value;
    } catch (err) {
      if (err instanceof CsvSyntaxError) throw syntaxError(err);
      throw err;
    }
  };
  let header: Array<string | null> | undefined;
  const first: CsvRecord[] = [];
  if (options.hasHeader) {
    header = (await next())?.cells;
    if (!header) throw ApiError.badRequest('The CSV file is empty: it needs a header line naming the columns');
  } else {
    while (first.length < ROWS_PER_BATCH) {
      const r = await next();
      if (!r) break;
      first.push(r);
    }
  }
  const width = header ? header.length : first.reduce((m, r) => Math.max(m, r.cells.length), 0);
  const plan = planColumns(table, header, width, options.mapping, options.createColumns);
  const rest: AsyncIterable<CsvRecord> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const value = await next();
        return value ? { value, done: false } : { value: undefined, done: true };
      },
    }),
  };
  return { plan, batches: inBatches(rest, first) };
}

/** Checks that the columns an import would add may be added. */
export function assertNewColumns(data: DataServices, table: TableMeta, plan: ColumnPlan): void {
  for (const name of plan.newColumns) {
    assertColumnName(name);
    data.columns.assertColumnNameFree(table, name);
  }
}

/**
 * Checks one batch: each row with the create validation, then across rows (unique values against
 * earlier batches through `seen` and against stored records, related records). Answers the valid
 * rows' inputs and the rejected rows.
 */
export async function checkBatch(
  csv: CsvImportService,
  data: DataServices,
  appId: string,
  table: TableMeta,
  plan: ColumnPlan,
  records: CsvRecord[],
  seen: Map<string, Map<string, number>>,
): Promise<{ valid: Array<Record<string, unknown>>; rejected: CsvRejectedRow[] }> {
  const rejected: CsvRejectedRow[] = [];
  const reject = (row: number, message: string, column?: string) =>
    rejected.push({ row, ...(column ? { column } : {}), message });
  const candidates = [];
  for (const record of records) {
    const row = await csv.checkRow(table, plan, record);
    if ('message' in row) reject(record.line, row.message, row.column);
    else candidates.push(row);
  }
  const valid = await csv.checkAcrossRows(data, appId, table, candidates, reject, seen);
  return { valid: valid.map((c) => c.input), rejected: rejected.sort((a, b) => a.row - b.row) };
}
