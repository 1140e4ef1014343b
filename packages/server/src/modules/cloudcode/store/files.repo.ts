import type { Databases } from '../../../db/dialect.js';
import type { CloudCodeDb, CloudCodeTrx } from './cloudcode.schema.js';
import { cloudCodeDb, num } from './db.js';

export type Stage = 'draft' | 'production';

export interface FileKey {
  appId: string;
  language: string;
  model: string;
}

export interface StoredFile {
  path: string;
  content: string;
  updated: number;
}

/** Draft and production files of each model. Paths are checked by the caller (drafts/paths.ts). */
export class FilesRepo {
  private readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  private scope(k: FileKey, stage: Stage, db: CloudCodeDb | CloudCodeTrx = this.db) {
    return db
      .selectFrom('cc_files')
      .where('app_id', '=', k.appId)
      .where('language', '=', k.language)
      .where('model', '=', k.model)
      .where('stage', '=', stage);
  }

  /** Paths, sizes (characters) and times, without the contents. */
  async list(k: FileKey, stage: Stage): Promise<Array<{ path: string; size: number; updated: number }>> {
    const rows = await this.scope(k, stage).select(['path', 'content', 'updated']).orderBy('path').execute();
    return rows.map((r) => ({ path: r.path, size: Buffer.byteLength(r.content, 'utf8'), updated: num(r.updated) }));
  }

  async all(k: FileKey, stage: Stage, db: CloudCodeDb | CloudCodeTrx = this.db): Promise<StoredFile[]> {
    const rows = await this.scope(k, stage, db).select(['path', 'content', 'updated']).orderBy('path').execute();
    return rows.map((r) => ({ path: r.path, content: r.content, updated: num(r.updated) }));
  }

  async get(k: FileKey, stage: Stage, path: string): Promise<StoredFile | undefined> {
    const row = await this.scope(k, stage)
      .select(['path', 'content', 'updated'])
      .where('path', '=', path)
      .executeTakeFirst();
    return row && { path: row.path, content: row.content, updated: num(row.updated) };
  }

  /** Writes and removes draft files in one transaction. */
  async change(
    k: FileKey,
    stage: Stage,
    writes: Array<{ path: string; content: string }>,
    removes: string[],
    updated: number,
    db?: CloudCodeTrx,
  ): Promise<void> {
    const run = async (trx: CloudCodeTrx) => {
      for (const path of removes) {
        await trx
          .deleteFrom('cc_files')
          .where('app_id', '=', k.appId)
          .where('language', '=', k.language)
          .where('model', '=', k.model)
          .where('stage', '=', stage)
          .where('path', '=', path)
          .execute();
      }
      for (const f of writes) {
        await trx
          .insertInto('cc_files')
          .values({
            app_id: k.appId,
            language: k.language,
            model: k.model,
            stage,
            path: f.path,
            content: f.content,
            updated,
          })
          .onConflict((oc) =>
            oc.columns(['app_id', 'language', 'model', 'stage', 'path']).doUpdateSet({ content: f.content, updated }),
          )
          .execute();
      }
    };
    if (db) await run(db);
    else await this.db.transaction().execute(run);
  }

  /** Replaces every file of a stage with `files` (production at deploy and rollback). */
  async replaceStage(
    trx: CloudCodeTrx,
    k: FileKey,
    stage: Stage,
    files: Array<{ path: string; content: string }>,
    updated: number,
  ): Promise<void> {
    await trx
      .deleteFrom('cc_files')
      .where('app_id', '=', k.appId)
      .where('language', '=', k.language)
      .where('model', '=', k.model)
      .where('stage', '=', stage)
      .execute();
    for (const f of files) {
      await trx
        .insertInto('cc_files')
        .values({
          app_id: k.appId,
          language: k.language,
          model: k.model,
          stage,
          path: f.path,
          content: f.content,
          updated,
        })
        .execute();
    }
  }
}
