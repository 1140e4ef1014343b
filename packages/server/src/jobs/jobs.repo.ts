import type { Kysely } from 'kysely';
import type { Databases } from '../db/dialect.js';
import type { JobRow, JobsKysely } from './jobs.schema.js';

/** SQL of the job table (system database); every value is a bound parameter. */
export class JobsRepo {
  readonly db: JobsKysely;

  constructor(private readonly dbs: Databases) {
    this.db = dbs.system as unknown as JobsKysely;
  }

  /** Inserts a job; `db` is a transaction of the caller's when the job must commit with its own rows. */
  async insert(row: JobRow, db: Kysely<any> = this.db): Promise<void> {
    await (db as JobsKysely).insertInto('jobs').values(row).execute();
  }

  /** Cancels a pending job (a schedule switched off); answers whether there was one. */
  async cancel(id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({ state: 'cancelled', leased_by: null, lease_until: null, updated: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Removes a job whatever its state (a schedule set up again under the same id). */
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).execute();
  }

  byId(id: string) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Claims up to `limit` due jobs of the given kinds for `node` until `leaseUntil`, and lets
   * `plan` say how each claimed row changes in the same statement (an at-most-once kind moves its
   * due time on as it is claimed). A job is due when pending, its time has come and nobody holds
   * an unexpired lease on it.
   *
   * PostgreSQL: one transaction selects the rows `FOR UPDATE SKIP LOCKED`, so processes polling at
   * the same moment each get different rows and never wait for each other. SQLite (one process
   * per database file): each row is taken by an UPDATE that names the due time and lease it saw,
   * so of two claimers exactly one changes the row.
   *
   * Answers the claimed rows as they were before the change (the due time being run), with the lease.
   */
  async claim(
    kinds: string[],
    now: number,
    limit: number,
    node: string,
    plan: (row: JobRow) => Partial<JobRow>,
  ): Promise<JobRow[]> {
    if (kinds.length === 0) return [];
    const due = (db: JobsKysely) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'pending')
        .where('run_at', '<=', now)
        .where('kind', 'in', kinds)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('run_at')
        .limit(limit);
    if (this.dbs.kind === 'postgres') {
      return this.db.transaction().execute(async (trx) => {
        const rows = await due(trx).forUpdate().skipLocked().execute();
        const out: JobRow[] = [];
        for (const row of rows) {
          const change = { ...plan(row), leased_by: node, last_run_by: node, updated: now };
          await trx.updateTable('jobs').set(change).where('id', '=', row.id).execute();
          out.push({ ...row, leased_by: node, lease_until: change.lease_until ?? null });
        }
        return out;
      });
    }
    const out: JobRow[] = [];
    for (const row of await due(this.db).execute()) {
      const change = { ...plan(row), leased_by: node, last_run_by: node, updated: now };
      const res = await this.db
        .updateTable('jobs')
        .set(change)
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .where('run_at', '=', row.run_at)
        .where((eb) =>
          row.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', row.lease_until),
        )
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1)
        out.push({ ...row, leased_by: node, lease_until: change.lease_until ?? null });
    }
    return out;
  }

  /** Changes a job this node still holds; answers false when the lease was lost (expired and taken, or handed back). */
  async updateHeld(id: string, node: string, change: Partial<JobRow>): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set(change)
      .where('id', '=', id)
      .where('leased_by', '=', node)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives up every lease of a node: its jobs are free for the other processes at once. */
  async handBack(node: string): Promise<number> {
    const res = await this.db
      .updateTable('jobs')
      .set({ leased_by: null, lease_until: null })
      .where('leased_by', '=', node)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /**
   * Makes a job due again now, whatever its state, dropping any lease: for work a person asks to
   * go on with (an interrupted import's Resume). Answers false when there is no such job.
   */
  async requeue(id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({
        state: 'pending',
        run_at: now,
        attempts: 0,
        last_error: null,
        leased_by: null,
        lease_until: null,
        updated: now,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async recordError(id: string, error: string | null): Promise<void> {
    await this.db.updateTable('jobs').set({ last_error: error }).where('id', '=', id).execute();
  }
}
