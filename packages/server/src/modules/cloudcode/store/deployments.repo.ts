import type { Databases } from '../../../db/dialect.js';
import type { CcDeploymentRow, CloudCodeDb, CloudCodeTrx } from './cloudcode.schema.js';
import { cloudCodeDb, num } from './db.js';
import type { FileKey } from './files.repo.js';

/** Deployments kept per model (the active one always among them). */
export const KEPT_DEPLOYMENTS = 10;

export type DeploymentRecord = Omit<CcDeploymentRow, 'created' | 'active'> & { created: number; active: boolean };

function record(r: CcDeploymentRow): DeploymentRecord {
  return { ...r, created: num(r.created), active: num(r.active) === 1 };
}

/** Immutable deployments of each model; one of them is active (production). */
export class DeploymentsRepo {
  private readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  get database(): CloudCodeDb {
    return this.db;
  }

  async get(appId: string, id: string): Promise<DeploymentRecord | undefined> {
    const row = await this.db
      .selectFrom('cc_deployments')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && record(row);
  }

  /** The model's deployments, newest first, without their code (the list answers). */
  async list(k: FileKey): Promise<DeploymentRecord[]> {
    const rows = await this.db
      .selectFrom('cc_deployments')
      .select([
        'id',
        'app_id',
        'language',
        'model',
        'created',
        'created_by',
        'registration_json',
        'files_json',
        'active',
      ])
      .where('app_id', '=', k.appId)
      .where('language', '=', k.language)
      .where('model', '=', k.model)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => record({ ...r, code: '' }));
  }

  async insert(trx: CloudCodeTrx, row: Omit<CcDeploymentRow, 'active'>): Promise<void> {
    await trx
      .insertInto('cc_deployments')
      .values({ ...row, active: 0 })
      .execute();
  }

  /** Makes `id` the model's only active deployment. */
  async activate(trx: CloudCodeTrx, k: FileKey, id: string): Promise<void> {
    await trx
      .updateTable('cc_deployments')
      .set({ active: 0 })
      .where('app_id', '=', k.appId)
      .where('language', '=', k.language)
      .where('model', '=', k.model)
      .where('active', '=', 1)
      .execute();
    await trx.updateTable('cc_deployments').set({ active: 1 }).where('id', '=', id).execute();
  }

  /** Drops the oldest deployments beyond `KEPT_DEPLOYMENTS`, never the active one. */
  async prune(trx: CloudCodeTrx, k: FileKey): Promise<void> {
    const rows = await trx
      .selectFrom('cc_deployments')
      .select(['id', 'active'])
      .where('app_id', '=', k.appId)
      .where('language', '=', k.language)
      .where('model', '=', k.model)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const drop = rows
      .slice(KEPT_DEPLOYMENTS)
      .filter((r) => num(r.active) !== 1)
      .map((r) => r.id);
    if (drop.length) await trx.deleteFrom('cc_deployments').where('id', 'in', drop).execute();
  }
}
