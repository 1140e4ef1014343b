import type { Kysely } from 'kysely';
import type { Databases } from '../db/dialect.js';

/**
 * The columns of `cc_timers` / `cc_timer_logs` the timer loop reads and writes (the tables are
 * cloud code's, contract §2; the loop keeps its own view of them so `jobs/` does not reach into a
 * module). Every value is a bound parameter.
 */
export interface TimerRow {
  id: string;
  app_id: string;
  mode: string;
  name: string;
  start_date: number | string | null;
  expire: number | string | null;
  frequency_json: string | null;
  timezone: string | null;
  enabled: number;
  next_run_at: number | string | null;
  last_run_at: number | string | null;
  last_status: string | null;
  running_since: number | string | null;
  lease_owner: string | null;
  lease_until: number | string | null;
  deployment_id: string | null;
}

export interface TimerLogRow {
  id: string;
  app_id: string;
  timer_name: string;
  trigger: string;
  started_at: number;
  duration_ms: number | null;
  status: string;
  error: string | null;
  log_excerpt: string | null;
}

interface Tables {
  cc_timers: TimerRow;
  cc_timer_logs: TimerLogRow;
}

/** `next_run_at` of a timer that will not run again (ran once, expired, a calendar with no next day). */
export const NEVER = 8_640_000_000_000_000;
/** Modes whose timers run on schedule: deployed code (a draft is a declaration, debug runs elsewhere). */
export const RUNNING_MODES = ['PRODUCTION', 'MARKETPLACE'];
/** Timer log rows kept per app, and for how long. */
export const LOGS_KEPT = 1_000;
export const LOGS_MAX_AGE_MS = 7 * 86_400_000;

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class TimersRepo {
  readonly db: Kysely<Tables>;

  constructor(private readonly dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<Tables>;
  }

  /** Enabled running timers whose next run was never computed (new, or their schedule changed). */
  unplanned(limit: number) {
    return this.db
      .selectFrom('cc_timers')
      .selectAll()
      .where('enabled', '=', 1)
      .where('mode', 'in', RUNNING_MODES)
      .where('next_run_at', 'is', null)
      .limit(limit)
      .execute();
  }

  async plan(id: string, next: number): Promise<void> {
    await this.db
      .updateTable('cc_timers')
      .set({ next_run_at: next })
      .where('id', '=', id)
      .where('next_run_at', 'is', null)
      .execute();
  }

  /**
   * Claims due timers for `node`: each claimed row's next run is moved on (`next` of the row) and a
   * lease taken in the same statement, so one due time runs once across every process (at most
   * once: a process that dies mid-run loses that run, the next one still comes).
   *
   * PostgreSQL: one transaction selects the due rows `FOR UPDATE SKIP LOCKED`, so pollers at the
   * same moment take different rows without waiting. SQLite (one process per database): each row
   * is taken by an UPDATE naming the due time and lease it saw; of two claimers one changes it.
   *
   * A due timer still running (its lease held) is not claimed; `busy` gets those, and moves
   * their next run on the same way so the skip is recorded once per due time.
   */
  async claim(
    now: number,
    limit: number,
    node: string,
    plan: (row: TimerRow) => { next: number; leaseUntil: number },
  ): Promise<{ claimed: TimerRow[]; busy: TimerRow[] }> {
    const due = (db: Kysely<Tables>) =>
      db
        .selectFrom('cc_timers')
        .selectAll()
        .where('enabled', '=', 1)
        .where('mode', 'in', RUNNING_MODES)
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit);
    const take = async (db: Kysely<Tables>, row: TimerRow, lockedAlready: boolean) => {
      const { next, leaseUntil } = plan(row);
      const held = n(row.lease_until) !== null && n(row.lease_until)! >= now;
      const change = held
        ? { next_run_at: next }
        : { next_run_at: next, lease_owner: node, lease_until: leaseUntil, running_since: now };
      let q = db.updateTable('cc_timers').set(change).where('id', '=', row.id);
      if (!lockedAlready) {
        q = q
          .where('next_run_at', '=', row.next_run_at)
          .where((eb) =>
            row.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', row.lease_until),
          );
      }
      const res = await q.executeTakeFirst();
      return { held, won: Number(res.numUpdatedRows) === 1 };
    };
    const claimed: TimerRow[] = [];
    const busy: TimerRow[] = [];
    const sort = (row: TimerRow, r: { held: boolean; won: boolean }) => {
      if (r.won) (r.held ? busy : claimed).push(row);
    };
    if (this.dbs.kind === 'postgres') {
      await this.db.transaction().execute(async (trx) => {
        for (const row of await due(trx).forUpdate().skipLocked().execute()) sort(row, await take(trx, row, true));
      });
    } else {
      for (const row of await due(this.db).execute()) sort(row, await take(this.db, row, false));
    }
    return { claimed, busy };
  }

  /** Ends a run this node holds: the lease goes, the outcome stays. */
  async finish(id: string, node: string, startedAt: number, status: string): Promise<void> {
    await this.db
      .updateTable('cc_timers')
      .set({ lease_owner: null, lease_until: null, running_since: null, last_run_at: startedAt, last_status: status })
      .where('id', '=', id)
      .where('lease_owner', '=', node)
      .execute();
  }

  /** Records a manual run (run now), outside the schedule and its lease. */
  async ranManually(id: string, startedAt: number, status: string): Promise<void> {
    await this.db
      .updateTable('cc_timers')
      .set({ last_run_at: startedAt, last_status: status })
      .where('id', '=', id)
      .execute();
  }

  /** Gives back every lease of a stopping node, so the timers are free at once. */
  async handBack(node: string): Promise<void> {
    await this.db
      .updateTable('cc_timers')
      .set({ lease_owner: null, lease_until: null, running_since: null })
      .where('lease_owner', '=', node)
      .execute();
  }

  async log(row: TimerLogRow): Promise<void> {
    await this.db.insertInto('cc_timer_logs').values(row).execute();
  }

  /** Keeps 7 days and at most LOGS_KEPT rows of each app's timer logs. */
  async prune(now: number): Promise<void> {
    await this.db
      .deleteFrom('cc_timer_logs')
      .where('started_at', '<', now - LOGS_MAX_AGE_MS)
      .execute();
    const crowded = await this.db
      .selectFrom('cc_timer_logs')
      .select(['app_id', (eb) => eb.fn.countAll<number | string>().as('rows')])
      .groupBy('app_id')
      .having((eb) => eb.fn.countAll(), '>', LOGS_KEPT)
      .execute();
    for (const { app_id } of crowded) {
      const edge = await this.db
        .selectFrom('cc_timer_logs')
        .select('started_at')
        .where('app_id', '=', app_id)
        .orderBy('started_at', 'desc')
        .offset(LOGS_KEPT - 1)
        .limit(1)
        .executeTakeFirst();
      if (edge)
        await this.db
          .deleteFrom('cc_timer_logs')
          .where('app_id', '=', app_id)
          .where('started_at', '<', Number(edge.started_at))
          .execute();
    }
  }
}

export { n as numOrNull };
