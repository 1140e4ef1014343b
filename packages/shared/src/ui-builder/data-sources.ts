import type { ColumnRef, Condition, Literal, Operand, SortItem } from '../where/ast.js';
import { conditionColumns } from '../where/build.js';
import { parseSortBy, parseWhere } from '../where/parser.js';
import { WhereSyntaxError } from '../where/tokenizer.js';
import { WhereLimitError } from '../where/limits.js';
import type { DataSource, PathBinding } from './document.js';
import { UI_IDENT_PATTERN } from './names.js';

/** What the validator needs to know of a table: the names of its columns and relations. */
export interface UiTableInfo {
  columns: readonly string[];
}

export interface UiIssue {
  /** Where in the document: `children[0].props.text`, `dataSources[1].where`. */
  path: string;
  code: UiIssueCode;
  message: string;
}

export type UiIssueCode =
  | 'BAD_DOCUMENT'
  | 'TOO_LARGE'
  | 'TOO_MANY_NODES'
  | 'TOO_DEEP'
  | 'COMPONENT_CYCLE'
  | 'UNKNOWN_COMPONENT'
  | 'UNKNOWN_PROP'
  | 'BAD_PROP'
  | 'UNKNOWN_BINDING'
  | 'UNKNOWN_DATA_SOURCE'
  | 'UNKNOWN_I18N_KEY'
  | 'DUPLICATE_UID'
  | 'BAD_CHILDREN'
  | 'BAD_STYLE'
  | 'BAD_DATA_SOURCE'
  | 'BAD_WHERE'
  | 'UNKNOWN_TABLE'
  | 'UNKNOWN_COLUMN'
  | 'UNKNOWN_PARAM';

const MAX_WHERE = 5_000;
const COLUMN = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** A `$name` column reference of a where text: a data source parameter, not a column. */
const paramOf = (ref: ColumnRef): string | undefined =>
  ref.path.length === 1 && ref.path[0].startsWith('$') ? ref.path[0].slice(1) : undefined;

/** Parses a data source's `where`; the error text (with its position) when it does not parse. */
export function parseDataSourceWhere(where: string | undefined): { condition: Condition | null } | { error: string } {
  if (where === undefined || where.trim() === '') return { condition: null };
  if (where.length > MAX_WHERE) return { error: `the where is longer than ${MAX_WHERE} characters` };
  try {
    return { condition: parseWhere(where) };
  } catch (e) {
    if (e instanceof WhereSyntaxError || e instanceof WhereLimitError) return { error: e.message };
    throw e;
  }
}

/** The sort items of a data source (`amount desc`); the error text when they do not parse. */
export function parseDataSourceSort(sortBy: string | string[] | undefined): { items: SortItem[] } | { error: string } {
  if (sortBy === undefined || sortBy === '' || (Array.isArray(sortBy) && sortBy.length === 0)) return { items: [] };
  try {
    return { items: parseSortBy(sortBy) };
  } catch (e) {
    if (e instanceof WhereSyntaxError || e instanceof WhereLimitError) return { error: e.message };
    throw e;
  }
}

/**
 * The condition with every `$name` parameter replaced by its value as a literal: values from the
 * URL or page data are bound into the parsed tree, never spliced into the where text. A parameter
 * without a value binds null (so `id = $id` matches nothing rather than everything).
 */
export function bindWhereParams(
  cond: Condition,
  values: Readonly<Record<string, string | number | boolean | null | undefined>>,
): Condition {
  const operand = (o: Operand): Operand => {
    if (o.kind === 'column') {
      const name = paramOf(o);
      if (name === undefined) return o;
      const v = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : null;
      const lit: Literal = { kind: 'literal', value: v ?? null, pos: o.pos };
      return lit;
    }
    if (o.kind === 'distance') return { ...o, args: o.args.map(operand) as typeof o.args };
    if (o.kind === 'spatial') return { ...o, args: o.args.map(operand) as typeof o.args };
    return o;
  };
  const walk = (c: Condition): Condition => {
    switch (c.kind) {
      case 'and':
      case 'or':
        return { ...c, left: walk(c.left), right: walk(c.right) };
      case 'not':
        return { ...c, expr: walk(c.expr) };
      case 'compare':
        return { ...c, left: operand(c.left), right: operand(c.right) };
      case 'like':
        return { ...c, target: operand(c.target), pattern: operand(c.pattern) };
      case 'in':
        return { ...c, target: operand(c.target), values: c.values.map(operand) };
      case 'isNull':
        return { ...c, target: operand(c.target) };
      case 'between':
        return { ...c, target: operand(c.target), low: operand(c.low), high: operand(c.high) };
    }
  };
  return walk(cond);
}

const isPathBinding = (v: unknown): v is PathBinding =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as PathBinding).$path === 'string';

/**
 * Checks one data source: its shape, its where and sort (parsed with the where language's parser),
 * and, when `table` is known, every column they name. `checkPath` checks a `$path` parameter.
 */
