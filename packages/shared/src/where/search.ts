/**
 * Free-text search → where text, following the reference console client's record-search rules:
 * the text is contains-matched against every searchable column and the per-column
 * conditions are OR-ed. Unlike the reference client, a single quote in the text is escaped, so a
 * search for `O'Brien` is a valid where instead of a syntax error.
 */
import { TextDataTypes } from '../data-types.js';

/** The parts of a table the search needs (a `tables.get` table or the server's TableInfo). */
export interface SearchableTable {
  name: string;
  columns: ReadonlyArray<{ name: string; dataType: string }>;
}

const LIKE_TYPES = new Set<string>([...TextDataTypes, 'INT', 'DOUBLE']);
/** Users columns that hold secrets or internal state, never searched. */
const USERS_EXCLUDED = new Set(['password', 'socialAccount', 'userStatus', 'lastLogin', 'isEmailConfirmed']);

const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(\s+(?:GMT\+\d+|GMT|GM|G))?$/;
const LEADING_DATE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{1,4})/;

/** Back-quotes each dot-separated segment, leaving segments already quoted or indexed (`[..]`). */
export function quoteColumnPath(name: string): string {
  return name
    .split('.')
    .map((seg) => (/^`.*`$/.test(seg) || /\[.*\]/.test(seg) ? seg : `\`${seg.replace(/`/g, '``')}\``))
    .join('.');
}

/** A where string literal: the text in single quotes with every quote doubled. */
export function quoteString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

const pad2 = (s: string) => s.padStart(2, '0');

/** The text a DATETIME column is LIKE-matched with: times zero-padded, `m-d-yyyy` → `yyyy-mm-dd`. */
export function dateTimeSearchText(text: string): string {
  const time = TIME.exec(text);
  if (time) {
    const [, h, m, s, zone] = time;
    return `${pad2(h)}:${pad2(m)}${s !== undefined ? `:${pad2(s)}` : ''}${zone ?? ''}`;
  }
  const date = LEADING_DATE.exec(text);
  if (date) {
    // The first number is the month, the second the day, as in the reference client.
    const [whole, month, day, year] = date;
    return `${year}-${pad2(month)}-${pad2(day)}${text.slice(whole.length)}`;
  }
  return text;
}

function columnCondition(column: { name: string; dataType: string }, text: string): string | null {
  const col = quoteColumnPath(column.name);
  if (LIKE_TYPES.has(column.dataType)) return `${col} like ${quoteString(`%${text}%`)}`;
  if (column.dataType === 'BOOLEAN') {
    const word = text.toLowerCase();
    if (word === 'true' || word === 'false') return `${col} = ${word}`;
    if (word === 'null') return `${col} is null`;
    return null;
  }
  if (column.dataType === 'DATETIME') return `${col} like ${quoteString(`%${dateTimeSearchText(text)}%`)}`;
  return null;
}

/** The OR of per-column conditions for a free-text search, or null when no column can match. */
export function buildSearchCondition(table: SearchableTable, text: string): string | null {
  const search = text.trim();
  if (search === '') return null;
  const parts: string[] = [];
  for (const column of table.columns) {
    if (column.name === 'objectId') continue;
    if (table.name === 'Users' && USERS_EXCLUDED.has(column.name)) continue;
    const cond = columnCondition(column, search);
    if (cond) parts.push(cond);
  }
  return parts.length > 0 ? parts.join(' or ') : null;
}

export interface SearchWhereOptions {
  /** The text is already a where condition: use it verbatim instead of searching. */
  sqlSearch?: boolean;
}

/**
 * The `where` of a records query from the search box text and the separate filter:
 * `<filterString> AND (<search>)` when both exist, else whichever exists, else undefined.
 */
export function buildSearchWhere(
  table: SearchableTable,
  text: string | null | undefined,
  filterString?: string | null,
  options: SearchWhereOptions = {},
): string | undefined {
  const trimmed = (text ?? '').trim();
  const search = options.sqlSearch ? trimmed || null : buildSearchCondition(table, trimmed);
  const filter = (filterString ?? '').trim() || null;
  if (filter && search) return `${filter} AND (${search})`;
  return filter ?? search ?? undefined;
}

/** `` `col` in ('a', 2) `` with strings quoted and escaped; undefined for an empty list (no clause). */
export function buildInClause(column: string, values: ReadonlyArray<string | number | boolean>): string | undefined {
  if (values.length === 0) return undefined;
  const list = values.map((v) => (typeof v === 'string' ? quoteString(v) : String(v))).join(', ');
  return `${quoteColumnPath(column)} in (${list})`;
}

export type DistanceUnitName = 'miles' | 'yards' | 'kilometers' | 'meters';

export interface DistanceQuery {
  latitude: number;
  longitude: number;
  radius: number;
  units: DistanceUnitName;
  /** the geo relation whose latitude/longitude are compared; the table's own columns when absent */
  column?: string;
}

/** `distance(lat, lng, latitude, longitude) < km(10)`; meters become kilometres (radius / 1000). */
export function buildDistanceClause(q: DistanceQuery): string {
  const unit = { miles: 'mi', yards: 'yd', kilometers: 'km', meters: 'km' }[q.units];
  const radius = q.units === 'meters' ? q.radius / 1000 : q.radius;
  const prefix = q.column ? `${quoteColumnPath(q.column)}.` : '';
  return `distance(${q.latitude}, ${q.longitude}, ${prefix}\`latitude\`, ${prefix}\`longitude\`) < ${unit}(${radius})`;
}
