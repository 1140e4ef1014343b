import type { DataColumn, DataRelation } from '@basalt/shared';
import { parseJsonText } from '../records/json-text';
import { TYPE_LABELS } from '../../data-format';

/** What the column drawer edits: the union of scalar and relation column settings. */
export interface ColumnDraft {
  name: string;
  dataType: string;
  required: boolean;
  unique: boolean;
  indexed: boolean;
  defaultValue: string;
  toTableName: string;
  relationshipType: 'ONE_TO_ONE' | 'ONE_TO_MANY';
  /** The validator's expression; empty for none. Text columns only. */
  customRegex: string;
}

/** Types whose columns may carry a validator (the server's text types). */
export const VALIDATED_TYPES = new Set(['STRING', 'STRING_ID', 'EXTENDED_STRING', 'TEXT']);

export type SchemaColumn = DataColumn | DataRelation;

export const isRelation = (c: SchemaColumn): c is DataRelation => c.dataType === 'DATA_REF' || c.dataType === 'GEO_REF';

export function draftFromColumn(c: SchemaColumn | null): ColumnDraft {
  if (!c) return { name: '', dataType: 'STRING', required: false, unique: false, indexed: false, defaultValue: '', toTableName: '', relationshipType: 'ONE_TO_ONE', customRegex: '' };
  if (isRelation(c)) return { name: c.name, dataType: c.dataType, required: c.required, unique: false, indexed: false, defaultValue: '', toTableName: c.toTableName, relationshipType: c.relationshipType, customRegex: '' };
  return {
    name: c.name,
    dataType: c.dataType,
    required: c.required,
    unique: c.unique,
    indexed: c.indexed,
    defaultValue: c.defaultValue === null || c.defaultValue === undefined ? '' : String(c.defaultValue),
    toTableName: '',
    relationshipType: 'ONE_TO_ONE',
    customRegex: c.customRegex ?? '',
  };
}

/** The default value as the column's type stores it; undefined when the text does not fit. */
export function typedDefault(draft: ColumnDraft): { value: unknown } | { error: string } {
  const text = draft.defaultValue.trim();
  if (!text) return { value: null };
  switch (draft.dataType) {
    case 'INT':
    case 'DOUBLE': {
      const n = Number(text);
      if (!Number.isFinite(n) || (draft.dataType === 'INT' && !Number.isInteger(n))) return { error: draft.dataType === 'INT' ? 'Type a whole number' : 'Type a number' };
      return { value: n };
    }
    case 'BOOLEAN':
      if (text !== 'true' && text !== 'false') return { error: 'Choose true or false' };
      return { value: text === 'true' };
    case 'DATETIME': {
      const ms = Date.parse(text);
      return Number.isNaN(ms) ? { error: 'Type a date like 2026-04-28T10:00:00Z' } : { value: ms };
    }
    case 'JSON':
      return parseJsonText(text);
    default:
      return { value: draft.defaultValue };
  }
}

/**
 * Lines describing what saving an edited column does, and whether any of them can lose data or
 * break apps (then the summary asks before saving).
 */
export function describeChanges(before: SchemaColumn, after: ColumnDraft, recordCount: number | undefined): { lines: string[]; risky: boolean } {
  const lines: string[] = [];
  let risky = false;
  const rows = recordCount === undefined ? 'existing records' : `${recordCount.toLocaleString()} existing record${recordCount === 1 ? '' : 's'}`;
  if (before.name !== after.name) {
    lines.push(`Rename ${before.name} to ${after.name}. Apps, views and where clauses that use ${before.name} stop finding it.`);
    risky = true;
  }
  if (before.dataType !== after.dataType) {
    lines.push(`Change the type from ${TYPE_LABELS[before.dataType]} to ${TYPE_LABELS[after.dataType]}: the table is rebuilt and ${rows} are converted.`);
    risky = true;
  }
  if (!before.required && after.required) {
    lines.push(`Make ${after.name} required: ${rows} without a value get the default value, or the change is refused.`);
    risky = true;
  }
  if (before.required && !after.required) lines.push(`${after.name} becomes optional.`);
  if (!isRelation(before)) {
    if (!before.unique && after.unique) lines.push(`Values must be unique: refused if ${rows} hold duplicates.`);
    if (before.unique && !after.unique) lines.push('Duplicate values become allowed.');
    if (before.indexed !== after.indexed) lines.push(after.indexed ? 'Add an index (faster where and sort on this column).' : 'Drop the index.');
    const oldDefault = before.defaultValue === null || before.defaultValue === undefined ? '' : String(before.defaultValue);
    const oldRegex = before.customRegex ?? '';
    const newRegex = VALIDATED_TYPES.has(after.dataType) ? after.customRegex : '';
    if (oldRegex !== newRegex) lines.push(newRegex ? `Validator becomes ${newRegex}: new writes must match it; stored values are not checked.` : 'Remove the validator.');
    if (oldDefault !== after.defaultValue.trim()) lines.push(after.defaultValue.trim() ? `Default value becomes ${after.defaultValue.trim()} (new records only).` : 'Remove the default value.');
  }
  return { lines, risky };
}
