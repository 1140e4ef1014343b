import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Expression,
  type Migration,
  type MigrationProvider,
  type PostgresDialectConfig,
  type QueryResult,
  type RawBuilder,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import type { SystemDB } from './system-schema.js';
import { withStatementCache } from './statement-cache.js';
import { allowRunNow, directOf } from './run-now.js';
import { releaseCheckpointer, useCheckpointer, type Checkpointer } from './checkpointer.js';
import { ReaderPool } from './reader.js';
import type { SpatialDataType } from '@basalt/shared';
import { SPATIALITE, ensurePostgis, spatialiteSupport, type SpatialSupport } from './spatial.js';
import {
  clientGone,
  clientLeft,
  DEFAULT_QUERY_TIMEOUT_MS,
  queryInterrupted,
  queryTimedOut,
  readSqlite,
  type Answering,
} from './query-limits.js';
import { dbFailureOf } from './db-errors.js';

/**
 * Every difference between SQLite and PostgreSQL lives in this file. The rest of the server asks a
 * `Databases` object for the system database and for one application's data store, and calls the
 * dialect methods below instead of testing which database it is on.
 */
export interface Databases {
  readonly kind: 'sqlite' | 'postgres';
  /** The system database: developers, sessions, apps, team, security, audit ... */
  readonly system: Kysely<SystemDB>;
  /** One application's data store (SQLite file or PostgreSQL schema), opened lazily and cached. */
  app(appId: string): Kysely<any>;
  /** Creates an application's empty data store. */
  createAppStore(appId: string): Promise<void>;
  /** Removes an application's data store and everything in it. */
  dropAppStore(appId: string): Promise<void>;
  /** Runs migrations on the system database. */
  migrateSystem(migrations: Record<string, Migration>): Promise<void>;
  /** Runs migrations on one app's data store (used when an app is created and at start). */
  migrateApp(appId: string, migrations: Record<string, Migration>): Promise<void>;
  /**
   * Runs one app-data read (a compiled SELECT over `appId`'s store: a find, count, grouped query,
   * id select or CSV page) under the query time limit, stopped when the requesting client goes
   * away (`client`, the response it is answered by; db/query-limits.ts, decision 0017). Its
   * time-out is a 400 naming the limit.
   */
  readApp<R>(appId: string, query: CompiledQuery<R>, client?: Answering): Promise<QueryResult<R>>;
  /** The query time limit of `readApp`, in milliseconds. */
  readonly queryTimeoutMs: number;
  /**
   * Runs `fn` in one transaction of `appId`'s store (a unit of work: db/app-transaction.ts). On
   * PostgreSQL the transaction has the isolation level asked (REPEATABLE READ when none) and each
   * of its statements the query time limit; on SQLite a transaction holds the store's only
   * connection until it ends, so every transaction is serializable whatever is asked.
   */
  appTransaction<T>(
    appId: string,
    isolation: import('./app-transaction.js').TransactionIsolation | undefined,
    fn: (trx: Kysely<any>) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs `fn` over one moment's view of `appId`'s store while writes go on (backups): on SQLite an
   * online-backup copy of the app's file, opened read-only and deleted afterwards (writers are never
   * held up); on PostgreSQL one REPEATABLE READ READ ONLY transaction, whose every statement sees the
   * same snapshot. `fn` only reads.
   */
  appSnapshot<T>(appId: string, fn: (db: Kysely<any>) => Promise<T>): Promise<T>;
  /** Name of the PostgreSQL schema of an app, or null on SQLite (for raw `sql` that must qualify names). */
  appSchema(appId: string): string | null;
  /** `LIKE` that ignores case for ASCII on both databases (SQLite's LIKE already does). */
  readonly likeOperator: 'like' | 'ilike';
  /** `value LIKE pattern` ignoring case (ASCII on SQLite, all letters on PostgreSQL); `\` escapes % and _ on both. */
  likeInsensitive(value: Expression<unknown>, pattern: Expression<unknown>): RawBuilder<boolean>;
  /** A number as the decimal text LIKE matches against: 42 → '42', 2.0 → '2', 1.5 → '1.5'. */
  numberAsText(value: Expression<unknown>, integer: boolean): RawBuilder<string>;
  /** An epoch-ms DATETIME as the text LIKE matches against: `YYYY-MM-DD HH:MM:SS` in UTC. */
  datetimeAsText(value: Expression<unknown>): RawBuilder<string>;
  /** A BOOLEAN value as the column stores it (boolean on PostgreSQL, 1/0 on SQLite), as a parameter. */
  booleanValue(value: boolean): RawBuilder<unknown>;
  /** Great-circle distance in kilometres between two points given in degrees (haversine). */
  distanceKm(
    lat1: Expression<unknown>,
    lng1: Expression<unknown>,
    lat2: Expression<unknown>,
    lng2: Expression<unknown>,
  ): RawBuilder<number>;
  /**
   * Whether spatial columns can be served (SpatiaLite loaded, PostGIS installed: db/spatial.ts);
   * on PostgreSQL the first call creates the extension when it is missing and allowed.
   */
  spatial(): Promise<SpatialSupport>;
  /** The column type of a spatial column where it is not the portable `text` (PostGIS geometry). */
  spatialColumnType(t: SpatialDataType): string | undefined;
  /** A spatial column's value as a geometry the spatial functions take. */
  geometryColumn(value: Expression<unknown>): RawBuilder<unknown>;
  /** EWKT text (checked by the caller) as a geometry, bound as a parameter. */
  geometryParam(ewkt: string): RawBuilder<unknown>;
  /** Distance in metres over the Earth's sphere between two geometries (closest points). */
  distanceOnSphereM(a: Expression<unknown>, b: Expression<unknown>): RawBuilder<number>;
  /** Current time as epoch ms. */
  now(): number;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  pgSchemaPrefix: string;
  /** Called for every newly opened SQLite handle so areas can register SQL functions. */
  onSqliteOpen?: (db: Database.Database) => void;
  /** Time limit of app-data reads (`readApp`), ms; DEFAULT_QUERY_TIMEOUT_MS when not given. */
  queryTimeoutMs?: number;
  /** SQLite: reader threads for app-data reads that can run long (db/reader.ts); 2 when not given. */
  queryReaders?: number;
  /** SQLite: the SpatiaLite module to load (db/spatial.ts); `mod_spatialite` when not given. */
  spatialite?: string;
}

