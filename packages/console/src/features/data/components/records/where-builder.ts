import type { DataColumn } from '@basalt/shared';
import { GeometryError, fromWkt, isSpatialType, toWkt } from '@basalt/shared';
import { formatDateTimeWithZone, parseLocalDateTime, whereLiteral } from '../../data-format';

/** One row of the filter builder. */
export interface Condition {
  column: string;
  op: string;
  value: string;
  /** Second value of `between`. */
  value2: string;
}

export type Combinator = 'and' | 'or';

type Kind = 'text' | 'number' | 'boolean' | 'date' | 'spatial' | 'json';

interface Operator {
  value: string;
  label: string;
  /** How many values it takes. */
  arity: 0 | 1 | 2;
}

const NULL_OPS: Operator[] = [
  { value: 'empty', label: 'is empty', arity: 0 },
  { value: 'notEmpty', label: 'is not empty', arity: 0 },
];

const OPERATORS: Record<Kind, Operator[]> = {
  text: [
    { value: '=', label: 'is', arity: 1 },
    { value: '!=', label: 'is not', arity: 1 },
    { value: 'contains', label: 'contains', arity: 1 },
    { value: 'starts', label: 'starts with', arity: 1 },
    { value: 'notContains', label: 'does not contain', arity: 1 },
    { value: 'in', label: 'is one of (comma separated)', arity: 1 },
    ...NULL_OPS,
  ],
  number: [
    { value: '=', label: '=', arity: 1 },
    { value: '!=', label: '≠', arity: 1 },
    { value: '<', label: '<', arity: 1 },
    { value: '<=', label: '≤', arity: 1 },
    { value: '>', label: '>', arity: 1 },
    { value: '>=', label: '≥', arity: 1 },
    { value: 'between', label: 'between', arity: 2 },
    ...NULL_OPS,
  ],
  boolean: [
    { value: 'true', label: 'is true', arity: 0 },
    { value: 'false', label: 'is false', arity: 0 },
    ...NULL_OPS,
  ],
  date: [
    { value: 'on', label: 'on the day', arity: 1 },
    { value: '<', label: 'before', arity: 1 },
    { value: '>', label: 'after', arity: 1 },
    { value: 'between', label: 'between', arity: 2 },
    ...NULL_OPS,
  ],
  // The where language's spatial functions (decision 0028), WKT typed in the value.
  spatial: [
    { value: 'within', label: 'is within (WKT polygon)', arity: 1 },
    { value: 'intersects', label: 'intersects (WKT)', arity: 1 },
    { value: 'near', label: 'within metres of (WKT point, metres)', arity: 2 },
    ...NULL_OPS,
  ],
  // A value inside a JSON document, by its JSON path (`doc->'$.a' = 1`; decision 0029).
  json: [
    { value: 'pathIs', label: 'at JSON path ($.a) is', arity: 2 },
    { value: 'pathContains', label: 'at JSON path ($.a) contains', arity: 2 },
    ...NULL_OPS,
  ],
};

/** A JSON path as the where language takes it, or what to type. */
function jsonPath(text: string): { text: string } | { error: string } {
  const t = text.trim();
  return t.startsWith('$') ? { text: whereLiteral(t) } : { error: 'Type a JSON path such as $.address.city' };
}

/** The value a JSON path is compared with: a number, true, false or text. */
function jsonValue(text: string): string {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t;
  return t !== '' && Number.isFinite(Number(t)) ? String(Number(t)) : whereLiteral(text);
}

/** A WKT literal checked as the server checks it, or what is wrong with it. */
function wktLiteral(text: string): { text: string } | { error: string } {
  try {
    return { text: whereLiteral(toWkt(fromWkt(text.trim()))) };
  } catch (err) {
    if (err instanceof GeometryError) return { error: `Not a valid WKT geometry: ${err.message}` };
    throw err;
  }
}

function kindOf(dataType: string): Kind {
  if (dataType === 'INT' || dataType === 'DOUBLE') return 'number';
  if (dataType === 'BOOLEAN') return 'boolean';
  if (dataType === 'DATETIME') return 'date';
  if (isSpatialType(dataType)) return 'spatial';
  if (dataType === 'JSON') return 'json';
  return 'text';
}

/** Operators offered for a column, by its type. */
export function operatorsFor(column: DataColumn | undefined): Operator[] {
  return OPERATORS[kindOf(column?.dataType ?? 'STRING')];
}

export function arityOf(column: DataColumn | undefined, op: string): number {
  return operatorsFor(column).find((o) => o.value === op)?.arity ?? 1;
}

/** What a value input of this column takes, as its placeholder says. */
export function valueHint(column: DataColumn | undefined): string {
  const kind = kindOf(column?.dataType ?? 'STRING');
  return kind === 'number' ? 'a number' : kind === 'date' ? 'yyyy-mm-dd or d-m-yyyy' : kind === 'spatial' ? 'POLYGON((x y, …)) or POINT(x y)' : kind === 'json' ? '$.path, then the value' : 'text';
}

export function emptyCondition(column: DataColumn | undefined): Condition {
  return { column: column?.name ?? '', op: operatorsFor(column)[0].value, value: '', value2: '' };
}

