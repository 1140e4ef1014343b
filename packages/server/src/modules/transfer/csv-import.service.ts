import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_COLUMNS,
  CSV_IMPORT_MAX_REJECTED,
  CSV_IMPORT_MAX_ROWS,
  ErrorCodes,
  TextDataTypes,
  type CsvImportResult,
  type CsvRejectedRow,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { assertColumnName, prepareRecord, type DataServices, type TableMeta } from '../data/index.js';
import { readCsv, CsvSyntaxError, type CsvRecord } from './csv-parse.js';
import { planColumns, type ColumnPlan } from './csv-mapping.js';
import { CellError, cellValue, relationIds } from './csv-values.js';
import { existingValues, valueKey } from './existing-values.js';

export interface CsvImportInput {
  table: string;
  csv: string;
  mapping?: Record<string, string | null>;
  hasHeader: boolean;
  delimiter: string;
  dryRun: boolean;
  skipInvalid: boolean;
  createColumns: boolean;
  firstLine?: number;
}

/** A row that passed the per-row checks, waiting for the checks across rows. */
export interface Candidate {
  line: number;
  input: Record<string, unknown>;
  /** column name → stored value, for the unique checks */
  stored: Map<string, unknown>;
  /** relation name → related ids */
  links: Map<string, string[]>;
}

const TEXT_TYPES = new Set<string>([...TextDataTypes, 'FILE_REF']);

const shown = (v: unknown) => {
  const t = String(v);
  return t.length > 60 ? `'${t.slice(0, 57)}...'` : `'${t}'`;
};

/**
 * CSV import of records. Every request stands alone, so a console can send a big file in chunks
 * (each with its header line) and show progress: the rows are read, checked one by one with the
 * data service's create validation, then across rows (unique values within the file and against the
 * stored records, related records that must exist), and the valid ones are written with one bulk
 * create (one transaction).
 *
 * A real import is all-or-nothing unless `skipInvalid`: any rejected row refuses the request with a
 * 400 whose details hold the full report, and nothing is written. With `skipInvalid` the valid rows
 * are written and the others reported. A request that would write nothing is never answered as a
 * success.
 */
export class CsvImportService {
  constructor(private readonly ctx: ServerContext) {}

  private data(): DataServices {
    const data = this.ctx.data;
    if (!data) throw ApiError.unavailable('The data service is not running');
    return data;
  }

  async importCsv(appId: string, input: CsvImportInput): Promise<CsvImportResult> {
    if (Buffer.byteLength(input.csv, 'utf8') > CSV_IMPORT_MAX_BYTES) {
      throw ApiError.tooLarge(
        `A CSV import takes at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB per request; send the file in chunks, each with the header line`,
      );
    }
    const data = this.data();
    let table = await this.table(data, appId, input.table);
    const records = this.read(input);
    const header = input.hasHeader ? records.shift()?.cells : undefined;
    if (input.hasHeader && !header)
      throw ApiError.badRequest('The CSV text is empty: it needs a header line naming the columns');
    const width = header ? header.length : records.reduce((m, r) => Math.max(m, r.cells.length), 0);
    const plan = planColumns(table, header, width, input.mapping, input.createColumns);
    for (const name of plan.newColumns) {
      assertColumnName(name);
      data.columns.assertColumnNameFree(table, name);
    }

    // Line numbers of the whole file: a chunk says where its first data line is.
    const firstData = records[0]?.line ?? 0;
    const shift = input.firstLine !== undefined && records.length ? input.firstLine - firstData : 0;
    const rejected: CsvRejectedRow[] = [];
    const reject = (line: number, message: string, column?: string) =>
      rejected.push({ row: line + shift, ...(column ? { column } : {}), message });

    const checked = withNewColumns(table, plan);
    const candidates: Candidate[] = [];
    for (const record of records) {
      const row = await this.checkRow(checked, plan, record);
      if ('message' in row) reject(record.line, row.message, row.column);
      else candidates.push(row);
    }
    const valid = await this.checkAcrossRows(data, appId, checked, candidates, reject);

    const result: CsvImportResult = {
      table: table.name,
      dryRun: input.dryRun,
      rowsRead: records.length,
      rowsValid: valid.length,
      rowsWritten: 0,
      rejected: rejected.sort((a, b) => a.row - b.row).slice(0, CSV_IMPORT_MAX_REJECTED),
      rejectedTotal: rejected.length,
      ignoredColumns: plan.ignoredColumns,
      createdColumns: plan.newColumns,
    };
    if (input.dryRun) return result;
    if (!records.length)
      throw new ApiError(ErrorCodes.VALIDATION, 'The CSV text has no data rows; nothing was imported', { ...result });
    if (rejected.length && !input.skipInvalid) {
      throw new ApiError(
        ErrorCodes.VALIDATION,
        `${rejected.length} of ${records.length} rows are not valid; nothing was imported. Fix them, or import with skipInvalid=true to write the ${valid.length} valid rows`,
        { ...result },
      );
    }
    if (!valid.length)
      throw new ApiError(ErrorCodes.VALIDATION, `None of the ${records.length} rows is valid; nothing was imported`, {
        ...result,
      });

    for (const name of plan.newColumns) await data.columns.create(appId, table.name, { name, dataType: 'STRING' });
    if (plan.newColumns.length) table = await this.table(data, appId, table.name);
    const ids = await data.records.bulkCreate(
      appId,
      table.name,
      valid.map((c) => c.input),
    );
    return { ...result, rowsWritten: ids.length };
  }

