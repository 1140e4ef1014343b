import { sql, type RawBuilder } from 'kysely';
import { parseExpression, parseProps, WhereSyntaxError, type Arithmetic, type PropItem } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { ColumnMeta, TableMeta } from '../schema/app-schema.js';
import { isHidden } from './values.js';
import { jsonText } from './json-values.js';

/**
 * Values of an update body that ask the database to compute the new value (decision 0029):
 * `{___class: 'BackendlessExpression', value: 'hourlyRate + 10'}` on a number column, and
 * `{___operation: 'JSON_SET' | …, args}` on a JSON column. Both become SQL with every number,
 * path and value bound as a parameter; column names come from the schema, never from the text.
 */

type Rec = Record<string, unknown>;
export type DbKind = 'sqlite' | 'postgres';

const isObject = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
export const isExpression = (v: unknown): v is { ___class: 'BackendlessExpression'; value: unknown } => isObject(v) && v.___class === 'BackendlessExpression';
export const isJsonOperation = (v: unknown): v is { ___operation: unknown; args: unknown } => isObject(v) && typeof v.___operation === 'string';

const NUMERIC = new Set(['INT', 'DOUBLE']);

/** Columns an expression reads (checked against the caller's readable columns before the write). */
export function expressionColumns(text: unknown): string[] {
  const names: string[] = [];
  const walk = (e: Arithmetic): void => {
    if (e.kind === 'column') names.push(e.name);
    else if (e.kind === 'negate') walk(e.expr);
    else if (e.kind === 'binary') {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(parsed(text));
  return names;
}

function parsed(text: unknown): Arithmetic {
  if (typeof text !== 'string') throw ApiError.field('BAD_REQUEST', 'value', 'A BackendlessExpression holds its expression as text in value');
  try {
    return parseExpression(text);
  } catch (err) {
    if (err instanceof WhereSyntaxError) throw ApiError.field('BAD_REQUEST', 'expression', `Invalid expression: ${err.message}`, { position: err.position, token: err.token.slice(0, 80) });
    throw err;
  }
}

/**
 * `BackendlessExpression` on `column`: the arithmetic over the record's own number columns,
 * computed in double precision (a division by zero gives null on both databases, as SQLite does)
 * and rounded for an INT column. A result beyond what the column holds is stored as null.
 */
export function expressionValue(table: TableMeta, column: ColumnMeta, value: { value: unknown }, mode: 'create' | 'update'): RawBuilder<unknown> {
  if (mode !== 'update') throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': an expression computes from the stored record, so it works in updates only`);
  if (!NUMERIC.has(column.dataType)) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}' (${column.dataType}) cannot take an expression: only INT and DOUBLE columns can`);
  const compile = (e: Arithmetic): RawBuilder<unknown> => {
    switch (e.kind) {
      case 'number':
        return sql`cast(${e.value} as double precision)`;
      case 'column': {
        const col = table.columns.find((c) => c.name === e.name);
        if (!col || isHidden(table, col)) throw ApiError.field('BAD_REQUEST', 'expression', `Invalid expression: column '${e.name.slice(0, 80)}' does not exist in table '${table.name}' (position ${e.pos})`, { token: e.name.slice(0, 80) });
        if (!NUMERIC.has(col.dataType)) throw ApiError.field('BAD_REQUEST', 'expression', `Invalid expression: column '${col.name}' is ${col.dataType}, not a number (position ${e.pos})`, { token: col.name });
        return sql`cast(${sql.ref(col.sqlName)} as double precision)`;
      }
      case 'negate':
        return sql`(-${compile(e.expr)})`;
      case 'binary':
        if (e.op === '/') return sql`(${compile(e.left)} / nullif(${compile(e.right)}, 0))`;
        return sql`(${compile(e.left)} ${sql.raw(e.op)} ${compile(e.right)})`;
    }
  };
  const expr = compile(parsed(value.value));
  // Non-finite (SQLite's overflow) or beyond a whole number's safe range: null, on both databases.
  if (column.dataType === 'INT') return sql`(case when abs(${expr}) < 9007199254740991 then cast(round(${expr}) as bigint) end)`;
  return sql`(case when abs(${expr}) <= 1.7976931348623157e308 then ${expr} end)`;
}

// ---------------------------------------------------------------------------------------------
// JSON

const JSON_OPS = ['JSON_SET', 'JSON_INSERT', 'JSON_REPLACE', 'JSON_REMOVE', 'JSON_ARRAY_APPEND', 'JSON_ARRAY_INSERT'] as const;
type JsonOp = (typeof JSON_OPS)[number];

const MAX_PATH_SEGMENTS = 32;
const MAX_ARGS = 100;

/** One step of a JSON path: an object member or an array index. */
export type PathStep = string | number;

/**
 * A JSON path as Backendless writes it (`$.address.city`, `$.numbers[2]`, `$."odd key"`): `$`
 * then members and indexes. Wildcards (`*`, `**`) select many values, so no update takes them.
 */
export function parseJsonPath(path: unknown, where = 'JSON path'): PathStep[] {
  if (typeof path !== 'string' || !path.startsWith('$') || path.length > 500) throw ApiError.badRequest(`Invalid ${where} ${JSON.stringify(String(path).slice(0, 80))}: a path starts with $ (at most 500 characters)`, { path: String(path).slice(0, 80) });
  const steps: PathStep[] = [];
  const re = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\."([^"\\]+)"|\[(\d{1,6})\]/y;
  let i = 1;
  while (i < path.length) {
    re.lastIndex = i;
    const m = re.exec(path);
    if (!m) throw ApiError.badRequest(`Invalid ${where} '${path.slice(0, 80)}' at character ${i}: use .member, ."member" or [index]`, { path: path.slice(0, 80) });
    steps.push(m[3] !== undefined ? Number(m[3]) : (m[1] ?? m[2]));
    i = re.lastIndex;
  }
  if (steps.length > MAX_PATH_SEGMENTS) throw ApiError.badRequest(`Invalid ${where}: at most ${MAX_PATH_SEGMENTS} steps`, { path: path.slice(0, 80) });
  return steps;
}

