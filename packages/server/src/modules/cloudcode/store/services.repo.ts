import type { Databases } from '../../../db/dialect.js';
import type { CcServiceRow, CloudCodeDb } from './cloudcode.schema.js';
import { cloudCodeDb, num } from './db.js';

export type ServiceRecord = Omit<CcServiceRow, 'created'> & { created: number };

const record = (r: CcServiceRow): ServiceRecord => ({ ...r, created: num(r.created) });

/** Deployed API services, their stored configuration values and default models. */
export class ServicesRepo {
  private readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  async list(appId: string): Promise<ServiceRecord[]> {
    const rows = await this.db
      .selectFrom('cc_services')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('name')
      .orderBy('model')
      .execute();
    return rows.map(record);
  }

  async byId(appId: string, id: string): Promise<ServiceRecord | undefined> {
    const row = await this.db
      .selectFrom('cc_services')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && record(row);
  }

  /** Every model's copy of a service, oldest first. */
  async byName(appId: string, name: string): Promise<ServiceRecord[]> {
    const rows = await this.db
      .selectFrom('cc_services')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .orderBy('created')
      .orderBy('model')
      .execute();
    return rows.map(record);
  }

  /** A service that no deploy writes (an AWS Lambda service); its language keeps deploys of JS models off it. */
  async insert(row: ServiceRecord): Promise<void> {
    await this.db.insertInto('cc_services').values(row).execute();
  }

  async removeConfigValues(appId: string, model: string, service: string): Promise<void> {
    await this.db
      .deleteFrom('cc_service_config')
      .where('app_id', '=', appId)
      .where('model', '=', model)
      .where('service', '=', service)
      .execute();
  }

  async remove(appId: string, ids: string[]): Promise<ServiceRecord[]> {
    const rows = await this.db
      .selectFrom('cc_services')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length)
      await this.db.deleteFrom('cc_services').where('app_id', '=', appId).where('id', 'in', ids).execute();
    return rows.map(record);
  }

  /** A codeless service's source (decision 0051): its methods and its row. */
  async removeCodelessSource(appId: string, serviceId: string): Promise<void> {
    await this.db
      .deleteFrom('cc_codeless_methods')
      .where('app_id', '=', appId)
      .where('service_id', '=', serviceId)
      .execute();
    await this.db.deleteFrom('cc_codeless_services').where('app_id', '=', appId).where('id', '=', serviceId).execute();
  }

  /** Sets the MCP flag of a service row; false when the app has no such service. */
  async setMcp(appId: string, id: string, enabled: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('cc_services')
      .set({ mcp_enabled: enabled ? 1 : 0 })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async updateSpec(appId: string, id: string, specJson: string): Promise<void> {
    await this.db
      .updateTable('cc_services')
      .set({ spec_json: specJson })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  /** The model chosen for a service name, if any. */
  async defaultModel(appId: string, service: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('cc_service_defaults')
      .select('model')
      .where('app_id', '=', appId)
      .where('service', '=', service)
      .executeTakeFirst();
    return row?.model;
  }

  async defaultModels(appId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('cc_service_defaults')
      .select(['service', 'model'])
      .where('app_id', '=', appId)
      .execute();
    return new Map(rows.map((r) => [r.service, r.model]));
  }

  async setDefaultModel(appId: string, service: string, model: string): Promise<void> {
    await this.db
      .insertInto('cc_service_defaults')
      .values({ app_id: appId, service, model })
      .onConflict((oc) => oc.columns(['app_id', 'service']).doUpdateSet({ model }))
      .execute();
  }

  /** Stored configuration values `{name: value}` (secrets still sealed). */
  async configValues(appId: string, model: string, service: string): Promise<Record<string, unknown>> {
    const row = await this.db
      .selectFrom('cc_service_config')
      .select('values_json')
      .where('app_id', '=', appId)
      .where('model', '=', model)
      .where('service', '=', service)
      .executeTakeFirst();
    return row ? (JSON.parse(row.values_json) as Record<string, unknown>) : {};
  }

  async saveConfigValues(
    appId: string,
    model: string,
    service: string,
    values: Record<string, unknown>,
    updated: number,
  ): Promise<void> {
    const values_json = JSON.stringify(values);
    await this.db
      .insertInto('cc_service_config')
      .values({ app_id: appId, model, service, values_json, updated })
      .onConflict((oc) => oc.columns(['app_id', 'model', 'service']).doUpdateSet({ values_json, updated }))
      .execute();
  }
}