  private async table(data: DataServices, appId: string, name: string): Promise<TableMeta> {
    const table = (await data.schema(appId)).table(name);
    if (!table) throw ApiError.notFound(`Table '${name.slice(0, 80)}' does not exist`);
    return table;
  }

  private read(input: CsvImportInput): CsvRecord[] {
    const records: CsvRecord[] = [];
    const limit = CSV_IMPORT_MAX_ROWS + (input.hasHeader ? 1 : 0);
    try {
      for (const record of readCsv(input.csv, { delimiter: input.delimiter, maxCells: CSV_IMPORT_MAX_COLUMNS })) {
        if (records.length === limit) {
          throw ApiError.tooLarge(
            `A CSV import takes at most ${CSV_IMPORT_MAX_ROWS} rows per request; send the file in chunks, each with the header line`,
          );
        }
        records.push(record);
      }
    } catch (err) {
      if (err instanceof CsvSyntaxError) {
        // In a chunk, name the line of the whole file: the first data row is at `firstLine` there.
        const firstData = records[input.hasHeader ? 1 : 0]?.line ?? err.recordLine;
        const inHeader = input.hasHeader && !records.length;
        const line = err.line + (input.firstLine !== undefined && !inHeader ? input.firstLine - firstData : 0);
        const tooWide = /more than \d+ cells/.test(err.message);
        throw ApiError.badRequest(
          tooWide
            ? `Line ${line} has more than ${CSV_IMPORT_MAX_COLUMNS} cells; an import takes at most ${CSV_IMPORT_MAX_COLUMNS} columns`
            : err.message.replace(String(err.line), String(line)),
          { line },
        );
      }
      throw err;
    }
    return records;
  }

  /** Converts one row's cells and runs the create validation of the data service on it. */
  async checkRow(
    table: TableMeta,
    plan: ColumnPlan,
    record: CsvRecord,
  ): Promise<Candidate | { message: string; column?: string }> {
    if (record.cells.length > plan.targets.length && record.cells.slice(plan.targets.length).some((c) => c !== null)) {
      return {
        message: `The row has ${record.cells.length} cells but the header names ${plan.targets.length} columns`,
      };
    }
    const candidate: Candidate = { line: record.line, input: {}, stored: new Map(), links: new Map() };
    try {
      plan.targets.forEach((target, i) => {
        const cell = record.cells[i] ?? null;
        if (!target || cell === null) return;
        if (target.kind === 'relation') {
          const ids = relationIds(cell);
          if (ids.length) candidate.input[target.relation.name] = ids;
          candidate.links.set(target.relation.name, ids);
          return;
        }
        const name = target.kind === 'column' ? target.column.name : target.name;
        const dataType = target.kind === 'column' ? target.column.dataType : 'STRING';
        // A quoted empty cell is empty text; for other types it means "no value", like an empty cell.
        if (cell === '' && !TEXT_TYPES.has(dataType)) return;
        candidate.input[name] = cellValue(name, dataType, cell);
      });
      const prepared = await prepareRecord(table, candidate.input, 'create');
      if (prepared.objectId !== undefined) candidate.stored.set('objectId', prepared.objectId);
      for (const column of table.columns) {
        if (column.unique && column.name !== 'objectId' && prepared.values[column.sqlName] != null)
          candidate.stored.set(column.name, prepared.values[column.sqlName]);
      }
      return candidate;
    } catch (err) {
      if (err instanceof CellError) return { message: err.message, column: err.column };
      if (err instanceof ApiError && err.status < 500) {
        // A refusal about one column names it as the first of its field errors.
        const column = err.details?.fields?.[0]?.field;
        return { message: err.message, ...(typeof column === 'string' ? { column } : {}) };
      }
      throw err;
    }
  }

