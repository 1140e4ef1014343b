import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import { newId } from '../../http/secrets.js';

interface ProgressRow {
  developer_id: string;
  task_id: string;
  count: number;
  completed_at: number | null;
}
interface LedgerRow {
  id: string;
  developer_id: string;
  source: string;
  source_id: string;
  title: string;
  xp: number;
  points: number;
  created: number;
}
interface NoticeRow {
  developer_id: string;
  kind: string;
  ref_id: string;
  title: string;
  xp: number;
  points: number;
  created: number;
  played: number;
}
interface TriviaAnswerRow {
  developer_id: string;
  task_id: string;
  trivia_id: string;
  answer_id: string;
  correct: number;
  created: number;
}
interface AccountRow {
  developer_id: string;
  tracking: number;
  pack_id: string | null;
  notifications: number;
  updated: number;
}
interface Tables {
  gam_progress: ProgressRow;
  gam_ledger: LedgerRow;
  gam_notices: NoticeRow;
  gam_trivia_answers: TriviaAnswerRow;
  gam_accounts: AccountRow;
  gam_app_tracking: { app_id: string; enabled: number; updated: number };
  apps: { id: string; owner_id: string };
}

export interface Award {
  source: 'task' | 'trivia' | 'badge' | 'social';
  sourceId: string;
  title: string;
  xp: number;
  points: number;
}

