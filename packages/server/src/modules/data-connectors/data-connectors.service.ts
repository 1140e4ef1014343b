import type {
  ConnectorProcedure,
  ConnectorTable,
  ConnectorTemplate,
  DataConnector,
  DataConnectorInput,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { isDbFailure } from '../../db/db-errors.js';
import { ReaderPool } from '../../db/reader.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { newId } from '../../http/secrets.js';
import { withExternal, type ConnectionSettings, type OpenOptions } from '../sql-service/connect.js';
import type { ConnectionType, ExternalDb, ReadLimits, Row } from '../sql-service/drivers/driver.js';
import { checkName, MASK, settingsOf } from '../sql-service/sql-service.service.js';
import { DataConnectorsRepo, type ConnectorRow } from './data-connectors.repo.js';
import {
  callRoutine,
  catalogue,
  countEntries,
  findEntries,
  routines,
  type EntriesQuery,
  type Routine,
} from './external-sql.repo.js';

/** How long a count and a catalogue are kept (the reference client keeps counts 30 s too). */
const KEEP_MS = 30_000;
const MAX_KEPT = 2000;
const MAX_PAGE = 100;
const MAX_OFFSET = 10_000_000;
const SCHEMA = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

const hostFields = (port: number): ConnectorTemplate['fields'] => [
  { name: 'host', label: 'Host', type: 'string', required: true },
  { name: 'port', label: 'Port', type: 'number', required: true, default: port },
  { name: 'database', label: 'Database', type: 'string', required: true },
  { name: 'username', label: 'User name', type: 'string', required: true },
  { name: 'password', label: 'Password', type: 'password', required: false },
];

export const TEMPLATES: ConnectorTemplate[] = [
  {
    id: 'POSTGRESQL',
    type: 'POSTGRESQL',
    name: 'PostgreSQL',
    description: 'Tables and views of one schema of a PostgreSQL database; functions and procedures',
    hasStoredProcedures: true,
    fields: [
      ...hostFields(5432),
      { name: 'schema', label: 'Schema', type: 'string', required: false, default: 'public' },
    ],
  },
  {
    id: 'MYSQL',
    type: 'MYSQL',
    name: 'MySQL / MariaDB',
    description: 'Tables and views of a MySQL or MariaDB database; stored procedures and functions',
    hasStoredProcedures: true,
    fields: hostFields(3306),
  },
  {
    id: 'SQLITE',
    type: 'SQLITE',
    name: 'SQLite',
    description:
      'A SQLite file in the directory the operator allowed (BASALT_SQL_SQLITE_DIR); it has no stored procedures',
    hasStoredProcedures: false,
    fields: [
      {
        name: 'database',
        label: 'File',
        type: 'string',
        required: true,
        hint: 'Path inside the directory the operator allowed',
      },
    ],
  },
];

/** Entries kept briefly, per key, with a cap on how many. */
class Kept<T> {
  private readonly map = new Map<string, { value: T; at: number }>();
  get(key: string): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > KEEP_MS) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: string, value: T): void {
    if (this.map.size >= MAX_KEPT) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { value, at: Date.now() });
  }
  /** Forgets every entry whose key starts with `prefix`. */
  drop(prefix: string): void {
    for (const k of [...this.map.keys()]) if (k.startsWith(prefix)) this.map.delete(k);
  }
}

/**
 * Data connectors (decision 0084): external databases whose tables the console shows beside the
 * app's own. Sessions, drivers, the private-address policy and the SQLite directory are the SQL
 * service's (decision 0078); reads run read-only with its time limit, routines commit.
 */
export class DataConnectorsService {
  private readonly repo: DataConnectorsRepo;
  private readonly box: SecretBox;
  private pool?: ReaderPool;
  private readonly counts = new Kept<number>();
  private readonly catalogues = new Kept<ConnectorTable[]>();