/**
 * Session settings of every PostgreSQL connection. JIT compilation is off: its cost is guessed
 * from the plan's estimate, and a where with a few dozen relation conditions over a handful of
 * rows was estimated dear enough to spend 20 s compiling a query that runs in a millisecond.
 */
const PG_OPTIONS = '-c jit=off';

/** Haversine over degrees; `clamp` caps the asin argument at 1, which rounding may exceed for antipodes. */
function haversineKm(
  clamp: (x: RawBuilder<number>) => RawBuilder<number>,
  lat1: Expression<unknown>,
  lng1: Expression<unknown>,
  lat2: Expression<unknown>,
  lng2: Expression<unknown>,
  radiusKm = 6371.0088,
): RawBuilder<number> {
  const f1 = sql`radians(${lat1})`;
  const f2 = sql`radians(${lat2})`;
  const a = sql<number>`power(sin((${f2} - ${f1}) / 2), 2) + cos(${f1}) * cos(${f2}) * power(sin((radians(${lng2}) - radians(${lng1})) / 2), 2)`;
  return sql<number>`(2 * ${sql.raw(String(radiusKm))} * asin(sqrt(${clamp(a)})))`;
}

/** The sphere radius of PostGIS's ST_DistanceSphere, so distanceOnSphere agrees on both databases. */
const EARTH_RADIUS_SPHERE_KM = 6370.986;

class RecordProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

