import {
  parseProps,
  parseSortBy,
  parseWhere,
  WhereSyntaxError,
  type ConnectorColumn,
  type ConnectorProcedure,
  type ConnectorTable,
} from '@basalt/shared';
import type { Condition, Operand } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { ExternalDb, ReadLimits, Row } from '../sql-service/drivers/driver.js';
import type { SqlDialect } from '../sql-service/sql-text.js';

/**
 * The SQL a data connector sends to its external database (decision 0084): the catalogue of
 * tables, columns and routines, the where language compiled for that database, and routine calls.
 * Names come only from the catalogue the database answered and are quoted; every value is a bound
 * parameter (`$n` on PostgreSQL, `?` on MySQL/MariaDB and SQLite).
 */

const META: ReadLimits = { timeoutMs: 10_000, maxRows: 20_000 };

/** A quoted name for the dialect. */
export function quoteName(dialect: SqlDialect, name: string): string {
  return dialect === 'mysql' ? '`' + name.replace(/`/g, '``') + '`' : '"' + name.replace(/"/g, '""') + '"';
}

/** The console's data type of a database column type. */
export function consoleType(sqlType: string): string {
  const t = sqlType.toLowerCase();
  if (/^(tinyint\(1\)|bool|boolean)/.test(t)) return 'BOOLEAN';
  if (/(^|\s)(int|integer|bigint|smallint|mediumint|tinyint|serial|bigserial|smallserial)\b/.test(t) || /^int/.test(t))
    return 'INT';
  if (/^(numeric|decimal|real|double|float|money)/.test(t)) return 'DOUBLE';
  if (/^(date|time|timestamp|datetime|year)/.test(t)) return 'DATETIME';
  if (/^(text|longtext|mediumtext|tinytext|clob|json|jsonb|xml)/.test(t)) return 'TEXT';
  if (/^(char|varchar|character|nchar|nvarchar|uuid|enum|set|citext|name)/.test(t)) return 'STRING';
  return 'UNKNOWN';
}

/** Tables and views of the connector's schema with their columns, in one catalogue read. */
export async function catalogue(db: ExternalDb, schema: string): Promise<ConnectorTable[]> {
  let rows: Row[];
  if (db.dialect === 'postgres') {
    rows = (
      await db.read(
        `select c.table_name as tbl, t.table_type as ttype, c.column_name as name, c.data_type as type,
                c.is_nullable as nullable,
                exists (select 1 from information_schema.table_constraints tc
                          join information_schema.key_column_usage k
                            on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                           and k.table_name = tc.table_name
                         where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                           and tc.table_name = c.table_name and k.column_name = c.column_name) as pk
           from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = $1
          order by c.table_name, c.ordinal_position`,
        [schema],
        META,
      )
    ).rows;
  } else if (db.dialect === 'mysql') {
    rows = (
      await db.read(
        `select c.table_name as tbl, t.table_type as ttype, c.column_name as name, c.column_type as type,
                c.is_nullable as nullable, c.column_key = 'PRI' as pk
           from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = database()
          order by c.table_name, c.ordinal_position`,
        [],
        META,
      )
    ).rows;
  } else {
    rows = (
      await db.read(
        `select m.name as tbl, m.type as ttype, p.name as name, p.type as type,
                case when p."notnull" = 1 then 'NO' else 'YES' end as nullable, p.pk > 0 as pk
           from main.sqlite_master m join pragma_table_info(m.name) p
          where m.type in ('table', 'view') and m.name not like 'sqlite\\_%' escape '\\'
          order by m.name, p.cid`,
        [],
        META,
      )
    ).rows;
  }
  const tables = new Map<string, ConnectorTable>();
  for (const r of rows) {
    const name = String(r.tbl);
    let t = tables.get(name);
    if (!t) {
      t = { name, type: /view/i.test(String(r.ttype)) ? 'VIEW' : 'TABLE', columns: [] };
      tables.set(name, t);
    }
    const sqlType = String(r.type ?? '');
    t.columns.push({
      name: String(r.name),
      dataType: consoleType(sqlType),
      sqlType,
      required: r.nullable === 'NO',
      primaryKey: r.pk === true || Number(r.pk) === 1,
    });
  }
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A table's name as the database should read it (PostgreSQL: inside the connector's schema). */
function tableRef(dialect: SqlDialect, schema: string, table: string): string {
  return dialect === 'postgres'
    ? `${quoteName(dialect, schema)}.${quoteName(dialect, table)}`
    : quoteName(dialect, table);
}

type Value = string | number | boolean | null;

/** Compiles where-language trees to the dialect's SQL, collecting the bound values. */
class WhereCompiler {
  readonly values: unknown[] = [];
  private readonly columns: Map<string, ConnectorColumn>;

  constructor(
    private readonly dialect: SqlDialect,
    table: ConnectorTable,
  ) {
    this.columns = new Map(table.columns.map((c) => [c.name, c]));
  }

  private bind(v: Value): string {
    // Booleans as 1/0 where the database has no boolean type.
    this.values.push(typeof v === 'boolean' && this.dialect !== 'postgres' ? Number(v) : v);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }

  column(path: string[], pos: number): string {
    const name = path.join('.');
    if (path.length !== 1 || !this.columns.has(name))
      throw bad(`there is no column '${name}' in this table (position ${pos})`);
    return quoteName(this.dialect, name);
  }

  private operand(o: Operand): string {
    if (o.kind === 'column') {
      if (o.json) throw bad(`JSON paths are not supported on connector tables (position ${o.pos})`);
      return this.column(o.path, o.pos);
    }
    if (o.kind === 'literal') {
      if (o.value === null) return 'null';
      return this.bind(o.value);
    }
    throw bad(`${o.kind} is not supported on connector tables (position ${o.pos})`);
  }

  condition(c: Condition): string {
    switch (c.kind) {
      case 'and':
      case 'or':
        return `(${this.condition(c.left)} ${c.kind} ${this.condition(c.right)})`;
      case 'not':
        return `(not ${this.condition(c.expr)})`;
      case 'isNull':
        return `(${this.operand(c.target)} is ${c.negated ? 'not ' : ''}null)`;
      case 'compare': {
        const nullSide = [c.left, c.right].find((o) => o.kind === 'literal' && o.value === null);
        if (nullSide && (c.op === '=' || c.op === '!=')) {
          const other = nullSide === c.left ? c.right : c.left;
          return `(${this.operand(other)} is ${c.op === '!=' ? 'not ' : ''}null)`;
        }
        const op = c.op === '!=' ? '<>' : c.op;
        return `(${this.operand(c.left)} ${op} ${this.operand(c.right)})`;
      }
      case 'like': {
        // Case-insensitive, as the where language is over the app's own tables.
        const like = this.dialect === 'postgres' ? 'ilike' : 'like';
        return `(${this.operand(c.target)} ${c.negated ? 'not ' : ''}${like} ${this.operand(c.pattern)})`;
      }
      case 'in': {
        if (c.values.length === 0) return c.negated ? '(1 = 1)' : '(1 = 0)';
        const list = c.values.map((v) => this.operand(v)).join(', ');
        return `(${this.operand(c.target)} ${c.negated ? 'not ' : ''}in (${list}))`;
      }
      case 'between':
        return `(${this.operand(c.target)} ${c.negated ? 'not ' : ''}between ${this.operand(c.low)} and ${this.operand(c.high)})`;
    }
  }
}

const bad = (message: string) => ApiError.field('BAD_REQUEST', 'where', `Invalid where clause: ${message}`);

function parsed<T>(clause: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof WhereSyntaxError)
      throw ApiError.field('BAD_REQUEST', clause, `Invalid ${clause}: ${err.message}`);
    throw err;
  }
}

export interface EntriesQuery {
  where?: string;
  sortBy?: string | string[];
  props?: string | string[];
  pageSize: number;
  offset: number;
}

/** The where part (` where …`) and its values. */
function wherePart(
  dialect: SqlDialect,
  table: ConnectorTable,
  where: string | undefined,
): WhereCompiler & { sql: string } {
  const compiler = new WhereCompiler(dialect, table);
  const tree = where && where.trim() ? parsed('where', () => parseWhere(where)) : null;
  return Object.assign(compiler, { sql: tree ? ` where ${compiler.condition(tree)}` : '' });
}

/** Rows of a page of the table: the where language compiled, sorted, paged. */
export async function findEntries(
  db: ExternalDb,
  schema: string,
  table: ConnectorTable,
  q: EntriesQuery,
  limits: ReadLimits,
): Promise<Row[]> {
  const d = db.dialect;
  const w = wherePart(d, table, q.where);
  const props = parsed('props', () => parseProps(q.props ?? []));
  const items: string[] = [];
  for (const p of props) {
    if (p.kind === 'all') items.push(...table.columns.map((c) => quoteName(d, c.name)));
    else if (p.kind === 'column') {
      const c = w.column(p.column.path, p.column.pos);
      items.push(p.alias ? `${c} as ${quoteName(d, p.alias)}` : c);
    } else throw ApiError.field('BAD_REQUEST', 'props', 'Aggregates are not supported on connector tables');
  }
  if (items.length === 0) items.push(...table.columns.map((c) => quoteName(d, c.name)));
  const sort = parsed('sortBy', () => parseSortBy(q.sortBy ?? []));
  const order = sort.map((s) => {
    if (s.target.kind !== 'column') throw ApiError.field('BAD_REQUEST', 'sortBy', 'Sort connector tables by columns');
    return `${w.column(s.target.path, s.target.pos)} ${s.descending ? 'desc' : 'asc'}`;
  });
  // Without a sort, the primary key keeps pages stable.
  if (order.length === 0)
    order.push(...table.columns.filter((c) => c.primaryKey).map((c) => `${quoteName(d, c.name)} asc`));
  const text =
    `select ${items.join(', ')} from ${tableRef(d, schema, table.name)}${w.sql}` +
    (order.length ? ` order by ${order.join(', ')}` : '') +
    ` limit ${Math.floor(q.pageSize)} offset ${Math.floor(q.offset)}`;
  return (await db.read(text, w.values, limits)).rows;
}