  constructor(private readonly ctx: ServerContext) {
    this.repo = new DataConnectorsRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  private get limits(): ReadLimits {
    return { timeoutMs: this.ctx.config.sqlTimeoutMs, maxRows: this.ctx.config.sqlMaxRows };
  }

  private get open(): OpenOptions {
    return {
      allowPrivate: this.ctx.config.remoteFetchPrivate,
      sqliteDir: this.ctx.config.sqlSqliteDir,
      readers: () => (this.pool ??= new ReaderPool(1)),
    };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  templates(): ConnectorTemplate[] {
    return TEMPLATES;
  }

  async list(appId: string): Promise<DataConnector[]> {
    return (await this.repo.list(appId)).map(answer);
  }

  async create(appId: string, input: DataConnectorInput): Promise<DataConnector> {
    const name = checkName(input.name);
    const { settings, schema } = this.checked(input, undefined);
    await this.test(settings, schema);
    const now = Date.now();
    const row: ConnectorRow = {
      id: newId(),
      app_id: appId,
      name,
      ...settings,
      db_schema: schema,
      password: settings.password ? this.box.seal(settings.password) : '',
      created: now,
      updated: now,
    };
    await this.saving(name, () => this.repo.insert(row));
    return answer(row);
  }

  async update(appId: string, id: string, input: DataConnectorInput): Promise<DataConnector> {
    const old = await this.row(appId, id);
    const name = input.name === undefined ? old.name : checkName(input.name);
    const { settings, schema } = this.checked(input, old);
    await this.test(settings, schema);
    const row: ConnectorRow = {
      ...old,
      name,
      ...settings,
      db_schema: schema,
      password: settings.password ? this.box.seal(settings.password) : '',
      updated: Date.now(),
    };
    await this.saving(name, () => this.repo.update(row));
    this.forget(appId, old.id);
    return answer(row);
  }

  async remove(appId: string, id: string): Promise<{ success: boolean }> {
    const row = await this.row(appId, id);
    await this.repo.remove(appId, row.id);
    this.forget(appId, row.id);
    return { success: true };
  }

  async tables(appId: string, id: string, refresh: boolean): Promise<ConnectorTable[]> {
    const row = await this.row(appId, id);
    if (refresh) this.forget(appId, row.id);
    return this.session(row, (db) => this.catalogueOf(row, db));
  }

  async find(appId: string, id: string, tableName: string, body: Record<string, unknown>): Promise<Row[]> {
    const row = await this.row(appId, id);
    const q = entriesQuery(body);
    return this.session(row, async (db) => {
      const table = await this.table(row, db, tableName);
      return findEntries(db, row.db_schema, table, q, { ...this.limits, maxRows: Math.max(1, q.pageSize) });
    });
  }

  async count(
    appId: string,
    id: string,
    tableName: string,
    where: string | undefined,
    reset: boolean,
  ): Promise<number> {
    const row = await this.row(appId, id);
    const key = `${appId}\u0000${row.id}\u0000${tableName}\u0000${where ?? ''}`;
    if (reset) this.counts.drop(`${appId}\u0000${row.id}\u0000${tableName}\u0000`);
    const kept = this.counts.get(key);
    if (kept !== undefined) return kept;
    const n = await this.session(row, async (db) =>
      countEntries(db, row.db_schema, await this.table(row, db, tableName), where, this.limits),
    );
    this.counts.set(key, n);
    return n;
  }

  /** Counts of several tables of a connector (`tables-counters` with a `connectorId`). */
  async countTables(appId: string, id: string, names: string[], reset: boolean): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const name of names) out[name] = await this.count(appId, id, name, undefined, reset);
    return out;
  }

  async procedures(appId: string, id: string): Promise<ConnectorProcedure[]> {
    const row = await this.row(appId, id);
    return (await this.session(row, (db) => routines(db, row.db_schema))).map(
      ({ specific: _s, ...procedure }) => procedure,
    );
  }

  async execute(appId: string, id: string, procedureId: string, params: unknown): Promise<Row[]> {
    const row = await this.row(appId, id);
    if (row.type === 'SQLITE') throw new ApiError('BAD_REQUEST', 'SQLite has no stored procedures');
    return this.session(row, async (db) => {
      const all = await routines(db, row.db_schema);
      const named = all.filter((r) => r.id === procedureId || r.specific === procedureId || r.name === procedureId);
      if (named.length === 0) throw ApiError.notFound(`Stored procedure '${procedureId.slice(0, 100)}' not found`);
      const given = Array.isArray(params)
        ? params.length
        : params && typeof params === 'object'
          ? Object.keys(params).length
          : 0;
      const inputs = (r: Routine) => r.params.filter((p) => p.mode.toUpperCase() !== 'OUT');
      const routine = named.find((r) => inputs(r).length === given) ?? named[0];
      return callRoutine(db, routine, boundValues(inputs(routine), params), this.limits);
    });
  }

  // Helpers