async function runMigrations(db: Kysely<any>, migrations: Record<string, Migration>, schema?: string): Promise<void> {
  // Areas number their migrations in their own ranges (foundation 00xx, data 01xx ...) and ship in
  // any order, so a foundation migration may arrive after a data one was applied: run it anyway.
  const migrator = new Migrator({
    db,
    provider: new RecordProvider(migrations),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Kysely's migrator asks the dialect's introspector for every table of the whole database (with a
 * `pg_get_serial_sequence` call per column) only to learn whether its own two tables exist. With a
 * schema per app that reads every app's tables at each app's creation, and a table dropped at the
 * same moment (another app deleted) fails the whole read with "relation does not exist". Migrations
 * on PostgreSQL therefore see an introspector that answers for the migrated schema alone.
 */
class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{
      name: string;
    }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      name: string;
      kind: string;
    }>`select c.relname as name, c.relkind as kind from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')`.execute(
      this.db,
    );
    return rows.map((r) => ({ name: r.name, schema: this.schema, isView: r.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class OneSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.schema);
  }
}

/** An app id is generated by us (uuid), but is checked anyway before it names a file or schema. */
function safeAppKey(appId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(appId)) throw new Error(`Invalid app id: ${appId}`);
  return appId.replace(/-/g, '').toLowerCase();
}

/**
 * Loads SQL extensions (SpatiaLite) into a SQLite handle. SpatiaLite adds functions that read and
 * write files of the server (`BlobToFile`, `ImportSHP`, `ExportGeoJSON2` …) when the environment
 * holds `SPATIALITE_SECURITY=relaxed`; developers' SQL reaches these handles (the SQL editor, the
 * where language's spatial functions), so that setting is taken out of this process's environment
 * before any load, whatever the operator's shell had.
 */
export function loadExtensions(db: { loadExtension(file: string): unknown }, extensions: readonly string[]): void {
  if (extensions.length === 0) return;
  delete process.env.SPATIALITE_SECURITY;
  for (const ext of extensions) db.loadExtension(ext);
}

function openSqliteHandle(
  file: string,
  onOpen?: (db: Database.Database) => void,
  extensions: string[] = [],
): Database.Database {
  const db = new Database(file);
  loadExtensions(db, extensions);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  onOpen?.(db);
  return db;
}

/** Kysely over one SQLite handle, with statements prepared once and `runNow` allowed (db/run-now.ts). */
function sqliteKysely<DB>(handle: Database.Database): Kysely<DB> {
  const cached = withStatementCache(handle);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cached }) });
  allowRunNow(db, handle, (text) => cached.prepare(text) as unknown as Database.Statement);
  return db;
}

class SqliteDatabases implements Databases {
  readonly kind = 'sqlite' as const;
  readonly likeOperator = 'like' as const;
  readonly system: Kysely<SystemDB>;
  private readonly apps = new Map<string, Kysely<any>>();
  private readonly appsDir: string;
  /** WAL checkpoints run on a worker thread, not inside a request's commit (db/checkpointer.ts). */
  private readonly checkpoints: Checkpointer = useCheckpointer();
  private readonly files = new Set<string>();
  /** App-data reads that can run long run here, off the event loop (db/reader.ts). */
  readonly readers: ReaderPool;
  readonly queryTimeoutMs: number;

