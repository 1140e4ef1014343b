import type {
  SqlConnection,
  SqlConnectionInput,
  SqlQuery,
  SqlQueryInput,
  SqlRoutine,
  SqlSelectInput,
  SqlTable,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { newId } from '../../http/secrets.js';
import { isDbFailure } from '../../db/db-errors.js';
import { ReaderPool } from '../../db/reader.js';
import { DEFAULT_PORTS, withExternal, type ConnectionSettings, type OpenOptions } from './connect.js';
import type { ConnectionType, ReadLimits, ReadResult, Row } from './drivers/driver.js';
import { paramType, plainValues, typedValue } from './params.js';
import { SqlServiceRepo, type ConnectionRow, type QueryRow } from './sql-service.repo.js';
import { bindPlaceholders, checkReadOnly, type SqlDialect } from './sql-text.js';

export const MASK = '********';
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const TYPES: ConnectionType[] = ['POSTGRESQL', 'MYSQL', 'SQLITE'];
const DIALECT: Record<ConnectionType, SqlDialect> = { POSTGRESQL: 'postgres', MYSQL: 'mysql', SQLITE: 'sqlite' };

/**
 * Connections to external databases and read-only selects over them (decision 0078). Every select
 * passes the read-only check (sql-text.ts) first, then runs in a read-only transaction with the
 * service's time limit and row cap; values are bound, never written into the text.
 */
export class SqlService {
  private readonly repo: SqlServiceRepo;
  private readonly box: SecretBox;
  private pool?: ReaderPool;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new SqlServiceRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  get limits(): ReadLimits {
    return { timeoutMs: this.ctx.config.sqlTimeoutMs, maxRows: this.ctx.config.sqlMaxRows };
  }

  private get open(): OpenOptions {
    return {
      allowPrivate: this.ctx.config.remoteFetchPrivate,
      sqliteDir: this.ctx.config.sqlSqliteDir,
      // External SQLite files are read on threads of their own, started on first use.
      readers: () => (this.pool ??= new ReaderPool(1)),
    };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  // Connections

  async list(appId: string): Promise<SqlConnection[]> {
    return (await this.repo.connections(appId)).map(answer);
  }

  async create(appId: string, input: SqlConnectionInput): Promise<SqlConnection> {
    const name = checkName(input.name);
    const settings = settingsOf(input, undefined);
    await this.test(settings);
    const now = Date.now();
    const row: ConnectionRow = {
      id: newId(),
      app_id: appId,
      name,
      ...settings,
      password: settings.password ? this.box.seal(settings.password) : '',
      created: now,
      updated: now,
    };
    await this.saving(name, () => this.repo.insertConnection(row));
    return answer(row);
  }

  async update(appId: string, id: string, input: SqlConnectionInput): Promise<SqlConnection> {
    const old = await this.connectionById(appId, id);
    const name = input.name === undefined ? old.name : checkName(input.name);
    const settings = settingsOf(input, this.settings(old));
    await this.test(settings);
    const row: ConnectionRow = {
      ...old,
      name,
      ...settings,
      password: settings.password ? this.box.seal(settings.password) : '',
      updated: Date.now(),
    };
    await this.saving(name, () => this.repo.updateConnection(row));
    return answer(row);
  }

  async remove(appId: string, id: string): Promise<{ success: boolean }> {
    if (!(await this.repo.deleteConnection(appId, id))) throw ApiError.notFound(`SQL connection ${id} not found`);
    return { success: true };
  }

  /** Connects with settings that are not saved (the console's "Test" button). */
  async testUnsaved(input: SqlConnectionInput): Promise<{ success: boolean; tables: number }> {
    return { success: true, tables: await this.test(settingsOf(input, undefined)) };
  }

  async tables(appId: string, id: string): Promise<SqlTable[]> {
    return withExternal(this.settings(await this.connectionById(appId, id)), this.open, (db) => db.tables());
  }

  async routines(appId: string, id: string): Promise<SqlRoutine[]> {
    return withExternal(this.settings(await this.connectionById(appId, id)), this.open, (db) => db.routines());
  }

  // Saved queries

  async queries(appId: string, connection: string): Promise<SqlQuery[]> {
    const conn = await this.connectionByName(appId, connection);
    return (await this.repo.queries(appId, conn.id)).map(queryAnswer);
  }

  async createQuery(appId: string, connection: string, input: SqlQueryInput): Promise<SqlQuery> {
    const conn = await this.connectionByName(appId, connection);
    const checked = checkQuery(input, undefined, DIALECT[conn.type as ConnectionType]);
    const now = Date.now();
    const row: QueryRow = {
      id: newId(),
      app_id: appId,
      connection_id: conn.id,
      ...checked,
      created: now,
      updated: now,
    };
    await this.saving(checked.name, () => this.repo.insertQuery(row), 'query');
    return queryAnswer(row);
  }

  async updateQuery(appId: string, connection: string, queryId: string, input: SqlQueryInput): Promise<SqlQuery> {
    const conn = await this.connectionByName(appId, connection);
    const old = await this.repo.query(appId, conn.id, queryId);
    if (!old) throw ApiError.notFound(`Saved query ${queryId} not found`);
    const checked = checkQuery(input, old, DIALECT[conn.type as ConnectionType]);
    const row: QueryRow = { ...old, ...checked, updated: Date.now() };
    await this.saving(checked.name, () => this.repo.updateQuery(row), 'query');
    return queryAnswer(row);
  }

  async removeQuery(appId: string, connection: string, queryId: string): Promise<{ success: boolean }> {
    const conn = await this.connectionByName(appId, connection);
    const old = await this.repo.query(appId, conn.id, queryId);
    if (!old || !(await this.repo.deleteQuery(appId, old.id)))
      throw ApiError.notFound(`Saved query ${queryId} not found`);
    return { success: true };
  }

  // Selects

  /** A dynamic select: one read-only SELECT with `:name` values bound. */
  async dynamicSelect(appId: string, connection: string, input: SqlSelectInput): Promise<ReadResult> {
    const conn = await this.connectionByName(appId, connection);
    const dialect = DIALECT[conn.type as ConnectionType];
    const bound = bindPlaceholders(checkReadOnly(input.query, dialect), dialect, plainValues(input.params, dialect));
    return withExternal(this.settings(conn), this.open, async (db) =>
      input.explain
        ? { rows: await db.explain(bound.text, bound.values, this.limits), truncated: false }
        : db.read(bound.text, bound.values, this.limits),
    );
  }

  /** A saved query run with `params` converted to their declared types. */
  async namedSelect(
    appId: string,
    connection: string,
    queryName: string,
    params: Record<string, unknown> | undefined,
  ): Promise<ReadResult> {
    const conn = await this.connectionByName(appId, connection);
    const saved = await this.repo.query(appId, conn.id, queryName);
    if (!saved) throw ApiError.notFound(`Saved query ${queryName} not found in connection ${conn.name}`);
    const dialect = DIALECT[conn.type as ConnectionType];
    const declared = JSON.parse(saved.params) as Array<{ name: string; type: string }>;
    const values: Record<string, unknown> = {};
    for (const p of declared) {
      const given = params?.[p.name];
      if (given === undefined)
        throw ApiError.field('VALIDATION', `params.${p.name}`, `The query needs a value for the parameter '${p.name}'`);
      values[p.name] = typedValue(p.name, paramType(p.name, p.type), given, dialect);
    }
    const bound = bindPlaceholders(checkReadOnly(saved.query, dialect), dialect, values);
    return withExternal(this.settings(conn), this.open, (db) => db.read(bound.text, bound.values, this.limits));
  }

  // Helpers

  private async test(settings: ConnectionSettings): Promise<number> {
    return withExternal(settings, this.open, async (db) => (await db.tables()).length);
  }

  private password(row: ConnectionRow): string {
    return row.password ? this.box.open(row.password) : '';
  }

  private settings(row: ConnectionRow): ConnectionSettings {
    return {
      type: row.type as ConnectionType,
      host: row.host,
      port: row.port,
      database: row.database,
      username: row.username,
      password: this.password(row),
    };
  }

  private async connectionById(appId: string, id: string): Promise<ConnectionRow> {
    const row = await this.repo.connection(appId, id);
    if (!row) throw ApiError.notFound(`SQL connection ${id} not found`);
    return row;
  }

  private async connectionByName(appId: string, nameOrId: string): Promise<ConnectionRow> {
    const row = await this.repo.connectionByName(appId, nameOrId);
    if (!row) throw ApiError.notFound(`SQL connection ${nameOrId} not found`);
    return row;
  }

  private async saving(name: string, write: () => Promise<void>, what = 'connection'): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (isDbFailure(err, 'unique')) throw ApiError.field('CONFLICT', 'name', `A ${what} named '${name}' exists`);
      throw err;
    }
  }
}

