import type { Databases } from '../../../db/dialect.js';
import type { CloudCodeDb } from './cloudcode.schema.js';
import { cloudCodeDb, num } from './db.js';

export interface ModelRecord {
  name: string;
  language: string;
  created: number;
}

/** Deployment models per (app, language). */
export class ModelsRepo {
  private readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  async list(appId: string, language?: string): Promise<ModelRecord[]> {
    let q = this.db.selectFrom('cc_models').select(['name', 'language', 'created']).where('app_id', '=', appId);
    if (language) q = q.where('language', '=', language);
    const rows = await q.orderBy('language').orderBy('name').execute();
    return rows.map((r) => ({ name: r.name, language: r.language, created: num(r.created) }));
  }

  async exists(appId: string, language: string, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('cc_models')
      .select('name')
      .where('app_id', '=', appId)
      .where('language', '=', language)
      .where('name', '=', name)
      .executeTakeFirst();
    return !!row;
  }

  /** Adds the model; false when it was there already. */
  async create(appId: string, language: string, name: string, created: number): Promise<boolean> {
    const res = await this.db
      .insertInto('cc_models')
      .values({ app_id: appId, language, name, created })
      .onConflict((oc) => oc.columns(['app_id', 'language', 'name']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
