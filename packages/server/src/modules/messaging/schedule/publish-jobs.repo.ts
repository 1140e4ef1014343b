import type { Databases } from '../../../db/dialect.js';
import type { MessagingKysely, MessagingTables } from '../messaging.schema.js';

export type JobRow = MessagingTables['msg_publish_jobs'];

/** SQL of scheduled publishes (system database); every value is a bound parameter. */
export class PublishJobsRepo {
  private readonly db: MessagingKysely;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as MessagingKysely;
  }

  async insert(row: JobRow): Promise<void> {
    await this.db.insertInto('msg_publish_jobs').values(row).execute();
  }

  byId(appId: string, id: string) {
    return this.db.selectFrom('msg_publish_jobs').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
  }

  async countPending(appId: string): Promise<number> {
    const row = await this.db.selectFrom('msg_publish_jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('app_id', '=', appId).where('state', '=', 'pending').executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Jobs of every app whose due time has come, oldest first. */
  due(now: number, limit: number) {
    return this.db.selectFrom('msg_publish_jobs').selectAll().where('state', '=', 'pending').where('next_at', '<=', now).orderBy('next_at').limit(limit).execute();
  }

  /**
   * Claims one due time of a job: moves it to its next due time (or ends it) only while it is
   * still pending at the due time this process saw. Of several processes, one wins the update;
   * the others match no row and leave the firing to it.
   */
  async claim(job: JobRow, next: number | null, now: number): Promise<boolean> {
    const set = next === null ? { state: 'done', fired: job.fired + 1, updated: now } : { next_at: next, fired: job.fired + 1, updated: now };
    const res = await this.db.updateTable('msg_publish_jobs').set(set)
      .where('id', '=', job.id).where('state', '=', 'pending').where('next_at', '=', job.next_at).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async recordError(id: string, error: string | null): Promise<void> {
    await this.db.updateTable('msg_publish_jobs').set({ last_error: error }).where('id', '=', id).execute();
  }

  /** Cancels a pending job; answers whether it was pending. */
  async cancel(appId: string, id: string, now: number): Promise<boolean> {
    const res = await this.db.updateTable('msg_publish_jobs').set({ state: 'cancelled', updated: now })
      .where('app_id', '=', appId).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
