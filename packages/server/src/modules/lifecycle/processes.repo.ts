import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { ProcessRow } from './lifecycle.migrations.js';

type Db = Kysely<{ lifecycle_processes: ProcessRow }>;

/** Most finished processes of one kind listed beside the unfinished ones. */
const FINISHED_LISTED = 20;

/** The rows of lifecycle processes. */
export class ProcessesRepo {
  private readonly db: Db;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Db;
  }

  async insert(row: ProcessRow): Promise<void> {
    await this.db.insertInto('lifecycle_processes').values(row).execute();
  }

  async update(id: string, changes: Partial<ProcessRow>): Promise<void> {
    await this.db.updateTable('lifecycle_processes').set(changes).where('id', '=', id).execute();
  }

  get(appId: string, id: string): Promise<ProcessRow | undefined> {
    return this.db
      .selectFrom('lifecycle_processes')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Unfinished ones and the last finished ones of the app, newest first; one kind when given. */
  async list(appId: string, kind?: string): Promise<ProcessRow[]> {
    const base = () => {
      let q = this.db.selectFrom('lifecycle_processes').selectAll().where('app_id', '=', appId);
      if (kind) q = q.where('kind', '=', kind);
      return q;
    };
    const [open, done] = await Promise.all([
      base().where('status', '=', 'IN_PROGRESS').orderBy('created', 'desc').execute(),
      base().where('status', '!=', 'IN_PROGRESS').orderBy('created', 'desc').limit(FINISHED_LISTED).execute(),
    ]);
    return [...open, ...done].sort((a, b) => Number(b.created) - Number(a.created));
  }

  /** Export files older than the newest `keep` finished exports of the app (to be removed). */
  async staleExports(appId: string, keep: number): Promise<ProcessRow[]> {
    return this.db
      .selectFrom('lifecycle_processes')
      .selectAll()
      .where('app_id', '=', appId)
      .where('kind', '=', 'export')
      .where('status', '!=', 'IN_PROGRESS')
      .where('file_path', 'is not', null)
      .orderBy('created', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
  }
}