/** A typed literal of the where language, or an error saying what to type. */
function literal(column: DataColumn, text: string): { text: string } | { error: string } {
  const kind = kindOf(column.dataType);
  const t = text.trim();
  if (kind === 'number') {
    const n = Number(t);
    return t !== '' && Number.isFinite(n) ? { text: String(n) } : { error: 'Type a number, with . for decimals' };
  }
  if (kind === 'date') {
    // Dates go as epoch milliseconds of the browser's time zone, as the grid shows them.
    const ms = parseLocalDateTime(t);
    return ms === null ? { error: 'Type a date as yyyy-mm-dd or d-m-yyyy, optionally with hh:mm' } : { text: String(ms) };
  }
  return { text: whereLiteral(text) };
}

/** One condition as where text, or the message for its value input. */
export function conditionText(column: DataColumn | undefined, c: Condition): { text: string } | { error: string } {
  if (!column) return { error: 'Choose a column' };
  const name = column.name;
  switch (c.op) {
    case 'on': {
      // The whole local day of the date typed (a time typed with it is ignored); the next
      // midnight comes from the calendar, so days of a summer-time change are 23 or 25 hours.
      const ms = parseLocalDateTime(c.value.trim());
      if (ms === null) return { error: 'Type a date as yyyy-mm-dd or d-m-yyyy' };
      const d = new Date(ms);
      const start = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
      const end = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
      return { text: `${name} >= ${start} and ${name} < ${end}` };
    }
    case 'empty':
      return { text: `${name} is null` };
    case 'notEmpty':
      return { text: `${name} is not null` };
    case 'true':
    case 'false':
      return { text: `${name} = ${c.op}` };
    case 'contains':
    case 'starts':
    case 'notContains': {
      const pattern = c.op === 'starts' ? `${c.value}%` : `%${c.value}%`;
      return { text: `${name} ${c.op === 'notContains' ? 'not like' : 'like'} ${whereLiteral(pattern)}` };
    }
    case 'within':
    case 'intersects': {
      const wkt = wktLiteral(c.value);
      return 'error' in wkt ? wkt : { text: `${c.op === 'within' ? 'Within' : 'Intersects'}(${name}, ${wkt.text}) = true` };
    }
    case 'near': {
      const wkt = wktLiteral(c.value);
      if ('error' in wkt) return wkt;
      const metres = Number(c.value2.trim());
      if (c.value2.trim() === '' || !Number.isFinite(metres) || metres < 0) return { error: 'Type the distance in metres' };
      return { text: `distanceOnSphere(${name}, ${wkt.text}) <= ${metres}` };
    }
    case 'pathIs':
    case 'pathContains': {
      const path = jsonPath(c.value);
      if ('error' in path) return path;
      if (c.op === 'pathContains') return { text: `${name}->${path.text} like ${whereLiteral(`%${c.value2}%`)}` };
      return c.value2.trim() === 'null' ? { text: `${name}->${path.text} is null` } : { text: `${name}->${path.text} = ${jsonValue(c.value2)}` };
    }
    case 'in': {
      const items = c.value.split(',').map((s) => s.trim()).filter(Boolean);
      return items.length ? { text: `${name} in (${items.map((s) => whereLiteral(s)).join(', ')})` } : { error: 'Type one or more values, separated by commas' };
    }
    case 'between': {
      const from = literal(column, c.value);
      const to = literal(column, c.value2);
      if ('error' in from) return from;
      if ('error' in to) return to;
      return { text: `${name} between ${from.text} and ${to.text}` };
    }
    default: {
      const value = literal(column, c.value);
      return 'error' in value ? value : { text: `${name} ${c.op} ${value.text}` };
    }
  }
}

/** The where text of every condition joined, or the errors by row. */
export function whereText(columns: DataColumn[], conditions: Condition[], combinator: Combinator): { text: string; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const parts: string[] = [];
  conditions.forEach((c, i) => {
    const out = conditionText(columns.find((col) => col.name === c.column), c);
    if ('error' in out) errors[i] = out.error;
    else parts.push(conditions.length > 1 ? `(${out.text})` : out.text);
  });
  return { text: parts.join(` ${combinator} `), errors };
}

/**
 * A where text with the epoch numbers compared to date columns written as dates in the browser's
 * zone (`born >= 1735599600000` reads `born >= 2024-12-31 00:00:00 GMT+1`); null when it has none.
 * Only for showing: the filter sent stays the text typed. Quoted text is left alone.
 */
export function readableFilter(filter: string, columns: Array<Pick<DataColumn, 'name' | 'dataType'>>): string | null {
  const dates = new Set(columns.filter((c) => c.dataType === 'DATETIME').map((c) => c.name.toLowerCase()));
  if (!dates.size) return null;
  let changed = false;
  // Strings first (kept as they are), then `<date column> <op> <number>` and `between <n> and <n>`.
  const out = filter.replace(/'(?:[^']|'')*'|\b([A-Za-z_][A-Za-z0-9_]*)(\s*(?:<=|>=|!=|<>|=|<|>)\s*|\s+between\s+)(-?\d{1,15})(?:(\s+and\s+)(-?\d{1,15}))?\b/gi, (all, column?: string, op?: string, a?: string, and?: string, b?: string) => {
    if (!column || !dates.has(column.toLowerCase())) return all;
    changed = true;
    const second = and && b ? `${and}${formatDateTimeWithZone(Number(b))}` : '';
    return `${column}${op}${formatDateTimeWithZone(Number(a))}${second}`;
  });
  return changed ? out : null;
}
