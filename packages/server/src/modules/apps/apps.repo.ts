import { sql } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import { forgetConsoleAccess } from '../../http/access-cache.js';
import type { AppsTable } from '../../db/system-schema.js';

export class AppsRepo {
  constructor(private readonly dbs: Databases) {}

  private get db() {
    return this.dbs.system;
  }

  /** Apps the developer owns or is a team member of, oldest first. */
  async listForDeveloper(developerId: string): Promise<Array<AppsTable & { role: 'owner' | 'member' }>> {
    const owned = await this.db.selectFrom('apps').selectAll().where('owner_id', '=', developerId).execute();
    const joined = await this.db
      .selectFrom('apps')
      .innerJoin('app_members', 'app_members.app_id', 'apps.id')
      .selectAll('apps')
      .where('app_members.developer_id', '=', developerId)
      .execute();
    return [
      ...owned.map((a) => ({ ...a, role: 'owner' as const })),
      ...joined.map((a) => ({ ...a, role: 'member' as const })),
    ].sort((a, b) => a.created - b.created);
  }

  /** Names compare without case, as the unique index `apps_owner_name` does. */
  findOwnedByName(ownerId: string, name: string) {
    return this.db
      .selectFrom('apps')
      .select(['id'])
      .where('owner_id', '=', ownerId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  async insert(app: AppsTable, keys: Array<{ id: string; device_type: string; api_key: string }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('apps').values(app).execute();
      await trx
        .insertInto('api_keys')
        .values(keys.map((k) => ({ ...k, app_id: app.id, created: app.created })))
        .execute();
    });
  }

  async update(appId: string, patch: Partial<Omit<AppsTable, 'id'>>): Promise<void> {
    await this.db
      .updateTable('apps')
      .set({ ...patch, updated: Date.now() })
      .where('id', '=', appId)
      .execute();
    forgetConsoleAccess();
  }

  async delete(appId: string): Promise<void> {
    await this.db.deleteFrom('apps').where('id', '=', appId).execute();
    forgetConsoleAccess();
  }

  apiKeys(appId: string) {
    return this.db.selectFrom('api_keys').select(['device_type', 'api_key']).where('app_id', '=', appId).execute();
  }

  idsOwnedBy(developerId: string) {
    return this.db.selectFrom('apps').select(['id']).where('owner_id', '=', developerId).execute();
  }
}
