import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

export interface IntegrationRow {
  app_id: string;
  name: string;
  type: string;
  enabled: number;
  /** Sealed JSON of the configuration, secrets included. */
  config: string;
  created: number;
  updated: number;
}

/** The stored integrations table of the system database. */
export class IntegrationsRepo {
  private readonly db: Kysely<{ app_integrations: IntegrationRow }>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<{ app_integrations: IntegrationRow }>;
  }

  list(appId: string): Promise<IntegrationRow[]> {
    return this.db.selectFrom('app_integrations').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  get(appId: string, name: string): Promise<IntegrationRow | undefined> {
    return this.db
      .selectFrom('app_integrations')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async count(appId: string): Promise<number> {
    const r = await this.db
      .selectFrom('app_integrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insert(row: IntegrationRow): Promise<void> {
    await this.db.insertInto('app_integrations').values(row).execute();
  }

  async update(appId: string, name: string, change: Pick<IntegrationRow, 'enabled' | 'config' | 'updated'>) {
    await this.db
      .updateTable('app_integrations')
      .set(change)
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .execute();
  }

  async remove(appId: string, name: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('app_integrations')
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