  private checked(input: DataConnectorInput, old: ConnectorRow | undefined) {
    const type = input.type ?? input.templateId;
    const settings = settingsOf({ ...input, type }, old && this.settings(old));
    let schema = '';
    if (settings.type === 'POSTGRESQL') {
      schema =
        (input.schema ?? (old?.type === 'POSTGRESQL' ? old.db_schema : undefined) ?? 'public').trim() || 'public';
      if (!SCHEMA.test(schema)) throw ApiError.field('VALIDATION', 'schema', "'schema' must be a schema name");
    }
    return { settings, schema };
  }

  /** Connects and reads the catalogue: a connector is saved only when this works. */
  private async test(settings: ConnectionSettings, schema: string): Promise<void> {
    await withExternal(settings, this.open, (db) => catalogue(db, schema));
  }

  private session<T>(row: ConnectorRow, fn: (db: ExternalDb) => Promise<T>): Promise<T> {
    return withExternal(this.settings(row), this.open, fn);
  }

  private async catalogueOf(row: ConnectorRow, db: ExternalDb): Promise<ConnectorTable[]> {
    const key = `${row.app_id}\u0000${row.id}\u0000`;
    const kept = this.catalogues.get(key);
    if (kept) return kept;
    const tables = await catalogue(db, row.db_schema);
    this.catalogues.set(key, tables);
    return tables;
  }

  private async table(row: ConnectorRow, db: ExternalDb, name: string): Promise<ConnectorTable> {
    let table = (await this.catalogueOf(row, db)).find((t) => t.name === name);
    if (!table) {
      // A table made since the catalogue was kept.
      this.catalogues.drop(`${row.app_id}\u0000${row.id}\u0000`);
      table = (await this.catalogueOf(row, db)).find((t) => t.name === name);
    }
    if (!table) throw ApiError.notFound(`Table '${name.slice(0, 100)}' not found in connector '${row.name}'`);
    return table;
  }

  private forget(appId: string, id: string): void {
    this.counts.drop(`${appId}\u0000${id}\u0000`);
    this.catalogues.drop(`${appId}\u0000${id}\u0000`);
  }

  private settings(row: ConnectorRow): ConnectionSettings {
    return {
      type: row.type as ConnectionType,
      host: row.host,
      port: row.port,
      database: row.database,
      username: row.username,
      password: row.password ? this.box.open(row.password) : '',
    };
  }

  private async row(appId: string, id: string): Promise<ConnectorRow> {
    const row = await this.repo.get(appId, id);
    if (!row) throw ApiError.notFound(`Data connector ${id.slice(0, 100)} not found`);
    return row;
  }

  private async saving(name: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (isDbFailure(err, 'unique')) throw ApiError.field('CONFLICT', 'name', `A connector named '${name}' exists`);
      throw err;
    }
  }
}

function entriesQuery(body: Record<string, unknown>): EntriesQuery {
  const pageSize = body.pageSize === undefined ? 10 : Number(body.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE)
    throw ApiError.field('VALIDATION', 'pageSize', `'pageSize' must be a whole number from 1 to ${MAX_PAGE}`);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    throw ApiError.field('VALIDATION', 'offset', `'offset' must be a whole number from 0 to ${MAX_OFFSET}`);
  return {
    pageSize,
    offset,
    where: typeof body.where === 'string' ? body.where : undefined,
    sortBy: body.sortBy as EntriesQuery['sortBy'],
    props: body.props as EntriesQuery['props'],
  };
}

type Scalar = string | number | boolean | null;

/** The routine's input values, in its order, from an array (in order) or an object (by name). */
function boundValues(inputs: Routine['params'], params: unknown): Scalar[] {
  const scalar = (name: string, v: unknown): Scalar => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    throw ApiError.field('VALIDATION', name, `The parameter '${name}' must be a string, a number, a boolean or null`);
  };
  if (Array.isArray(params)) {
    if (params.length > inputs.length)
      throw ApiError.field(
        'VALIDATION',
        'params',
        `The procedure takes ${inputs.length} parameters, not ${params.length}`,
      );
    return inputs.map((p, i) => scalar(p.name, params[i]));
  }
  const given = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const known = new Set(inputs.map((p) => p.name));
  for (const k of Object.keys(given))
    if (!known.has(k)) throw ApiError.field('VALIDATION', k, `The procedure has no parameter '${k.slice(0, 100)}'`);
  return inputs.map((p) => scalar(p.name, given[p.name]));
}

function answer(row: ConnectorRow): DataConnector {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    host: row.host,
    port: row.port,
    database: row.database,
    schema: row.db_schema,
    username: row.username,
    password: row.password ? MASK : '',
    created: row.created,
    updated: row.updated,
  };
}
