import type { DataType } from '@basalt/shared';
import { assertColumnName } from '../data/index.js';
import type { AirtableField, AirtableTable } from './airtable-client.js';

/** Airtable field types and the Basalt column type their values go to; types not listed become JSON. */
const TYPES: Record<string, DataType> = {
  singleLineText: 'STRING',
  email: 'STRING',
  url: 'STRING',
  phoneNumber: 'STRING',
  singleSelect: 'STRING',
  barcode: 'JSON',
  multilineText: 'TEXT',
  richText: 'TEXT',
  number: 'DOUBLE',
  percent: 'DOUBLE',
  currency: 'DOUBLE',
  duration: 'DOUBLE',
  rating: 'INT',
  count: 'INT',
  autoNumber: 'INT',
  checkbox: 'BOOLEAN',
  date: 'DATETIME',
  dateTime: 'DATETIME',
  createdTime: 'DATETIME',
  lastModifiedTime: 'DATETIME',
};

/** The column a field goes to. A number field without decimals (precision 0) holds whole numbers. */
export function dataTypeOf(field: AirtableField): DataType {
  if (field.type === 'number' && field.options?.precision === 0) return 'INT';
  return TYPES[field.type] ?? 'JSON';
}

/**
 * A Basalt name for an Airtable name: letters, digits and `_` (others become `_`), starting with a
 * letter, at most 64; reserved words and names taken get a number.
 */
export function basaltName(raw: string, prefix: string, taken: Set<string>, valid: (n: string) => boolean): string {
  let base = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[A-Za-z]/.test(base)) base = `${prefix}${base}`;
  base = base.slice(0, 60);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()) || !valid(name); i++) name = `${base}_${i}`;
  taken.add(name.toLowerCase());
  return name;
}

const validColumn = (n: string) => {
  try {
    assertColumnName(n);
    return true;
  } catch {
    return false;
  }
};

/** How one Airtable table becomes a Basalt table: its name and each field's column. */
export interface TablePlan {
  id: string;
  name: string;
  tableName: string;
  fields: Array<{ name: string; type: string; columnName: string; dataType: DataType }>;
}

/**
 * The plan of every table of a base. Table names avoid `existing` (the app's tables); each table
 * also gets an `airtableId` column with the record's Airtable id, so links between tables can be
 * followed after the import.
 */
export function planTables(tables: AirtableTable[], existing: Set<string>, validTable: (n: string) => boolean) {
  const takenTables = new Set([...existing].map((n) => n.toLowerCase()));
  return tables.map((t): TablePlan => {
    const takenColumns = new Set(['airtableid', 'objectid', 'ownerid', 'created', 'updated']);
    return {
      id: t.id,
      name: t.name,
      tableName: basaltName(t.name, 'T', takenTables, validTable),
      fields: t.fields.map((f) => ({
        name: f.name,
        type: f.type,
        columnName: basaltName(f.name, 'f', takenColumns, validColumn),
        dataType: dataTypeOf(f),
      })),
    };
  });
}

/** An Airtable value as the column stores it; what does not fit is left out (null). */
export function valueFor(dataType: DataType, value: unknown): unknown {
  // Airtable leaves an unticked checkbox out of the record: it is false, not unknown.
  if (dataType === 'BOOLEAN') return value === true;
  if (value === undefined || value === null) return null;
  switch (dataType) {
    case 'STRING':
    case 'TEXT':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'INT':
    case 'DOUBLE': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) return null;
      return dataType === 'INT' ? Math.round(n) : n;
    }
    case 'DATETIME': {
      const t = Date.parse(String(value));
      return Number.isFinite(t) ? t : null;
    }
    default:
      return value;
  }
}
