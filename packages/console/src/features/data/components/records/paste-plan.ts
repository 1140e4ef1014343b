import type { DataColumn } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { parseBooleanText, parseDateTimeText, parseNumberText, type Parsed } from './cells/cell-values';
import { geometryText, isSpatialColumn, parseGeometryText } from './spatial/geometry-text';
import { isJsonColumn, parseJsonText } from './json-text';
import { fieldName, type GridField } from './RecordsGrid.utils';
import { lengthError } from './text-limits';

export { lengthError, TEXT_LIMITS } from './text-limits';

/**
 * Spreadsheet paste into the records grid. A block copied from Sheets or Excel arrives as rows of
 * cell texts (tab- and newline-separated); each text is converted by its target column's type with
 * the same rules as typing in the cell, and the whole block becomes one write (and one undo step).
 */

/** A pasted (or typed) text as the value a column stores, or what is wrong with it. */
export function convertText(column: DataColumn, text: string): Parsed<unknown> {
  const required = (value: unknown): Parsed<unknown> => (value === null && column.required ? { error: `${column.name} is required` } : { value });
  switch (column.dataType) {
    case 'BOOLEAN': {
      const r = parseBooleanText(text);
      return 'error' in r ? r : required(r.value);
    }
    case 'INT':
    case 'DOUBLE':
      return parseNumberText(text, { integer: column.dataType === 'INT', required: column.required, name: column.name });
    case 'DATETIME': {
      const r = parseDateTimeText(text);
      return 'error' in r ? r : required(r.value);
    }
    default:
      if (isSpatialColumn(column)) return parseGeometryText(text, column);
      if (isJsonColumn(column)) return text.trim() === '' ? required(null) : parseJsonText(text);
      {
        const tooLong = lengthError(column, text);
        return tooLong ? { error: tooLong } : { value: text };
      }
  }
}

/**
 * The rows of a pasted block. Spreadsheets end a copied block with a newline, which Glide's reader
 * turns into a last row of one empty cell; that row is dropped. Cells stay as given: a cell's own
 * newlines (quoted by the spreadsheet) are part of its value.
 */
export function pastedRows(values: readonly (readonly string[])[]): string[][] {
  const rows = values.map((r) => [...r]);
  while (rows.length > 1 && rows[rows.length - 1].every((c) => c === '')) rows.pop();
  return rows;
}

/** Reads a TSV text (a spreadsheet's clipboard) into rows of cells; quoted cells may hold tabs, newlines and "". */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const src = text.replace(/\r\n?/g, '\n');
  while (i < src.length) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0 || rows.length === 0) {
    row.push(cell);
    rows.push(row);
  }
  return pastedRows(rows);
}

/** A block of values as TSV text, quoting cells that hold tabs, newlines or quotes (what Ctrl+C writes). */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const cell = (s: string) => (/[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return rows.map((r) => r.map(cell).join('\t')).join('\n');
}

export interface PasteProblem {
  /** Grid row (0-based) and column name, as shown to the user. */
  row: number;
  column: string;
  text: string;
  message: string;
}

export interface PastePlan {
  /** Partial records for existing rows: objectId and the pasted columns. */
  updates: DataRecord[];
  /** The previous values of those same columns, which undo writes back. */
  previous: DataRecord[];
  /** New records for rows past the end of the table. */
  creates: DataRecord[];
  /** Cells whose value changes (existing rows) plus the cells of new records. */
  cells: number;
  /** Rows touched: changed existing rows plus new records. */
  rows: number;
  /** Rows of the block that lie past the end (created only when the user agrees). */
  rowsBeyond: number;
  problems: PasteProblem[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Plans a paste of `block` with its top-left cell at grid cell (`col`, `row`). Rows at or past
 * `totalRows` become new records when `addRows` is set and are left out otherwise. Any cell that
 * cannot take its text makes a problem; the caller applies nothing while there are problems.
 */
export function planPaste(args: {
  fields: GridField[];
  getRecord: (row: number) => DataRecord | undefined;
  totalRows: number;
  col: number;
  row: number;
  block: string[][];
  addRows: boolean;
}): PastePlan {
  const { fields, getRecord, totalRows, col, row, block, addRows } = args;
  const plan: PastePlan = { updates: [], previous: [], creates: [], cells: 0, rows: 0, rowsBeyond: 0, problems: [] };
  const width = Math.max(...block.map((r) => r.length));
  if (col + width > fields.length) {
    plan.problems.push({ row, column: '', text: '', message: `The block is ${width} columns wide, ${col + width - fields.length} more than the table has from this cell` });
  }
  for (const [dy, cells] of block.entries()) {
    const at = row + dy;
    const beyond = at >= totalRows;
    if (beyond) {
      plan.rowsBeyond++;
      if (!addRows) continue;
    }
    const record = beyond ? undefined : getRecord(at);
    if (!beyond && !record?.objectId) {
      plan.problems.push({ row: at, column: '', text: '', message: 'This row has not loaded yet; scroll to it and paste again' });
      continue;
    }
    const change: DataRecord = {};
    const before: DataRecord = {};
    for (const [dx, text] of cells.entries()) {
      const field = fields[col + dx];
      if (!field) continue;
      const name = fieldName(field);
      if (field.kind !== 'column') {
        plan.problems.push({ row: at, column: name, text, message: 'Relations are set in the record panel or the relation picker' });
        continue;
      }
      if (field.column.system) {
        plan.problems.push({ row: at, column: name, text, message: `${name} is set by the server` });
        continue;
      }
      const converted = convertText(field.column, text);
      if ('error' in converted) {
        plan.problems.push({ row: at, column: name, text, message: converted.error });
        continue;
      }
      if (record && same(record[name], converted.value)) continue;
      change[name] = converted.value;
      // Spatial values come back as GeoJSON objects; undo writes them as the WKT the server reads.
      const prior = record ? (record[name] ?? null) : null;
      before[name] = prior !== null && isSpatialColumn(field.column) ? geometryText(prior) : prior;
    }
    const changed = Object.keys(change).length;
    if (changed === 0 && record) continue;
    plan.cells += changed;
    plan.rows++;
    if (record) {
      plan.updates.push({ objectId: record.objectId, ...change });
      plan.previous.push({ objectId: record.objectId, ...before });
    } else plan.creates.push(change);
  }
  return plan;
}
