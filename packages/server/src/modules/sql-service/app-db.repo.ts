import crypto from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Answering } from '../../db/query-limits.js';
import {
  capped,
  cutRows,
  plainRow,
  sqlFailed,
  timedOut,
  type ReadLimits,
  type ReadResult,
  type Row,
} from './drivers/driver.js';
import { plainValues } from './params.js';
import { bindPlaceholders, checkReadOnly, tokenize, type SqlDialect } from './sql-text.js';

/**
 * The SQL editor over the app's own database (decision 0078): the same read-only check as external
 * selects, then
 * - on SQLite, a reader thread's read-only connection to the app's file, under the server's query
 *   time limit (db/reader.ts): it cannot write, and it sees no other app's file;
 * - on PostgreSQL, a READ ONLY transaction with a statement time limit, the app's schema first in
 *   the search path, and the role switched to one that may only read the app's schema, so
 *   qualified names of the system schema or of other apps' schemas are refused by the database.
 */
export class AppDatabaseEditor {
  /** Schemas whose reader role was set up by this process. */
  private readonly ready = new Set<string>();

  constructor(private readonly ctx: ServerContext) {}

  async select(
    appId: string,
    input: { query: string; params?: Record<string, unknown>; explain?: boolean },
    limits: ReadLimits,
    client?: Answering,
  ): Promise<ReadResult> {
    const dialect: SqlDialect = this.ctx.dbs.kind === 'postgres' ? 'postgres' : 'sqlite';
    const stmt = checkReadOnly(input.query, dialect);
    const bound = bindPlaceholders(stmt, dialect, plainValues(input.params, dialect));
    const named = await this.withTableNames(appId, bound.text, dialect);
    const text = input.explain
      ? `${dialect === 'postgres' ? 'explain' : 'explain query plan'} ${named}`
      : capped(named, limits.maxRows);
    const rows =
      dialect === 'sqlite'
        ? await this.sqlite(appId, text, bound.values, client)
        : await this.postgres(appId, text, bound.values, limits);
    return input.explain ? { rows, truncated: false } : cutRows(rows.map(plainRow), limits.maxRows);
  }

  /**
   * Tables and columns are stored under physical names of ours (t_…, c_…) so renames never touch
   * the store; the editor lets developers write the names they see. Each table the query mentions
   * becomes a common table expression named as the table, its columns named as the columns
   * (`WITH "Item" AS NOT MATERIALIZED (SELECT "c_1" AS "title" … FROM "t_9")`), merged into the
   * query's own WITH when it has one. Only names written in the query are added.
   */
  private async withTableNames(appId: string, text: string, dialect: SqlDialect): Promise<string> {
    const tokens = tokenize(text, dialect);
    const mentioned = new Set(
      tokens
        .filter((t) => t.kind === 'word' || t.kind === 'quoted')
        .map((t) => (t.kind === 'quoted' ? t.text.slice(1, -1) : t.text).toLowerCase()),
    );
    const schema = await this.ctx.data.schema(appId);
    const ctes = schema.tables
      .filter((t) => mentioned.has(t.name.toLowerCase()))
      .map((t) => {
        const cols = t.columns.map((c) => `${ident(c.sqlName)} as ${ident(c.name)}`).join(', ');
        return `${ident(t.name)} as not materialized (select ${cols || '1 as "_"'} from ${ident(t.sqlName)})`;
      });
    if (ctes.length === 0) return text;
    const code = tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
    const first = code[0];
    if (first?.text.toLowerCase() === 'with') {
      const recursive = code[1]?.text.toLowerCase() === 'recursive' ? code[1] : undefined;
      const after = recursive ? recursive.at + recursive.text.length : first.at + first.text.length;
      return `with ${recursive ? 'recursive ' : ''}${ctes.join(',\n')},\n${text.slice(after)}`;
    }
    return `with ${ctes.join(',\n')}\n${text}`;
  }

  private async sqlite(appId: string, text: string, values: unknown[], client?: Answering): Promise<Row[]> {
    try {
      return (await this.ctx.dbs.readApp<Row>(appId, CompiledQuery.raw(text, values), client)).rows;
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.details?.limit === 'queryTime') throw timedOut(this.ctx.dbs.queryTimeoutMs);
        throw err;
      }
      if (/only reading statements/i.test((err as Error).message))
        throw new ApiError('SQL_NOT_READ_ONLY', 'SQLite: only a reading statement may run');
      throw sqlFailed('SQLite', err);
    }
  }

  private async postgres(appId: string, text: string, values: unknown[], limits: ReadLimits): Promise<Row[]> {
    const schema = this.ctx.dbs.appSchema(appId)!;
    const role = await this.readerRole(schema);
    const db = this.ctx.dbs.app(appId) as Kysely<any>;
    try {
      return await db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`).execute(trx);
          await sql.raw(`set local search_path to ${ident(schema)}`).execute(trx);
          await sql.raw(`set local role ${ident(role)}`).execute(trx);
          return (await trx.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;
        });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '57014') throw timedOut(limits.timeoutMs);
      if (code === '25006') throw new ApiError('SQL_NOT_READ_ONLY', `PostgreSQL: ${(err as Error).message}`);
      if (err instanceof ApiError) throw err;
      throw sqlFailed('PostgreSQL', err);
    }
  }

  /**
   * A role (no login) that may read the app's schema and nothing else, made once per app. Tables
   * made later are covered by default privileges. The server's database user needs CREATEROLE.
   */
  private async readerRole(schema: string): Promise<string> {
    const role = `${this.ctx.config.pgSchemaPrefix}ro_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 24)}`;
    if (this.ready.has(schema)) return role;
    const db = this.ctx.dbs.system as unknown as Kysely<any>;
    try {
      const exists = await sql`select 1 from pg_roles where rolname = ${role}`.execute(db);
      if (exists.rows.length === 0) {
        try {
          await sql.raw(`create role ${ident(role)} nologin`).execute(db);
        } catch (err) {
          // Made at the same moment by another request or node.
          if (!['42710', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
        }
        // A non-superuser that created the role must also be able to switch to it.
        await sql
          .raw(`grant ${ident(role)} to current_user`)
          .execute(db)
          .catch(() => undefined);
      }
      await sql.raw(`grant usage on schema ${ident(schema)} to ${ident(role)}`).execute(db);
      await sql.raw(`grant select on all tables in schema ${ident(schema)} to ${ident(role)}`).execute(db);
      await sql
        .raw(`alter default privileges in schema ${ident(schema)} grant select on tables to ${ident(role)}`)
        .execute(db);
    } catch (err) {
      throw ApiError.notAvailableYet(
        `the SQL editor over the app's own PostgreSQL schema: the server's database user cannot make its reader role (${(err as Error).message})`,
      );
    }
    this.ready.add(schema);
    return role;
  }
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