export function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name))
    throw ApiError.field(
      'VALIDATION',
      'name',
      "'name' must start with a letter and hold letters, digits, _ and - (at most 64)",
    );
  return name;
}

/** The settings of a create (`old` undefined) or an update (what is left out keeps its value). */
export function settingsOf(input: SqlConnectionInput, old: ConnectionSettings | undefined): ConnectionSettings {
  const type = String(input.type ?? old?.type ?? '').toUpperCase() as ConnectionType;
  if (!TYPES.includes(type)) throw ApiError.field('VALIDATION', 'type', "'type' must be POSTGRESQL, MYSQL or SQLITE");
  const sameType = old?.type === type;
  const database = input.database ?? old?.database ?? '';
  if (!database) throw ApiError.field('VALIDATION', 'database', "'database' is required");
  if (type === 'SQLITE') return { type, host: '', port: 0, database, username: '', password: '' };
  const host = (input.host ?? (sameType ? old?.host : undefined) ?? '').trim();
  if (!host || !/^[A-Za-z0-9.:\-[\]_]+$/.test(host))
    throw ApiError.field('VALIDATION', 'host', "'host' must be a host name or an IP address");
  const port = Number(input.port ?? (sameType ? old?.port : undefined) ?? DEFAULT_PORTS[type]);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw ApiError.field('VALIDATION', 'port', "'port' must be a whole number from 1 to 65535");
  const username = input.username ?? (sameType ? old?.username : undefined) ?? '';
  if (!username) throw ApiError.field('VALIDATION', 'username', "'username' is required");
  // The mask (as answered) or nothing keeps the stored password.
  const password = input.password === undefined || input.password === MASK ? (old?.password ?? '') : input.password;
  return { type, host, port, database, username, password };
}

