import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface FlowRow {
  id: string;
  app_id: string;
  name: string;
  created: number;
}

export interface VersionRow {
  id: string;
  flow_id: string;
  app_id: string;
  version_number: number;
  description: string;
  status: string;
  elements: string;
  transitions: string;
  schedule: string | null;
  errors: string;
  config_id: string | null;
  created: number;
  updated: number | null;
}

export interface ConfigRow {
  id: string;
  version_id: string;
  definition: string;
  created: number;
}

/** A version with its flow's name. */
export type VersionWithName = VersionRow & { name: string };

export interface FlowTables {
  flow_flows: FlowRow;
  flow_versions: VersionRow;
  flow_configs: ConfigRow;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function versionOf<T extends VersionRow>(r: T): T {
  return { ...r, version_number: Number(r.version_number), created: Number(r.created), updated: num(r.updated) };
}

/** SQL of flow definitions (system database); every value a bound parameter. */
export class FlowsRepo {
  readonly db: Kysely<FlowTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<FlowTables>;
  }

  private withName(db: Kysely<FlowTables> = this.db) {
    return db
      .selectFrom('flow_versions as v')
      .innerJoin('flow_flows as f', 'f.id', 'v.flow_id')
      .selectAll('v')
      .select('f.name as name');
  }

  async versions(appId: string): Promise<VersionWithName[]> {
    const rows = await this.withName()
      .where('v.app_id', '=', appId)
      .orderBy('f.name')
      .orderBy('v.version_number')
      .execute();
    return rows.map(versionOf);
  }

  async version(appId: string, id: string): Promise<VersionWithName | undefined> {
    const r = await this.withName().where('v.app_id', '=', appId).where('v.id', '=', id).executeTakeFirst();
    return r && versionOf(r);
  }

  /** Versions in a given state, every app (the engine's trigger index reads LIVE ones). */
  async versionsIn(appId: string, status: string): Promise<VersionWithName[]> {
    const rows = await this.withName().where('v.app_id', '=', appId).where('v.status', '=', status).execute();
    return rows.map(versionOf);
  }

  /** LIVE versions of every app with their definition snapshot (the trigger index, loaded at start). */
  async liveEverywhere(): Promise<Array<VersionWithName & { definition: string | null }>> {
    const rows = await this.withName()
      .leftJoin('flow_configs as c', 'c.id', 'v.config_id')
      .select('c.definition as definition')
      .where('v.status', '=', 'LIVE')
      .execute();
    return rows.map(versionOf);
  }

  async flowVersions(flowId: string): Promise<VersionRow[]> {
    const rows = await this.db.selectFrom('flow_versions').selectAll().where('flow_id', '=', flowId).execute();
    return rows.map(versionOf);
  }

  flow(appId: string, id: string): Promise<FlowRow | undefined> {
    return this.db
      .selectFrom('flow_flows')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  flowNamed(appId: string, name: string): Promise<FlowRow | undefined> {
    return this.db
      .selectFrom('flow_flows')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertFlow(flow: FlowRow, version: VersionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('flow_flows').values(flow).execute();
      await trx.insertInto('flow_versions').values(version).execute();
    });
  }

  async insertVersion(version: Omit<VersionRow, 'version_number'>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const top = await trx
        .selectFrom('flow_versions')
        .select((eb) => eb.fn.max('version_number').as('n'))
        .where('flow_id', '=', version.flow_id)
        .executeTakeFirst();
      const number = Number(top?.n ?? 0) + 1;
      await trx
        .insertInto('flow_versions')
        .values({ ...version, version_number: number })
        .execute();
      return number;
    });
  }

  /** Changes a version while its status is one of `from`; false when it was not (someone changed it first). */
  async updateVersion(id: string, from: string[], change: Partial<VersionRow>): Promise<boolean> {
    const res = await this.db
      .updateTable('flow_versions')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Makes a version LIVE with the snapshot its instances will run, unless another version of the
   * same flow is LIVE or PAUSED (checked and changed in one transaction).
   */
  async enable(version: VersionRow, config: ConfigRow, from: string[]): Promise<'ok' | 'busy' | 'changed'> {
    return this.db.transaction().execute(async (trx) => {
      const other = await trx
        .selectFrom('flow_versions')
        .select('id')
        .where('flow_id', '=', version.flow_id)
        .where('id', '!=', version.id)
        .where('status', 'in', ['LIVE', 'PAUSED'])
        .executeTakeFirst();
      if (other) return 'busy';
      if (config.id !== version.config_id) await trx.insertInto('flow_configs').values(config).execute();
      const res = await trx
        .updateTable('flow_versions')
        .set({ status: 'LIVE', config_id: config.id, updated: config.created })
        .where('id', '=', version.id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? 'ok' : 'changed';
    });
  }

  async config(id: string): Promise<ConfigRow | undefined> {
    const r = await this.db.selectFrom('flow_configs').selectAll().where('id', '=', id).executeTakeFirst();
    return r && { ...r, created: Number(r.created) };
  }

  async renameFlow(appId: string, id: string, name: string): Promise<boolean> {
    const res = await this.db
      .updateTable('flow_flows')
      .set({ name })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Deletes a version (its configs, instances, steps and logs go with it, by cascade). */
  async deleteVersion(id: string): Promise<void> {
    await this.db.deleteFrom('flow_versions').where('id', '=', id).execute();
  }

  async deleteFlow(id: string): Promise<void> {
    await this.db.deleteFrom('flow_flows').where('id', '=', id).execute();
  }
}