  constructor(private readonly opts: OpenOptions) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    this.appsDir = path.join(opts.dataDir, 'apps');
    fs.mkdirSync(this.appsDir, { recursive: true });
    this.system = this.open(path.join(opts.dataDir, 'system.db'));
    this.queryTimeoutMs = opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.readers = new ReaderPool(Math.max(1, opts.queryReaders ?? 2), this.appExtensions);
  }

  /** Extensions of app-data connections: SpatiaLite when this machine has it. */
  private get appExtensions(): string[] {
    const module = this.opts.spatialite ?? SPATIALITE;
    return spatialiteSupport(module).available ? [module] : [];
  }

  private open<DB>(file: string, onOpen?: (db: Database.Database) => void, extensions?: string[]): Kysely<DB> {
    const handle = openSqliteHandle(file, onOpen, extensions);
    this.checkpoints.adopt(file, handle);
    this.files.add(file);
    return sqliteKysely<DB>(handle);
  }

  private appFile(appId: string): string {
    return path.join(this.appsDir, `${safeAppKey(appId)}.db`);
  }

  app(appId: string): Kysely<any> {
    let db = this.apps.get(appId);
    if (!db) {
      const file = this.appFile(appId);
      db = this.open<any>(file, this.opts.onSqliteOpen, this.appExtensions);
      this.apps.set(appId, db);
    }
    return db;
  }

  async createAppStore(appId: string): Promise<void> {
    // Opening the handle creates the file.
    await sql`select 1`.execute(this.app(appId));
  }

  async dropAppStore(appId: string): Promise<void> {
    const db = this.apps.get(appId);
    this.apps.delete(appId);
    if (db) await db.destroy();
    const file = this.appFile(appId);
    this.files.delete(file);
    await this.checkpoints.forget(file);
    await this.readers.forget(file);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  }

  async migrateSystem(migrations: Record<string, Migration>): Promise<void> {
    await runMigrations(this.system, migrations);
  }

  async migrateApp(appId: string, migrations: Record<string, Migration>): Promise<void> {
    await runMigrations(this.app(appId), migrations);
  }

  readApp<R>(appId: string, query: CompiledQuery<R>, client?: Answering): Promise<QueryResult<R>> {
    return readSqlite(this.app(appId), this.appFile(appId), this.readers, query, this.queryTimeoutMs, client);
  }

  appTransaction<T>(appId: string, _isolation: unknown, fn: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    // The level is not set: nothing else writes or reads uncommitted data on this connection while
    // the transaction holds it, and reader threads see only what was committed before.
    return this.app(appId).transaction().execute(fn);
  }

  async appSnapshot<T>(appId: string, fn: (db: Kysely<any>) => Promise<T>): Promise<T> {
    const source = directOf(this.app(appId));
    if (!source) throw new Error('An app store without its SQLite handle');
    // The copy sits beside the app files (same disk, same permissions) under a name of its own.
    const dir = fs.mkdtempSync(path.join(this.appsDir, '.snapshot-'));
    const copy = path.join(dir, 'snapshot.db');
    let db: Kysely<any> | undefined;
    try {
      // SQLite's online backup: page by page, restarted by a write of another connection, brought
      // along by a write of this one; what it leaves is the store as of its last step.
      await source.handle.backup(copy);
      const handle = new Database(copy, { readonly: true });
      loadExtensions(handle, this.appExtensions);
      db = sqliteKysely<any>(handle);
      return await fn(db);
    } finally {
      await db?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  appSchema(): string | null {
    return null;
  }

  likeInsensitive(value: Expression<unknown>, pattern: Expression<unknown>): RawBuilder<boolean> {
    // SQLite's LIKE already ignores ASCII case; the explicit ESCAPE makes `\` behave as on PostgreSQL.
    return sql<boolean>`(${value} like ${pattern} escape '\\')`;
  }

  numberAsText(value: Expression<unknown>, integer: boolean): RawBuilder<string> {
    // CAST of a REAL gives '2.0'; %.15g gives '2' like PostgreSQL's float8 text. printf makes '0'
    // of NULL, so NULL stays NULL (as on PostgreSQL) and LIKE never matches a missing number.
    return integer
      ? sql<string>`cast(${value} as text)`
      : sql<string>`case when ${value} is null then null else printf('%.15g', ${value}) end`;
  }

  datetimeAsText(value: Expression<unknown>): RawBuilder<string> {
    return sql<string>`strftime('%Y-%m-%d %H:%M:%S', ${value} / 1000.0, 'unixepoch')`;
  }

  booleanValue(value: boolean): RawBuilder<unknown> {
    return sql`${value ? 1 : 0}`;
  }

  distanceKm(
    lat1: Expression<unknown>,
    lng1: Expression<unknown>,
    lat2: Expression<unknown>,
    lng2: Expression<unknown>,
  ): RawBuilder<number> {
    return haversineKm((x) => sql<number>`min(1.0, ${x})`, lat1, lng1, lat2, lng2);
  }

  async spatial(): Promise<SpatialSupport> {
    return spatialiteSupport(this.opts.spatialite);
  }

  spatialColumnType(): string | undefined {
    // EWKT text: the table stays a plain SQLite table that reads without SpatiaLite (decision 0028).
    return undefined;
  }

  geometryColumn(value: Expression<unknown>): RawBuilder<unknown> {
    return sql`GeomFromEWKT(${value})`;
  }

  geometryParam(ewkt: string): RawBuilder<unknown> {
    return sql`GeomFromEWKT(${ewkt})`;
  }

  distanceOnSphereM(a: Expression<unknown>, b: Expression<unknown>): RawBuilder<number> {
    // SpatiaLite's metre distances need its SRS tables in every app file; instead the haversine
    // (PostGIS's sphere radius) runs between the ends of the shortest line joining the two
    // geometries, which is exact for points. Touching geometries have no such line: 0.
    const line = sql`ST_ShortestLine(${a}, ${b})`;
    const x = (end: 'ST_StartPoint' | 'ST_EndPoint') => sql`ST_X(${sql.raw(end)}(${line}))`;
    const y = (end: 'ST_StartPoint' | 'ST_EndPoint') => sql`ST_Y(${sql.raw(end)}(${line}))`;
    const km = haversineKm(
      (v) => sql<number>`min(1.0, ${v})`,
      y('ST_StartPoint'),
      x('ST_StartPoint'),
      y('ST_EndPoint'),
      x('ST_EndPoint'),
      EARTH_RADIUS_SPHERE_KM,
    );
    return sql<number>`(case when ST_Intersects(${a}, ${b}) = 1 then 0.0 else 1000.0 * ${km} end)`;
  }

  now(): number {
    return Date.now();
  }

  async close(): Promise<void> {
    await this.readers.close();
    for (const db of this.apps.values()) await db.destroy();
    this.apps.clear();
    await this.system.destroy();
    for (const file of this.files) await this.checkpoints.forget(file);
    this.files.clear();
    await releaseCheckpointer();
  }
}

class PostgresDatabases implements Databases {
  readonly kind = 'postgres' as const;
  readonly likeOperator = 'ilike' as const;
  readonly system: Kysely<SystemDB>;
  private readonly base: Kysely<any>;
  private readonly systemSchema: string;
  /**
   * Connections for app-data reads only, opened with `statement_timeout` set to the query time
   * limit: PostgreSQL itself stops such a statement. Migrations, DDL, writes and the system
   * database use the other pool, without that limit.
   */
  private readonly reads: pg.Pool;
  private readonly pool: pg.Pool;
  readonly queryTimeoutMs: number;

  constructor(private readonly opts: OpenOptions & { databaseUrl: string }) {
    // bigint (timestamps, counts) as JS numbers: our values stay far below 2^53.
    const types = {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20 ? (v: string) => Number(v) : (pg.types.getTypeParser as any)(oid, format)) as any,
    };
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types, options: PG_OPTIONS });
    this.pool = pool;
    this.queryTimeoutMs = opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.reads = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types,
      options: PG_OPTIONS,
      statement_timeout: this.queryTimeoutMs,
    });
    // An idle connection whose server process ended: the pool drops it; without a listener the
    // error would end the whole server.
    this.reads.on('error', () => undefined);
    this.base = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    if (!/^[a-z_][a-z0-9_]{0,30}$/.test(opts.pgSchemaPrefix))
      throw new Error('BASALT_PG_SCHEMA_PREFIX must be lower-case letters, digits and _');
    this.systemSchema = `${opts.pgSchemaPrefix}system`;
    this.system = this.base.withSchema(this.systemSchema) as unknown as Kysely<SystemDB>;
  }

  appSchema(appId: string): string {
    return `${this.opts.pgSchemaPrefix}app_${safeAppKey(appId)}`;
  }

  app(appId: string): Kysely<any> {
    return this.base.withSchema(this.appSchema(appId));
  }

  likeInsensitive(value: Expression<unknown>, pattern: Expression<unknown>): RawBuilder<boolean> {
    return sql<boolean>`(${value} ilike ${pattern} escape '\\')`;
  }

  numberAsText(value: Expression<unknown>): RawBuilder<string> {
    return sql<string>`cast(${value} as text)`;
  }

  datetimeAsText(value: Expression<unknown>): RawBuilder<string> {
    return sql<string>`to_char(to_timestamp(cast(${value} as double precision) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
  }

  booleanValue(value: boolean): RawBuilder<unknown> {
    return sql`${value}`;
  }

  distanceKm(
    lat1: Expression<unknown>,
    lng1: Expression<unknown>,
    lat2: Expression<unknown>,
    lng2: Expression<unknown>,
  ): RawBuilder<number> {
    return haversineKm((x) => sql<number>`least(1.0, ${x})`, lat1, lng1, lat2, lng2);
  }

  private postgis?: Promise<SpatialSupport>;

  spatial(): Promise<SpatialSupport> {
    // Only a success is kept: a refusal is asked again, so installing PostGIS needs no restart.
    this.postgis ??= ensurePostgis(this.base).then((s) => {
      if (!s.available) this.postgis = undefined;
      return s;
    });
    return this.postgis;
  }

  spatialColumnType(t: SpatialDataType): string {
    const shape =
      t === 'POINT' ? 'Point' : t === 'LINESTRING' ? 'LineString' : t === 'POLYGON' ? 'Polygon' : 'Geometry';
    return `geometry(${shape},4326)`;
  }

  geometryColumn(value: Expression<unknown>): RawBuilder<unknown> {
    return sql`${value}`;
  }

  geometryParam(ewkt: string): RawBuilder<unknown> {
    return sql`ST_GeomFromEWKT(${ewkt})`;
  }

  distanceOnSphereM(a: Expression<unknown>, b: Expression<unknown>): RawBuilder<number> {
    return sql<number>`ST_DistanceSphere(${a}, ${b})`;
  }

  async createAppStore(appId: string): Promise<void> {
    await sql`create schema if not exists ${sql.id(this.appSchema(appId))}`.execute(this.base);
  }

  async dropAppStore(appId: string): Promise<void> {
    await sql`drop schema if exists ${sql.id(this.appSchema(appId))} cascade`.execute(this.base);
  }

  /** The store of one schema for its migrations: same pool, an introspector of that schema only. */
  private migrationDb(schema: string): Kysely<any> {
    return new Kysely<any>({ dialect: new OneSchemaPostgresDialect({ pool: this.pool }, schema) }).withSchema(schema);
  }

  async migrateSystem(migrations: Record<string, Migration>): Promise<void> {
    await sql`create schema if not exists ${sql.id(this.systemSchema)}`.execute(this.base);
    await runMigrations(this.migrationDb(this.systemSchema), migrations, this.systemSchema);
  }

  async migrateApp(appId: string, migrations: Record<string, Migration>): Promise<void> {
    await this.createAppStore(appId);
    await runMigrations(this.migrationDb(this.appSchema(appId)), migrations, this.appSchema(appId));
  }

  /**
   * The read runs on a connection of `reads` (statement_timeout). When the client goes away first,
   * `pg_cancel_backend` of that connection's server process stops it; the connection is then
   * closed rather than reused, so a late cancel can never hit the next query on it.
   */
  async readApp<R>(appId: string, query: CompiledQuery<R>, answering?: Answering): Promise<QueryResult<R>> {
    void appId;
    const client = await this.reads.connect();
    // Set from the server's BackendKeyData when the connection opened (pg's types omit it).
    const pid = (client as unknown as { processID: number }).processID;
    const gone = clientGone(answering);
    let cancelling: Promise<unknown> | undefined;
    let broken = false;
    const cancel = () => {
      cancelling = sql`select pg_cancel_backend(${pid})`.execute(this.base).catch(() => undefined);
    };
    gone?.signal.addEventListener('abort', cancel, { once: true });
    if (gone?.signal.aborted) cancel();
    try {
      const result = await client.query({ text: query.sql, values: query.parameters as unknown[] });
      return { rows: result.rows as R[] };
    } catch (err) {
      // 57014 query_canceled: by statement_timeout, or by our cancel when the client left.
      if (dbFailureOf(err)?.kind === 'cancelled') throw cancelling ? clientLeft() : queryTimedOut(this.queryTimeoutMs);
      const code = (err as { code?: unknown } | null)?.code;
      // The connection or its server process ended under the query (class 08, admin shutdown 57P0x).
      if (
        (typeof code === 'string' && /^(08|57P0)/.test(code)) ||
        /connection terminated/i.test(String((err as Error)?.message))
      ) {
        broken = true;
        throw queryInterrupted();
      }
      throw err;
    } finally {
      gone?.signal.removeEventListener('abort', cancel);
      gone?.release();
      if (cancelling) await cancelling;
      client.release(cancelling || broken ? true : undefined);
    }
  }

  appTransaction<T>(
    appId: string,
    isolation: import('./app-transaction.js').TransactionIsolation | undefined,
    fn: (trx: Kysely<any>) => Promise<T>,
  ): Promise<T> {
    return this.app(appId)
      .transaction()
      .setIsolationLevel(isolation ?? 'repeatable read')
      .execute(async (trx) => {
        // A find inside a unit runs here, not on the limited read connections: the same limit, set
        // for this transaction only (numbers of ours, so written into the statements). A wait for
        // another transaction's row lock ends after half a second (55P03) rather than at the
        // deadlock check a second later: the caller runs the transaction again or answers 409.
        await sql`set local statement_timeout = ${sql.raw(String(Math.max(1, Math.floor(this.queryTimeoutMs))))}`.execute(
          trx,
        );
        await sql`set local lock_timeout = 500`.execute(trx);
        return fn(trx);
      });
  }

  appSnapshot<T>(appId: string, fn: (db: Kysely<any>) => Promise<T>): Promise<T> {
    // No statement time limit here: a backup reads whole tables, page by page, in this one snapshot.
    return this.app(appId).transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  }

  now(): number {
    return Date.now();
  }

  /** Drops every schema with this instance's prefix (tests use a random prefix per run). */
  async dropAllSchemas(): Promise<void> {
    const rows = await sql<{
      nspname: string;
    }>`select nspname from pg_namespace where nspname like ${`${this.opts.pgSchemaPrefix}%`}`.execute(this.base);
    for (const r of rows.rows) await this.dropSchema(r.nspname);
  }

  /**
   * One schema, dropped while the server's own jobs may still hold locks in it, and beside other
   * test servers doing the same: a deadlock or a lock wait over 5 s is tried again a few times.
   */
  private async dropSchema(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.base.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '5s'`.execute(trx);
          await sql`drop schema if exists ${sql.id(name)} cascade`.execute(trx);
        });
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        // 40P01 deadlock detected, 55P03 lock not available (the lock_timeout above).
        if ((code !== '40P01' && code !== '55P03') || attempt >= 6) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  async close(): Promise<void> {
    await this.base.destroy();
    await this.reads.end();
  }
}

export function openDatabases(opts: OpenOptions): Databases {
  if (opts.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(opts.databaseUrl))
      throw new Error('DATABASE_URL must start with postgres:// (or be unset for SQLite)');
    return new PostgresDatabases({ ...opts, databaseUrl: opts.databaseUrl });
  }
  return new SqliteDatabases(opts);
}

/**
 * For tests, after the server is closed (its pools ended, so none of its own locks remain): drops
 * the schemas of `prefix` on its own connection, trying again on a deadlock or a lock wait with
 * the other test servers of the run.
 */
export async function dropTestSchemas(databaseUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { nspname } of rows) {
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query('begin');
          await client.query(`set local lock_timeout = '5s'`);
          await client.query(`drop schema if exists "${nspname.replace(/"/g, '""')}" cascade`);
          await client.query('commit');
          break;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          const code = (err as { code?: string }).code;
          if ((code !== '40P01' && code !== '55P03') || attempt >= 6) throw err;
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
    }
  } finally {
    await client.end();
  }
}

/** For tests: removes everything a PostgreSQL instance created. A no-op on SQLite. */
export async function dropAllForTests(dbs: Databases): Promise<void> {
  if (dbs instanceof PostgresDatabases) await dbs.dropAllSchemas();
}
