import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ServerRow {
  id: string;
  app_id: string;
  name: string;
  role: string;
  token_hash: string;
  token_hint: string;
  status: string;
  /** JSON of the tools generated at the last deploy. */
  tools: string;
  deployed: number;
  created: number;
}

export interface ClientRow {
  id: string;
  app_id: string;
  name: string;
  url: string;
  /** Sealed JSON object of header name → value. */
  headers: string;
  created: number;
  updated: number;
}

interface McpTables {
  mcp_servers: ServerRow;
  mcp_clients: ClientRow;
}

/** Most hosted servers and clients one app may have: each is a credential or an outgoing connection. */
export const MAX_PER_APP = 50;

/** MCP rows of the system database (decision 0079). Repos answer rows; services decide. */
export class McpRepo {
  private readonly db: Kysely<McpTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<McpTables>;
  }

  servers(appId: string): Promise<ServerRow[]> {
    return this.db.selectFrom('mcp_servers').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  server(appId: string, name: string): Promise<ServerRow | undefined> {
    return this.db
      .selectFrom('mcp_servers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async countServers(appId: string): Promise<number> {
    const r = await this.db
      .selectFrom('mcp_servers')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertServer(row: ServerRow): Promise<void> {
    await this.db.insertInto('mcp_servers').values(row).execute();
  }

  async updateServer(appId: string, name: string, set: Partial<Pick<ServerRow, 'status' | 'tools' | 'deployed'>>) {
    const r = await this.db
      .updateTable('mcp_servers')
      .set(set)
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteServer(appId: string, name: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('mcp_servers')
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  clients(appId: string): Promise<ClientRow[]> {
    return this.db.selectFrom('mcp_clients').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  client(appId: string, by: { id?: string; name?: string }): Promise<ClientRow | undefined> {
    let q = this.db.selectFrom('mcp_clients').selectAll().where('app_id', '=', appId);
    if (by.id !== undefined) q = q.where('id', '=', by.id);
    else q = q.where('name', '=', by.name ?? '');
    return q.executeTakeFirst();
  }

  async countClients(appId: string): Promise<number> {
    const r = await this.db
      .selectFrom('mcp_clients')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertClient(row: ClientRow): Promise<void> {
    await this.db.insertInto('mcp_clients').values(row).execute();
  }

  async updateClient(appId: string, id: string, set: Partial<Pick<ClientRow, 'name' | 'url' | 'headers' | 'updated'>>) {
    await this.db.updateTable('mcp_clients').set(set).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async deleteClient(appId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('mcp_clients')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
