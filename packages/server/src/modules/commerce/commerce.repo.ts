import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';

interface CommerceTables {
  commerce_google_play: { app_id: string; config: string; updated: number };
}

/** The stored Google Play configuration of each app; `config` is sealed JSON. */
export class CommerceRepo {
  private readonly db: Kysely<SystemDB & CommerceTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & CommerceTables>;
  }

  googlePlay(appId: string): Promise<{ config: string; updated: number } | undefined> {
    return this.db
      .selectFrom('commerce_google_play')
      .select(['config', 'updated'])
      .where('app_id', '=', appId)
      .executeTakeFirst()
      .then((row) => (row ? { config: row.config, updated: Number(row.updated) } : undefined));
  }

  /** Stores the configuration, replacing the app's earlier one in the same statement. */
  async saveGooglePlay(appId: string, config: string, updated: number): Promise<void> {
    await this.db
      .insertInto('commerce_google_play')
      .values({ app_id: appId, config, updated })
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ config, updated }))
      .execute();
  }

  async deleteGooglePlay(appId: string): Promise<boolean> {
    const res = await this.db.deleteFrom('commerce_google_play').where('app_id', '=', appId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