/** The path as SQLite reads it (rebuilt from the parsed steps, so only the checked forms reach it). */
export const sqlitePath = (steps: PathStep[]) => `$${steps.map((s) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? `.${s}` : `."${s}"`)).join('')}`;
/** The path as PostgreSQL's `#>` and `jsonb_set` read it: a text array. */
export const pgPath = (steps: PathStep[]) => steps.map(String);

/**
 * A JSON update operation on `column` as SQL of the database in use. `args` maps paths to values
 * (for JSON_REMOVE, a list of paths); they are applied in the order given, each on the result of
 * the one before, as MySQL applies them.
 */
export function jsonOperationValue(kind: DbKind, column: ColumnMeta, value: { ___operation: unknown; args: unknown }, mode: 'create' | 'update'): RawBuilder<unknown> {
  const op = value.___operation as JsonOp;
  if (!JSON_OPS.includes(op)) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': unknown JSON operation '${String(value.___operation).slice(0, 40)}' (one of ${JSON_OPS.join(', ')})`);
  if (mode !== 'update') throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': ${op} changes a stored document, so it works in updates only`);
  if (column.dataType !== 'JSON') throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}' (${column.dataType}) is not a JSON column: ${op} needs one`);
  const pairs: Array<[PathStep[], string | undefined]> = [];
  if (op === 'JSON_REMOVE') {
    if (!Array.isArray(value.args) || !value.args.length) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': JSON_REMOVE takes a list of paths in args`);
    for (const p of value.args) pairs.push([parseJsonPath(p), undefined]);
  } else {
    if (!isObject(value.args) || !Object.keys(value.args).length) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': ${op} takes an object of path → value in args`);
    for (const [p, v] of Object.entries(value.args)) pairs.push([parseJsonPath(p), jsonText(column.name, v)]);
  }
  if (pairs.length > MAX_ARGS) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': at most ${MAX_ARGS} paths in one operation`);
  for (const [steps] of pairs) {
    if (!steps.length) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': ${op} needs a path below the document root ($)`);
    if (op === 'JSON_ARRAY_INSERT' && typeof steps[steps.length - 1] !== 'number') throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': JSON_ARRAY_INSERT takes paths that end with an array index, like $.list[0]`);
  }
  let doc: RawBuilder<unknown> = kind === 'postgres' ? sql`coalesce(${sql.ref(column.sqlName)}, '{}'::jsonb)` : sql`coalesce(${sql.ref(column.sqlName)}, '{}')`;
  for (const [steps, v] of pairs) doc = kind === 'postgres' ? pgStep(op, doc, steps, v) : sqliteStep(op, doc, steps, v);
  return doc;
}

function pgStep(op: JsonOp, doc: RawBuilder<unknown>, steps: PathStep[], v: string | undefined): RawBuilder<unknown> {
  const p = sql`cast(${pgPath(steps)} as text[])`;
  const val = sql`cast(${v ?? 'null'} as jsonb)`;
  // jsonb_set and #- fail on a path through a scalar or a member name into an array, where MySQL
  // (and SQLite) leave the document as it is: they only run when the path's parent is an object
  // (the path ends with a member) or an array (it ends with an index).
  const parent = sql`cast(${pgPath(steps.slice(0, -1))} as text[])`;
  const fits = sql`jsonb_typeof(${doc} #> ${parent}) = ${typeof steps[steps.length - 1] === 'number' ? 'array' : 'object'}`;
  switch (op) {
    case 'JSON_SET':
      return sql`(case when ${fits} then jsonb_set(${doc}, ${p}, ${val}, true) else ${doc} end)`;
    case 'JSON_INSERT':
      return sql`(case when ${fits} and ${doc} #> ${p} is null then jsonb_set(${doc}, ${p}, ${val}, true) else ${doc} end)`;
    case 'JSON_REPLACE':
      return sql`(case when ${fits} and ${doc} #> ${p} is not null then jsonb_set(${doc}, ${p}, ${val}, false) else ${doc} end)`;
    case 'JSON_REMOVE':
      return sql`(case when ${fits} then ${doc} #- ${p} else ${doc} end)`;
    case 'JSON_ARRAY_APPEND':
      // An array gets the value at its end; a single value becomes an array of it and the value.
      return sql`(case when jsonb_typeof(${doc} #> ${p}) = 'array' then jsonb_set(${doc}, ${p}, (${doc} #> ${p}) || jsonb_build_array(${val}), false) when ${doc} #> ${p} is not null then jsonb_set(${doc}, ${p}, jsonb_build_array(${doc} #> ${p}, ${val}), false) else ${doc} end)`;
    case 'JSON_ARRAY_INSERT':
      return sql`(case when ${fits} then jsonb_insert(${doc}, ${p}, ${val}, false) else ${doc} end)`;
  }
}

