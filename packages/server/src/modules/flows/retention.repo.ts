import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

interface RetentionTables {
  flow_settings: { app_id: string; retention_days: number; updated: number };
  flow_instances: { id: string; app_id: string; status: string; finished_at: number | null };
  flow_steps: { instance_id: string };
  flow_logs: { instance_id: string };
}

const FINISHED = ['COMPLETED', 'FAILED', 'STOPPED'];

/** SQL of the flow settings and of the removal of old finished instances (system database). */
export class RetentionRepo {
  private readonly db: Kysely<RetentionTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<RetentionTables>;
  }

  async days(appId: string): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('flow_settings')
      .select('retention_days')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return r && Number(r.retention_days);
  }

  async setDays(appId: string, days: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('flow_settings').where('app_id', '=', appId).execute();
      await trx.insertInto('flow_settings').values({ app_id: appId, retention_days: days, updated: now }).execute();
    });
  }

  /** Every app that set its own retention. */
  async custom(): Promise<Array<{ appId: string; days: number }>> {
    const rows = await this.db.selectFrom('flow_settings').select(['app_id', 'retention_days']).execute();
    return rows.map((r) => ({ appId: r.app_id, days: Number(r.retention_days) }));
  }

  /**
   * Removes up to `limit` finished instances that finished before `before`, with their steps and
   * log lines, of one app (`appId`) or of every app but `except`; answers how many went.
   */
  async removeFinished(
    scope: { appId: string } | { except: string[] },
    before: number,
    limit: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('flow_instances')
        .select('id')
        .where('status', 'in', FINISHED)
        .where('finished_at', '<', before);
      if ('appId' in scope) q = q.where('app_id', '=', scope.appId);
      else if (scope.except.length) q = q.where('app_id', 'not in', scope.except);
      const ids = (await q.limit(limit).execute()).map((r) => r.id);
      if (!ids.length) return 0;
      await trx.deleteFrom('flow_steps').where('instance_id', 'in', ids).execute();
      await trx.deleteFrom('flow_logs').where('instance_id', 'in', ids).execute();
      await trx.deleteFrom('flow_instances').where('id', 'in', ids).execute();
      return ids.length;
    });
  }
}
