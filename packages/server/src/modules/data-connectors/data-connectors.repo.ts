import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ConnectorRow {
  id: string;
  app_id: string;
  name: string;
  type: string;
  host: string;
  port: number;
  database: string;
  /** PostgreSQL: the schema whose tables the connector shows; '' for the others. */
  db_schema: string;
  username: string;
  /** Sealed with the server key (http/secret-box.ts); '' when none. */
  password: string;
  created: number;
  updated: number;
}

interface ConnectorTables {
  data_connectors: ConnectorRow;
}

/** Rows of `data_connectors`; every read names the app. */
export class DataConnectorsRepo {
  constructor(private readonly dbs: Databases) {}

  private get db(): Kysely<ConnectorTables> {
    return this.dbs.system as unknown as Kysely<ConnectorTables>;
  }

  async list(appId: string): Promise<ConnectorRow[]> {
    const rows = await this.db.selectFrom('data_connectors').selectAll().where('app_id', '=', appId).execute();
    return rows.map(numbers).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** A connector by id, or by name. */
  async get(appId: string, idOrName: string): Promise<ConnectorRow | undefined> {
    const rows = await this.db
      .selectFrom('data_connectors')
      .selectAll()
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
      .execute();
    const row = rows.find((r) => r.id === idOrName) ?? rows[0];
    return row && numbers(row);
  }

  async insert(row: ConnectorRow): Promise<void> {
    await this.db.insertInto('data_connectors').values(row).execute();
  }

  async update(row: ConnectorRow): Promise<void> {
    const { id, app_id, created: _created, ...rest } = row;
    await this.db.updateTable('data_connectors').set(rest).where('app_id', '=', app_id).where('id', '=', id).execute();
  }

  async remove(appId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('data_connectors').where('app_id', '=', appId).where('id', '=', id).execute();
    return Number(r[0]?.numDeletedRows ?? 0) > 0;
  }
}

/** bigint columns come back as text from some drivers. */
function numbers(row: ConnectorRow): ConnectorRow {
  return { ...row, port: Number(row.port), created: Number(row.created), updated: Number(row.updated) };
}