/** How many rows of the table match the where clause. */
export async function countEntries(
  db: ExternalDb,
  schema: string,
  table: ConnectorTable,
  where: string | undefined,
  limits: ReadLimits,
): Promise<number> {
  const w = wherePart(db.dialect, table, where);
  const text = `select count(*) as n from ${tableRef(db.dialect, schema, table.name)}${w.sql}`;
  const [row] = (await db.read(text, w.values, { ...limits, maxRows: 1 })).rows;
  return Number(row?.n ?? 0);
}

export interface Routine extends ConnectorProcedure {
  /** The database's own id of the routine (PostgreSQL overloads differ by it). */
  specific: string;
}

/** The stored routines of the connector's schema with their parameters (SQLite has none). */
export async function routines(db: ExternalDb, schema: string): Promise<Routine[]> {
  if (db.dialect === 'sqlite') return [];
  const rows =
    db.dialect === 'postgres'
      ? (
          await db.read(
            `select r.specific_name as spec, r.routine_name as name, r.routine_type as type,
                    p.parameter_name as pname, p.data_type as ptype, p.parameter_mode as pmode
               from information_schema.routines r
               left join information_schema.parameters p
                 on p.specific_schema = r.specific_schema and p.specific_name = r.specific_name
              where r.routine_schema = $1 and r.routine_type in ('FUNCTION', 'PROCEDURE')
                and coalesce(r.data_type, '') <> 'trigger'
              order by r.routine_name, r.specific_name, p.ordinal_position`,
            [schema],
            META,
          )
        ).rows
      : (
          await db.read(
            `select r.specific_name as spec, r.routine_name as name, r.routine_type as type,
                    p.parameter_name as pname, p.dtd_identifier as ptype, p.parameter_mode as pmode
               from information_schema.routines r
               left join information_schema.parameters p
                 on p.specific_schema = r.routine_schema and p.specific_name = r.specific_name
                and p.ordinal_position > 0
              where r.routine_schema = database()
              order by r.routine_name, p.ordinal_position`,
            [],
            META,
          )
        ).rows;
  const out = new Map<string, Routine>();
  for (const r of rows) {
    const specific = String(r.spec);
    let routine = out.get(specific);
    if (!routine) {
      routine = {
        id: String(r.name),
        specific,
        name: String(r.name),
        schema: db.dialect === 'postgres' ? schema : null,
        type: r.type === 'PROCEDURE' ? 'PROCEDURE' : 'FUNCTION',
        params: [],
      };
      out.set(specific, routine);
    }
    if (r.pmode !== null && r.pmode !== undefined)
      routine.params.push({
        name: r.pname ? String(r.pname) : `arg${routine.params.length + 1}`,
        sqlType: String(r.ptype ?? ''),
        mode: String(r.pmode),
      });
  }
  const list = [...out.values()];
  // Overloads (PostgreSQL) keep the name as their id only when it is unique.
  const counts = new Map<string, number>();
  for (const r of list) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  for (const r of list) if ((counts.get(r.name) ?? 0) > 1) r.id = r.specific;
  return list;
}

/** Simple PostgreSQL type names a parameter may be cast to (user-defined and array types are not). */
const PG_CAST = /^[a-z][a-z0-9 ]*$/;

/** Calls a routine with its IN (and INOUT) parameters bound; OUT parameters are answered as rows. */
export async function callRoutine(
  db: ExternalDb,
  routine: Routine,
  values: Value[],
  limits: ReadLimits,
): Promise<Row[]> {
  const d = db.dialect;
  const name =
    d === 'postgres'
      ? `${quoteName(d, routine.schema ?? 'public')}.${quoteName(d, routine.name)}`
      : quoteName(d, routine.name);
  const args: string[] = [];
  const bound: Value[] = [];
  let next = 0;
  for (const p of routine.params) {
    const mode = p.mode.toUpperCase();
    if (mode === 'OUT') {
      if (d === 'mysql')
        throw new ApiError(
          'BAD_REQUEST',
          `Procedures with OUT parameters (${p.name}) are not run on MySQL/MariaDB yet`,
        );
      // PostgreSQL procedures take OUT arguments as null; functions leave them out.
      if (routine.type === 'PROCEDURE') args.push('null');
      continue;
    }
    bound.push(values[next++] ?? null);
    const ph = d === 'postgres' ? `$${bound.length}` : '?';
    const type = p.sqlType.toLowerCase();
    args.push(d === 'postgres' && PG_CAST.test(type) && type !== 'array' ? `${ph}::${type}` : ph);
  }
  const call =
    routine.type === 'PROCEDURE'
      ? `call ${name}(${args.join(', ')})`
      : d === 'postgres'
        ? `select * from ${name}(${args.join(', ')})`
        : `select ${name}(${args.join(', ')}) as result`;
  return (await db.call(call, bound, limits)).rows;
}
