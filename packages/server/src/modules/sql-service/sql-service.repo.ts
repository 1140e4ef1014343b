import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ConnectionRow {
  id: string;
  app_id: string;
  name: string;
  type: string;
  host: string;
  port: number;
  database: string;
  username: string;
  /** Sealed with the server key (http/secret-box.ts); '' when none. */
  password: string;
  created: number;
  updated: number;
}

export interface QueryRow {
  id: string;
  app_id: string;
  connection_id: string;
  name: string;
  query: string;
  /** JSON list of `{name, type}`. */
  params: string;
  created: number;
  updated: number;
}

interface SqlTables {
  sql_connections: ConnectionRow;
  sql_queries: QueryRow;
}

/** Rows of the SQL service's two system tables; every read names the app. */
export class SqlServiceRepo {
  constructor(private readonly dbs: Databases) {}

  private get db(): Kysely<SqlTables> {
    return this.dbs.system as unknown as Kysely<SqlTables>;
  }

  async connections(appId: string): Promise<ConnectionRow[]> {
    const rows = await this.db.selectFrom('sql_connections').selectAll().where('app_id', '=', appId).execute();
    return rows.map(numbers).sort((a, b) => a.name.localeCompare(b.name));
  }

  async connection(appId: string, id: string): Promise<ConnectionRow | undefined> {
    const row = await this.db
      .selectFrom('sql_connections')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && numbers(row);
  }

  /** A connection by name, or by id (the reference client's paths name it either way). */
  async connectionByName(appId: string, nameOrId: string): Promise<ConnectionRow | undefined> {
    const rows = await this.db
      .selectFrom('sql_connections')
      .selectAll()
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('name', '=', nameOrId), eb('id', '=', nameOrId)]))
      .execute();
    const row = rows.find((r) => r.name === nameOrId) ?? rows[0];
    return row && numbers(row);
  }

  async insertConnection(row: ConnectionRow): Promise<void> {
    await this.db.insertInto('sql_connections').values(row).execute();
  }

  async updateConnection(row: ConnectionRow): Promise<void> {
    const { id, app_id, created: _created, ...rest } = row;
    await this.db.updateTable('sql_connections').set(rest).where('app_id', '=', app_id).where('id', '=', id).execute();
  }

  async deleteConnection(appId: string, id: string): Promise<boolean> {
    // Queries first: SQLite's foreign keys are not relied on to cascade.
    await this.db.deleteFrom('sql_queries').where('app_id', '=', appId).where('connection_id', '=', id).execute();
    const r = await this.db.deleteFrom('sql_connections').where('app_id', '=', appId).where('id', '=', id).execute();
    return Number(r[0]?.numDeletedRows ?? 0) > 0;
  }

  async queries(appId: string, connectionId: string): Promise<QueryRow[]> {
    const rows = await this.db
      .selectFrom('sql_queries')
      .selectAll()
      .where('app_id', '=', appId)
      .where('connection_id', '=', connectionId)
      .execute();
    return rows.map(numbers).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** A saved query by name, or by id. */
  async query(appId: string, connectionId: string, nameOrId: string): Promise<QueryRow | undefined> {
    const rows = await this.db
      .selectFrom('sql_queries')
      .selectAll()
      .where('app_id', '=', appId)
      .where('connection_id', '=', connectionId)
      .where((eb) => eb.or([eb('name', '=', nameOrId), eb('id', '=', nameOrId)]))
      .execute();
    const row = rows.find((r) => r.name === nameOrId) ?? rows[0];
    return row && numbers(row);
  }

  async insertQuery(row: QueryRow): Promise<void> {
    await this.db.insertInto('sql_queries').values(row).execute();
  }

  async updateQuery(row: QueryRow): Promise<void> {
    const { id, app_id, created: _created, ...rest } = row;
    await this.db.updateTable('sql_queries').set(rest).where('app_id', '=', app_id).where('id', '=', id).execute();
  }

  async deleteQuery(appId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('sql_queries').where('app_id', '=', appId).where('id', '=', id).execute();
    return Number(r[0]?.numDeletedRows ?? 0) > 0;
  }
}

/** bigint columns come back as text from some drivers. */
function numbers<T extends { created: number; updated: number }>(row: T): T {
  const out = { ...row, created: Number(row.created), updated: Number(row.updated) };
  if ('port' in out) (out as { port: number }).port = Number((out as { port: unknown }).port);
  return out;
}