/** Missions tables of the system database (PostgreSQL answers bigints as text: read through Number). */
export class GamificationRepo {
  private readonly db: Kysely<Tables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<Tables>;
  }

  async appOwner(appId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('apps').select('owner_id').where('id', '=', appId).executeTakeFirst();
    return row?.owner_id;
  }

  async completedTasks(developerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gam_progress')
      .select('task_id')
      .where('developer_id', '=', developerId)
      .where('completed_at', 'is not', null)
      .execute();
    return rows.map((r) => r.task_id);
  }

  async progress(
    developerId: string,
  ): Promise<Array<{ taskId: string; progress: number; completedAt: number | null }>> {
    const rows = await this.db.selectFrom('gam_progress').selectAll().where('developer_id', '=', developerId).execute();
    return rows.map((r) => ({
      taskId: r.task_id,
      progress: Number(r.count),
      completedAt: r.completed_at === null ? null : Number(r.completed_at),
    }));
  }

  /**
   * Adds `n` events to an open task and closes it when `target` is reached. Both steps are
   * conditional updates, so concurrent processes add up and exactly one of them closes the task:
   * true only for that one.
   */
  async advance(developerId: string, taskId: string, n: number, target: number): Promise<boolean> {
    await this.db
      .insertInto('gam_progress')
      .values({ developer_id: developerId, task_id: taskId, count: 0, completed_at: null })
      .onConflict((oc) => oc.columns(['developer_id', 'task_id']).doNothing())
      .execute();
    const key = (q: any) =>
      q.where('developer_id', '=', developerId).where('task_id', '=', taskId).where('completed_at', 'is', null);
    await key(this.db.updateTable('gam_progress').set((eb: any) => ({ count: eb('count', '+', n) }))).execute();
    const closed = await key(
      this.db.updateTable('gam_progress').set({ completed_at: Date.now() }).where('count', '>=', target),
    ).executeTakeFirst();
    return Number(closed.numUpdatedRows ?? 0) > 0;
  }

  /** Records an award once: false when the ledger already holds one for the same source. */
  async award(developerId: string, a: Award): Promise<boolean> {
    const res = await this.db
      .insertInto('gam_ledger')
      .values({
        id: newId(),
        developer_id: developerId,
        source: a.source,
        source_id: a.sourceId,
        title: a.title.slice(0, 200),
        xp: a.xp,
        points: a.points,
        created: Date.now(),
      })
      .onConflict((oc) => oc.columns(['developer_id', 'source', 'source_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async totals(developerId: string): Promise<{ xp: number; points: number }> {
    const row = await this.db
      .selectFrom('gam_ledger')
      .select((eb) => [eb.fn.sum<number>('xp').as('xp'), eb.fn.sum<number>('points').as('points')])
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
    return { xp: Number(row?.xp ?? 0), points: Number(row?.points ?? 0) };
  }

  async ledger(developerId: string, limit = 200): Promise<LedgerRow[]> {
    return this.db
      .selectFrom('gam_ledger')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('created', 'desc')
      .limit(limit)
      .execute();
  }

  async badges(developerId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('gam_ledger')
      .select(['source_id', 'created'])
      .where('developer_id', '=', developerId)
      .where('source', '=', 'badge')
      .execute();
    return new Map(rows.map((r) => [r.source_id, Number(r.created)]));
  }

  async notice(
    developerId: string,
    kind: 'event' | 'achievement',
    refId: string,
    a: Omit<Award, 'source' | 'sourceId'>,
  ): Promise<void> {
    await this.db
      .insertInto('gam_notices')
      .values({
        developer_id: developerId,
        kind,
        ref_id: refId,
        title: a.title.slice(0, 200),
        xp: a.xp,
        points: a.points,
        created: Date.now(),
        played: 0,
      })
      .onConflict((oc) => oc.columns(['developer_id', 'kind', 'ref_id']).doNothing())
      .execute();
  }

  async unplayed(developerId: string, kind: 'event' | 'achievement'): Promise<NoticeRow[]> {
    return this.db
      .selectFrom('gam_notices')
      .selectAll()
      .where('developer_id', '=', developerId)
      .where('kind', '=', kind)
      .where('played', '=', 0)
      .orderBy('created')
      .execute();
  }

  /** Marks the notices of one task, badge or level played; false when the developer has none of it. */
  async markPlayed(developerId: string, refId: string): Promise<boolean> {
    await this.db
      .updateTable('gam_notices')
      .set({ played: 1 })
      .where('developer_id', '=', developerId)
      .where('ref_id', '=', refId)
      .execute();
    const any = await this.db
      .selectFrom('gam_notices')
      .select('ref_id')
      .where('developer_id', '=', developerId)
      .where('ref_id', '=', refId)
      .executeTakeFirst();
    return !!any;
  }

  async triviaAnswers(developerId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('gam_trivia_answers')
      .select('task_id')
      .where('developer_id', '=', developerId)
      .execute();
    return new Set(rows.map((r) => r.task_id));
  }

  /** Keeps the first answer of a task: false when the developer already answered it. */
  async answerTrivia(
    developerId: string,
    taskId: string,
    triviaId: string,
    answerId: string,
    correct: boolean,
  ): Promise<boolean> {
    const res = await this.db
      .insertInto('gam_trivia_answers')
      .values({
        developer_id: developerId,
        task_id: taskId,
        trivia_id: triviaId,
        answer_id: answerId,
        correct: correct ? 1 : 0,
        created: Date.now(),
      })
      .onConflict((oc) => oc.columns(['developer_id', 'task_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async account(developerId: string): Promise<{ tracking: boolean; packId: string | null; notifications: boolean }> {
    const row = await this.db
      .selectFrom('gam_accounts')
      .selectAll()
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
    return {
      tracking: row ? Number(row.tracking) === 1 : true,
      packId: row?.pack_id ?? null,
      notifications: row ? Number(row.notifications) === 1 : true,
    };
  }

  async saveAccount(
    developerId: string,
    a: { tracking: boolean; packId: string | null; notifications: boolean },
  ): Promise<void> {
    const values = {
      tracking: a.tracking ? 1 : 0,
      pack_id: a.packId,
      notifications: a.notifications ? 1 : 0,
      updated: Date.now(),
    };
    await this.db
      .insertInto('gam_accounts')
      .values({ developer_id: developerId, ...values })
      .onConflict((oc) => oc.column('developer_id').doUpdateSet(values))
      .execute();
  }

  async appTracking(appId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('gam_app_tracking')
      .select('enabled')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row ? Number(row.enabled) === 1 : true;
  }

  async setAppTracking(appId: string, enabled: boolean): Promise<void> {
    const values = { enabled: enabled ? 1 : 0, updated: Date.now() };
    await this.db
      .insertInto('gam_app_tracking')
      .values({ app_id: appId, ...values })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(values))
      .execute();
  }

  /** Whether a flow version of the app exists and is running (the flows module's own rows). */
  async flowVersionLive(appId: string, versionId: string): Promise<boolean> {
    const row = await (this.db as unknown as Kysely<any>)
      .selectFrom('flow_versions')
      .select('status')
      .where('app_id', '=', appId)
      .where('id', '=', versionId)
      .executeTakeFirst();
    return !!row && (row.status === 'LIVE' || row.status === 'PAUSED');
  }
}