function checkQuery(
  input: SqlQueryInput,
  old: QueryRow | undefined,
  dialect: SqlDialect,
): { name: string; query: string; params: string } {
  const name = input.name ?? old?.name;
  if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9_ -]{0,99}$/.test(name))
    throw ApiError.field('VALIDATION', 'name', "'name' must start with a letter (letters, digits, space, _ and -)");
  const query = input.query ?? old?.query ?? '';
  const stmt = checkReadOnly(query, dialect);
  const params = (input.params ?? (old ? (JSON.parse(old.params) as Array<{ name: string; type: string }>) : [])).map(
    (p) => ({ name: String(p.name), type: paramType(String(p.name), p.type) }),
  );
  const declared = new Set(params.map((p) => p.name));
  if (declared.size !== params.length) throw ApiError.field('VALIDATION', 'params', 'A parameter is declared twice');
  for (const used of stmt.placeholders)
    if (!declared.has(used))
      throw ApiError.field('VALIDATION', 'params', `The query uses :${used}, which 'params' does not declare`);
  return { name, query, params: JSON.stringify(params) };
}

function answer(row: ConnectionRow): SqlConnection {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ConnectionType,
    host: row.host,
    port: row.port,
    database: row.database,
    username: row.username,
    password: row.password ? MASK : '',
    created: row.created,
    updated: row.updated,
  };
}

function queryAnswer(row: QueryRow): SqlQuery {
  return {
    id: row.id,
    name: row.name,
    connectionId: row.connection_id,
    query: row.query,
    params: JSON.parse(row.params) as SqlQuery['params'],
    created: row.created,
    updated: row.updated,
  };
}

export type { Row };
