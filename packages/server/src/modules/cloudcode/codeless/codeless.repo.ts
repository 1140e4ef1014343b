import type { Databases } from '../../../db/dialect.js';
import {
  cloudCodeDb,
  num,
  type CcCodelessFunctionRow,
  type CcCodelessLogicRow,
  type CcCodelessMethodRow,
  type CcCodelessServiceRow,
  type CcHandlerRow,
  type CcTimerRow,
  type CloudCodeDb,
} from '../store/index.js';

const times = <T extends { created: number; updated: number }>(r: T): T => ({
  ...r,
  created: num(r.created),
  updated: num(r.updated),
});

/** The codeless sources: services, methods, library functions, handler and timer logic (decision 0051). */
export class CodelessRepo {
  readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  async services(appId: string, model?: string): Promise<CcCodelessServiceRow[]> {
    let q = this.db.selectFrom('cc_codeless_services').selectAll().where('app_id', '=', appId);
    if (model !== undefined) q = q.where('model', '=', model);
    return (await q.orderBy('name').execute()).map(times);
  }

  async service(appId: string, id: string): Promise<CcCodelessServiceRow | undefined> {
    const r = await this.db
      .selectFrom('cc_codeless_services')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && times(r);
  }

  async serviceByName(appId: string, name: string): Promise<CcCodelessServiceRow | undefined> {
    const r = await this.db
      .selectFrom('cc_codeless_services')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return r && times(r);
  }

  async insertService(row: CcCodelessServiceRow): Promise<void> {
    await this.db.insertInto('cc_codeless_services').values(row).execute();
  }

  async updateService(appId: string, id: string, change: Partial<CcCodelessServiceRow>): Promise<void> {
    await this.db
      .updateTable('cc_codeless_services')
      .set(change)
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async deleteService(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('cc_codeless_methods').where('app_id', '=', appId).where('service_id', '=', id).execute();
    await this.db.deleteFrom('cc_codeless_services').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  /** Methods of some services, in the order they were created. */
  async methods(appId: string, serviceIds: string[]): Promise<CcCodelessMethodRow[]> {
    if (!serviceIds.length) return [];
    const rows = await this.db
      .selectFrom('cc_codeless_methods')
      .selectAll()
      .where('app_id', '=', appId)
      .where('service_id', 'in', serviceIds)
      .orderBy('created')
      .orderBy('name')
      .execute();
    return rows.map(times);
  }

  async method(appId: string, serviceId: string, id: string): Promise<CcCodelessMethodRow | undefined> {
    const r = await this.db
      .selectFrom('cc_codeless_methods')
      .selectAll()
      .where('app_id', '=', appId)
      .where('service_id', '=', serviceId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && times(r);
  }

  async methodById(appId: string, id: string): Promise<CcCodelessMethodRow | undefined> {
    const r = await this.db
      .selectFrom('cc_codeless_methods')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && times(r);
  }

  async insertMethod(row: CcCodelessMethodRow): Promise<void> {
    await this.db.insertInto('cc_codeless_methods').values(row).execute();
  }

  async updateMethod(appId: string, id: string, change: Partial<CcCodelessMethodRow>): Promise<void> {
    await this.db
      .updateTable('cc_codeless_methods')
      .set(change)
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async deleteMethod(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('cc_codeless_methods').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async functions(appId: string): Promise<CcCodelessFunctionRow[]> {
    const rows = await this.db
      .selectFrom('cc_codeless_functions')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return rows.map(times);
  }

  async fn(appId: string, id: string): Promise<CcCodelessFunctionRow | undefined> {
    const r = await this.db
      .selectFrom('cc_codeless_functions')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && times(r);
  }

  async insertFunction(row: CcCodelessFunctionRow): Promise<void> {
    await this.db.insertInto('cc_codeless_functions').values(row).execute();
  }

  async updateFunction(appId: string, id: string, change: Partial<CcCodelessFunctionRow>): Promise<void> {
    await this.db
      .updateTable('cc_codeless_functions')
      .set(change)
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async deleteFunction(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('cc_codeless_functions').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  /** Logic of the model's codeless handlers and timers. */
  async logic(appId: string, model: string): Promise<CcCodelessLogicRow[]> {
    const rows = await this.db
      .selectFrom('cc_codeless_logic')
      .selectAll()
      .where('app_id', '=', appId)
      .where('model', '=', model)
      .execute();
    return rows.map((r) => ({ ...r, updated: num(r.updated) }));
  }

  async saveLogic(row: CcCodelessLogicRow): Promise<void> {
    const { logic_json, xml, client_code, code, updated } = row;
    await this.db
      .insertInto('cc_codeless_logic')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['app_id', 'model', 'kind', 'item_key'])
          .doUpdateSet({ logic_json, xml, client_code, code, updated }),
      )
      .execute();
  }

  /** The model's codeless handlers and timers of the modes that deploy (DRAFT declarations, PRODUCTION rows). */
  async modelHandlers(appId: string, model: string): Promise<CcHandlerRow[]> {
    return this.db
      .selectFrom('cc_handlers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('language', '=', 'CODELESS')
      .where('model', '=', model)
      .where('mode', 'in', ['DRAFT', 'PRODUCTION'])
      .orderBy('created')
      .execute();
  }

  async modelTimers(appId: string, model: string): Promise<CcTimerRow[]> {
    return this.db
      .selectFrom('cc_timers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('language', '=', 'CODELESS')
      .where('model', '=', model)
      .where('mode', 'in', ['DRAFT', 'PRODUCTION'])
      .orderBy('created')
      .execute();
  }
}