function sqliteStep(op: JsonOp, doc: RawBuilder<unknown>, steps: PathStep[], v: string | undefined): RawBuilder<unknown> {
  const p = sqlitePath(steps);
  const val = sql`json(${v ?? 'null'})`;
  switch (op) {
    case 'JSON_SET':
      return sql`json_set(${doc}, ${p}, ${val})`;
    case 'JSON_INSERT':
      return sql`json_insert(${doc}, ${p}, ${val})`;
    case 'JSON_REPLACE':
      return sql`json_replace(${doc}, ${p}, ${val})`;
    case 'JSON_REMOVE':
      return sql`json_remove(${doc}, ${p})`;
    case 'JSON_ARRAY_APPEND':
      return sql`(case when json_type(${doc}, ${p}) = 'array' then json_set(${doc}, ${`${p}[#]`}, ${val}) when json_type(${doc}, ${p}) is not null then json_set(${doc}, ${p}, json_array(json(${doc} -> ${p}), ${val})) else ${doc} end)`;
    case 'JSON_ARRAY_INSERT': {
      // SQLite has no array insert: the array is rebuilt with the value placed before the index
      // (after the last element when the index is past the end), elements kept as JSON.
      const parent = sqlitePath(steps.slice(0, -1));
      const index = steps[steps.length - 1] as number;
      const element = sql`(case type when 'object' then value when 'array' then value when 'true' then 'true' when 'false' then 'false' when 'null' then 'null' else json_quote(value) end)`;
      const rebuilt = sql`(select json_group_array(json(e)) from (select e from (select ${element} as e, cast(key as real) as k from json_each(${doc}, ${parent}) union all select ${v ?? 'null'}, ${index - 0.5}) order by k))`;
      return sql`(case when json_type(${doc}, ${parent}) = 'array' then json_set(${doc}, ${parent}, json(${rebuilt})) else ${doc} end)`;
    }
  }
}

/**
 * The value at a JSON path of a JSON column, for where clauses: as a number, text or boolean only
 * when the stored value has that JSON type (null otherwise, so `'abc' > 30` is false on both
 * databases instead of SQLite's type order), or as stored (`any`, for IS NULL).
 */
export function jsonPathValue(kind: DbKind, doc: RawBuilder<unknown>, steps: PathStep[], as: 'text' | 'double' | 'boolean' | 'any' | 'json'): RawBuilder<unknown> {
  // 'json': the value as JSON (props): jsonb on PostgreSQL, JSON text on SQLite (parsed after).
  if (as === 'json') return kind === 'postgres' ? sql`(${doc} #> cast(${pgPath(steps)} as text[]))` : sql`(${doc} -> ${sqlitePath(steps)})`;
  if (kind === 'postgres') {
    const p = sql`cast(${pgPath(steps)} as text[])`;
    if (as === 'any') return sql`(${doc} #>> ${p})`;
    const type = as === 'double' ? 'number' : as === 'text' ? 'string' : 'boolean';
    const cast = as === 'double' ? sql`cast(${doc} #>> ${p} as double precision)` : as === 'boolean' ? sql`cast(${doc} #>> ${p} as boolean)` : sql`(${doc} #>> ${p})`;
    return sql`(case when jsonb_typeof(${doc} #> ${p}) = ${type} then ${cast} end)`;
  }
  const p = sqlitePath(steps);
  if (as === 'any') return sql`json_extract(${doc}, ${p})`;
  if (as === 'boolean') return sql`(case json_type(${doc}, ${p}) when 'true' then 1 when 'false' then 0 end)`;
  if (as === 'double') return sql`(case when json_type(${doc}, ${p}) in ('integer', 'real') then json_extract(${doc}, ${p}) end)`;
  return sql`(case when json_type(${doc}, ${p}) = 'text' then json_extract(${doc}, ${p}) end)`;
}

/**
 * Output names of the props that select a JSON path (`doc->'$.a' as a`, or the text itself
 * without an alias): SQLite answers them as JSON text, which the find parses.
 */
export function jsonPropNames(props: string[]): string[] {
  let items: PropItem[];
  try {
    items = parseProps(props);
  } catch {
    return [];
  }
  return items.flatMap((i) => (i.kind === 'column' && i.column.json ? [i.alias ?? jsonPropName(i.column.path.join('.'), i.column.json.path)] : []));
}

/** The name a JSON path prop is answered under when it has no alias. */
export const jsonPropName = (column: string, path: string) => `${column}->'${path}'`;