  /**
   * Unique values must not repeat within the file (the first row keeps the value) nor match a
   * stored record; related records must exist. Answers the rows that pass. `seen` carries the
   * unique values of earlier batches of the same file (column → value key → line), so a file
   * checked batch by batch (an import job, decision 0041) still finds a value repeated across batches.
   */
  async checkAcrossRows(
    data: DataServices,
    appId: string,
    table: TableMeta,
    rows: Candidate[],
    reject: (line: number, message: string, column?: string) => void,
    seen?: Map<string, Map<string, number>>,
  ): Promise<Candidate[]> {
    const out = new Set(rows);
    const drop = (c: Candidate, message: string, column: string) => {
      if (!out.delete(c)) return;
      reject(c.line, message, column);
    };
    const uniques = ['objectId', ...table.columns.filter((c) => c.unique && c.name !== 'objectId').map((c) => c.name)];
    for (const column of uniques) {
      const first = new Map<string, Candidate>();
      const before = seen?.get(column);
      for (const c of rows) {
        if (!out.has(c) || !c.stored.has(column)) continue;
        const key = valueKey(c.stored.get(column));
        const earlier = before?.get(key) ?? first.get(key)?.line;
        if (earlier !== undefined)
          drop(
            c,
            `Column '${column}' is unique and line ${earlier} of this file has the same value ${shown(c.stored.get(column))}`,
            column,
          );
        else first.set(key, c);
      }
      if (seen) {
        const keep = before ?? new Map<string, number>();
        for (const [key, c] of first) keep.set(key, c.line);
        seen.set(column, keep);
      }
      if (!first.size) continue;
      const taken = await existingValues(
        data,
        appId,
        table,
        column,
        [...first.values()].map((c) => c.stored.get(column)),
      );
      for (const [key, c] of first) {
        if (taken.has(key))
          drop(
            c,
            `Column '${column}' is unique and a stored record already has the value ${shown(c.stored.get(column))}`,
            column,
          );
      }
    }
    const schema = await data.schema(appId);
    for (const relation of table.relations) {
      const wanted = [...out].filter((c) => c.links.get(relation.name)?.length);
      if (!wanted.length) continue;
      const target = schema.table(relation.toTableName);
      if (!target) {
        for (const c of wanted)
          drop(c, `The target table of relation '${relation.name}' does not exist`, relation.name);
        continue;
      }
      const found = await existingValues(
        data,
        appId,
        target,
        'objectId',
        wanted.flatMap((c) => c.links.get(relation.name)!),
      );
      for (const c of wanted) {
        const missing = c.links.get(relation.name)!.find((id) => !found.has(id));
        if (missing)
          drop(c, `Record '${missing.slice(0, 100)}' does not exist in table '${target.name}'`, relation.name);
      }
    }
    return rows.filter((c) => out.has(c));
  }
}

/** The table as the rows are checked against it: with the columns `createColumns` adds (STRING). */
export function withNewColumns(table: TableMeta, plan: ColumnPlan): TableMeta {
  if (!plan.newColumns.length) return table;
  const added = plan.newColumns.map((name, i) => ({
    name,
    sqlName: `new_${i}`,
    dataType: 'STRING' as const,
    required: false,
    unique: false,
    indexed: false,
    defaultValue: null,
    system: false,
    columnId: '',
    position: table.columns.length + i,
  }));
  return { ...table, columns: [...table.columns, ...added] };
}
