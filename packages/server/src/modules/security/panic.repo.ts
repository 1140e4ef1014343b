import type { SecurityKysely, SecurityTables } from './security.migrations.js';

type PanicValues = Omit<SecurityTables['sec_app_state'], 'app_id'>;

/** The `sec_app_state` table: each app's panic switch, one row per app once it was ever set. */
export class PanicRepo {
  constructor(private readonly db: SecurityKysely) {}

  get(appId: string) {
    return this.db.selectFrom('sec_app_state').selectAll().where('app_id', '=', appId).executeTakeFirst();
  }

  /** Updates the app's row, or inserts it when there is none, in one transaction. */
  async put(appId: string, values: PanicValues): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const res = await trx.updateTable('sec_app_state').set(values).where('app_id', '=', appId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0)
        await trx
          .insertInto('sec_app_state')
          .values({ app_id: appId, ...values })
          .execute();
    });
  }
}
