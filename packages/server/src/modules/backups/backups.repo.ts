import type { Kysely } from 'kysely';
import { loadAppSchema } from '../data/index.js';
import type { Databases } from '../../db/dialect.js';
import type { BackupPolicyRow, BackupRow } from './backups.migrations.js';

type Db = Kysely<{ backups: BackupRow; backup_policies: BackupPolicyRow; apps: { id: string; name: string } }>;

/** The backups list and policies of apps, in the system database. */
export class BackupsRepo {
  private readonly db: Db;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Db;
  }

  async insert(row: BackupRow): Promise<void> {
    await this.db.insertInto('backups').values(row).execute();
  }

  async update(id: string, changes: Partial<BackupRow>): Promise<void> {
    await this.db.updateTable('backups').set(changes).where('id', '=', id).execute();
  }

  async get(appId: string, id: string): Promise<BackupRow | undefined> {
    return this.db
      .selectFrom('backups')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(appId: string): Promise<BackupRow[]> {
    return this.db
      .selectFrom('backups')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('backups').where('id', '=', id).execute();
  }

  async policy(appId: string): Promise<BackupPolicyRow | undefined> {
    return this.db.selectFrom('backup_policies').selectAll().where('app_id', '=', appId).executeTakeFirst();
  }

  async savePolicy(row: BackupPolicyRow): Promise<void> {
    await this.db
      .insertInto('backup_policies')
      .values(row)
      .onConflict((oc) =>
        oc.column('app_id').doUpdateSet({ config: row.config, next_run: row.next_run, updated: row.updated }),
      )
      .execute();
  }

  /** Policies whose scheduled backup is due. */
  async due(now: number, limit: number): Promise<BackupPolicyRow[]> {
    return this.db
      .selectFrom('backup_policies')
      .selectAll()
      .where('next_run', 'is not', null)
      .where('next_run', '<=', now)
      .orderBy('next_run')
      .limit(limit)
      .execute();
  }

  /** Moves a due policy on to its next run; false when another process already did. */
  async advance(appId: string, seen: number, next: number): Promise<boolean> {
    const res = await this.db
      .updateTable('backup_policies')
      .set({ next_run: next })
      .where('app_id', '=', appId)
      .where('next_run', '=', seen)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The app's name, written into the archive's manifest. */
  async appName(appId: string): Promise<string> {
    const row = await this.db.selectFrom('apps').select('name').where('id', '=', appId).executeTakeFirst();
    return row?.name ?? '';
  }

  /** Records in the data tables of a store view (a snapshot's), for the backups list. */
  async countRecords(store: Kysely<any>): Promise<number> {
    let n = 0;
    for (const t of (await loadAppSchema(store)).tables) {
      const row = await store
        .selectFrom(t.sqlName)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      n += Number(row.n);
    }
    return n;
  }
}