export function checkDataSource(
  ds: unknown,
  at: string,
  tables: ((name: string) => UiTableInfo | undefined) | undefined,
  checkPath: (binding: PathBinding, at: string) => void,
  issue: (path: string, code: UiIssueCode, message: string) => void,
): DataSource | undefined {
  if (!ds || typeof ds !== 'object' || Array.isArray(ds)) {
    issue(at, 'BAD_DATA_SOURCE', 'A data source must be an object');
    return undefined;
  }
  const d = ds as Record<string, unknown>;
  for (const key of Object.keys(d))
    if (!['id', 'kind', 'table', 'where', 'params', 'props', 'sortBy', 'pageSize'].includes(key))
      issue(`${at}.${key}`, 'BAD_DATA_SOURCE', `A data source has no field '${key.slice(0, 40)}'`);
  if (typeof d.id !== 'string' || !UI_IDENT_PATTERN.test(d.id))
    issue(`${at}.id`, 'BAD_DATA_SOURCE', 'A data source id is a letter or _, then letters, digits or _ (at most 50)');
  if (d.kind !== 'table') issue(`${at}.kind`, 'BAD_DATA_SOURCE', "The data source kind must be 'table'");
  const name = typeof d.table === 'string' ? d.table : '';
  if (!COLUMN.test(name)) issue(`${at}.table`, 'BAD_DATA_SOURCE', 'A data source names its table');
  const info = name && tables ? tables(name) : undefined;
  if (name && tables && !info) issue(`${at}.table`, 'UNKNOWN_TABLE', `Table '${name.slice(0, 100)}' does not exist`);
  const known = info ? new Set(info.columns) : undefined;
  const column = (ref: ColumnRef, where: string) => {
    if (known && !known.has(ref.path[0]))
      issue(where, 'UNKNOWN_COLUMN', `Table '${name}' has no column '${ref.path[0].slice(0, 100)}'`);
  };

  const params = d.params ?? {};
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    issue(`${at}.params`, 'BAD_DATA_SOURCE', 'params must be an object of parameter values');
  } else {
    for (const [key, value] of Object.entries(params)) {
      if (!UI_IDENT_PATTERN.test(key))
        issue(`${at}.params`, 'BAD_DATA_SOURCE', `'${key.slice(0, 50)}' is not a parameter name`);
      else if (isPathBinding(value) && Object.keys(value).length === 1) checkPath(value, `${at}.params.${key}`);
      else if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
        issue(`${at}.params.${key}`, 'BAD_DATA_SOURCE', 'A parameter is a literal or a {"$path": …} binding');
    }
  }

  if (d.where !== undefined && typeof d.where !== 'string') issue(`${at}.where`, 'BAD_WHERE', 'where must be text');
  else {
    const parsed = parseDataSourceWhere(d.where as string | undefined);
    if ('error' in parsed)
      issue(`${at}.where`, 'BAD_WHERE', `The where of data source '${String(d.id)}' is not valid: ${parsed.error}`);
    else if (parsed.condition) {
      for (const ref of conditionColumns(parsed.condition)) {
        const param = paramOf(ref);
        if (param === undefined) column(ref, `${at}.where`);
        else if (!Object.prototype.hasOwnProperty.call(params ?? {}, param))
          issue(
            `${at}.where`,
            'UNKNOWN_PARAM',
            `The where of data source '${String(d.id)}' uses $${param}, which params does not declare`,
          );
      }
    }
  }

  if (
    d.sortBy !== undefined &&
    typeof d.sortBy !== 'string' &&
    !(Array.isArray(d.sortBy) && d.sortBy.every((s) => typeof s === 'string'))
  )
    issue(`${at}.sortBy`, 'BAD_DATA_SOURCE', 'sortBy is text or a list of texts');
  else {
    const sort = parseDataSourceSort(d.sortBy as string | string[] | undefined);
    if ('error' in sort) issue(`${at}.sortBy`, 'BAD_DATA_SOURCE', `sortBy is not valid: ${sort.error}`);
    else
      for (const item of sort.items) {
        if (item.target.kind !== 'column') issue(`${at}.sortBy`, 'BAD_DATA_SOURCE', 'sortBy names columns only');
        else column(item.target, `${at}.sortBy`);
      }
  }

  if (d.props !== undefined) {
    if (
      !Array.isArray(d.props) ||
      d.props.length > 100 ||
      !d.props.every((p) => typeof p === 'string' && COLUMN.test(p))
    )
      issue(`${at}.props`, 'BAD_DATA_SOURCE', 'props is a list of column names');
    else
      for (const p of d.props as string[])
        if (known && !known.has(p)) issue(`${at}.props`, 'UNKNOWN_COLUMN', `Table '${name}' has no column '${p}'`);
  }
  if (
    d.pageSize !== undefined &&
    (!Number.isInteger(d.pageSize) || (d.pageSize as number) < 1 || (d.pageSize as number) > 100)
  )
    issue(`${at}.pageSize`, 'BAD_DATA_SOURCE', 'pageSize is a whole number from 1 to 100');
  return d as unknown as DataSource;
}
