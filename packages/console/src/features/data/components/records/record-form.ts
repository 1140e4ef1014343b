import type { DataColumn } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { parseLocalDateTime, toDateTimeLocalInput } from '../../data-format';
import type { FieldDraft } from './RecordFieldInput';
import { geometryText, isSpatialColumn, parseGeometryText } from './spatial/geometry-text';
import { isJsonColumn, jsonDraft, parseJsonText } from './json-text';
import { lengthError } from './text-limits';

const BASE = new Set(['objectId', 'created', 'updated', 'ownerId']);

/** Columns the developer edits in the record form; objectId and the timestamps are read-only, passwords never shown. */
export function editableColumns(columns: DataColumn[]): DataColumn[] {
  return columns.filter((c) => !BASE.has(c.name) && c.name !== 'password');
}

export function draftOf(column: DataColumn, value: unknown): FieldDraft {
  if (column.dataType === 'BOOLEAN') return typeof value === 'boolean' ? value : null;
  if (column.dataType === 'DATETIME') return toDateTimeLocalInput(typeof value === 'number' ? value : null);
  if (value === null || value === undefined) return '';
  if (isSpatialColumn(column)) return geometryText(value);
  if (isJsonColumn(column)) return jsonDraft(value);
  return typeof value === 'string' ? value : String(value);
}

export function draftsOf(columns: DataColumn[], record: DataRecord | null): Record<string, FieldDraft> {
  return Object.fromEntries(columns.map((c) => [c.name, record ? draftOf(c, record[c.name]) : c.dataType === 'BOOLEAN' ? null : '']));
}

/**
 * Turns drafts into record values. Empty text becomes null, except for required text columns on
 * create where the server should name what is missing. Answers per-field errors when text does
 * not fit the type.
 */
export function recordFromDrafts(columns: DataColumn[], drafts: Record<string, FieldDraft>, only?: Set<string>): { record: DataRecord; errors: Record<string, string> } {
  const record: DataRecord = {};
  const errors: Record<string, string> = {};
  for (const c of columns) {
    if (only && !only.has(c.name)) continue;
    const draft = drafts[c.name];
    if (c.dataType === 'BOOLEAN') {
      record[c.name] = typeof draft === 'boolean' ? draft : null;
      continue;
    }
    const text = typeof draft === 'string' ? draft : '';
    if (text.trim() === '') {
      if (c.required) errors[c.name] = `${c.name} is required`;
      else record[c.name] = null;
      continue;
    }
    if (c.dataType === 'INT' || c.dataType === 'DOUBLE') {
      const n = Number(text);
      if (!Number.isFinite(n) || (c.dataType === 'INT' && !Number.isInteger(n))) errors[c.name] = c.dataType === 'INT' ? 'Type a whole number' : 'Type a number';
      else record[c.name] = n;
    } else if (isSpatialColumn(c)) {
      const parsed = parseGeometryText(text, c);
      if ('error' in parsed) errors[c.name] = parsed.error;
      else record[c.name] = parsed.value;
    } else if (isJsonColumn(c)) {
      const parsed = parseJsonText(text);
      if ('error' in parsed) errors[c.name] = parsed.error;
      else record[c.name] = parsed.value;
    } else if (c.dataType === 'DATETIME') {
      const ms = parseLocalDateTime(text);
      if (ms === null) errors[c.name] = 'Pick a date and time';
      else record[c.name] = ms;
    } else {
      // The column's declared length is checked here, so a long value is named before it is sent.
      const tooLong = lengthError(c, text);
      if (tooLong) errors[c.name] = tooLong;
      else record[c.name] = text;
    }
  }
  return { record, errors };
}
