import type { Databases } from '../../../db/dialect.js';
import { cloudCodeDb, type CcHandlerRow, type CcTimerRow, type CloudCodeDb } from '../store/index.js';

/** SQL of event handlers, chains, timers and timer logs (the tables are the cloud-code store's, contract §2). */
export class HandlersRepo {
  readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  handlers(appId: string, modes?: string[]): Promise<CcHandlerRow[]> {
    let q = this.db.selectFrom('cc_handlers').selectAll().where('app_id', '=', appId);
    if (modes?.length) q = q.where('mode', 'in', modes);
    return q.orderBy('model').orderBy('created').orderBy('id').execute();
  }

  timers(appId: string, modes?: string[]): Promise<CcTimerRow[]> {
    let q = this.db.selectFrom('cc_timers').selectAll().where('app_id', '=', appId);
    if (modes?.length) q = q.where('mode', 'in', modes);
    return q.orderBy('name').execute();
  }

  handler(appId: string, id: string): Promise<CcHandlerRow | undefined> {
    return this.db
      .selectFrom('cc_handlers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  timer(appId: string, id: string): Promise<CcTimerRow | undefined> {
    return this.db
      .selectFrom('cc_timers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  timerByName(appId: string, mode: string, name: string): Promise<CcTimerRow | undefined> {
    return this.db
      .selectFrom('cc_timers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('mode', '=', mode)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  sameHandler(
    appId: string,
    h: Pick<CcHandlerRow, 'mode' | 'language' | 'model' | 'provider' | 'event_name' | 'target'>,
  ): Promise<CcHandlerRow | undefined> {
    return this.db
      .selectFrom('cc_handlers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('mode', '=', h.mode)
      .where('language', '=', h.language)
      .where('model', '=', h.model)
      .where('provider', '=', h.provider)
      .where('event_name', '=', h.event_name)
      .where('target', '=', h.target)
      .executeTakeFirst();
  }

  async insertHandler(row: CcHandlerRow): Promise<void> {
    await this.db.insertInto('cc_handlers').values(row).execute();
  }

  async insertTimer(row: CcTimerRow): Promise<void> {
    await this.db.insertInto('cc_timers').values(row).execute();
  }

  async updateHandler(appId: string, id: string, change: Partial<CcHandlerRow>): Promise<void> {
    await this.db.updateTable('cc_handlers').set(change).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async updateTimer(appId: string, id: string, change: Partial<CcTimerRow>): Promise<void> {
    await this.db.updateTable('cc_timers').set(change).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async deleteHandler(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('cc_handlers').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async deleteTimer(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('cc_timers').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  /** Every enabled, deployed handler of the modes that run (for the interceptor source). */
  runnable(appId?: string): Promise<CcHandlerRow[]> {
    let q = this.db
      .selectFrom('cc_handlers')
      .selectAll()
      .where('enabled', '=', 1)
      .where('mode', 'in', ['PRODUCTION', 'MARKETPLACE'])
      .where('deployment_id', 'is not', null);
    if (appId !== undefined) q = q.where('app_id', '=', appId);
    return q.orderBy('app_id').orderBy('model').orderBy('created').orderBy('id').execute();
  }

  chains(appId?: string) {
    let q = this.db.selectFrom('cc_chains').selectAll();
    if (appId !== undefined) q = q.where('app_id', '=', appId);
    return q.execute();
  }

  chain(appId: string, eventId: number, target: string) {
    return this.db
      .selectFrom('cc_chains')
      .selectAll()
      .where('app_id', '=', appId)
      .where('event_id', '=', eventId)
      .where('target', '=', target)
      .executeTakeFirst();
  }

  async setChain(appId: string, eventId: number, target: string, order: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('cc_chains')
        .where('app_id', '=', appId)
        .where('event_id', '=', eventId)
        .where('target', '=', target)
        .execute();
      await trx
        .insertInto('cc_chains')
        .values({ app_id: appId, event_id: eventId, target, order_json: JSON.stringify(order) })
        .execute();
    });
  }

  async timerLogs(
    appId: string,
    f: { offset: number; pageSize: number; fromDate?: number; toDate?: number; timer?: string; status?: string },
  ) {
    let q = this.db.selectFrom('cc_timer_logs').where('app_id', '=', appId);
    if (f.fromDate !== undefined) q = q.where('started_at', '>=', f.fromDate);
    if (f.toDate !== undefined) q = q.where('started_at', '<=', f.toDate);
    if (f.timer) q = q.where('timer_name', '=', f.timer);
    if (f.status) q = q.where('status', '=', f.status);
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await q
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .offset(f.offset)
      .limit(f.pageSize)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }
}
