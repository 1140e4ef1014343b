import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

export interface SessionRow {
  id: string;
  app_id: string;
  version_id: string;
  developer_id: string;
  status: 'ACTIVE' | 'STOPPED';
  context: string;
  started_at: number;
  stopped_at: number | null;
}

export interface DebugEventRow {
  id: string;
  session_id: string;
  at: number;
  element_id: string;
  status: string;
  input: string | null;
  output: string | null;
  error: string | null;
}

/** A step of one of the session's debug instances, as its history lists it. */
export interface DebugStepRow {
  instance_id: string;
  seq: number;
  element_id: string;
  status: string;
  input: string | null;
  output: string | null;
  error: string | null;
  finished_at: number;
}

export interface LearningRow {
  version_id: string;
  element_id: string;
  status: 'LEARNING' | 'LEARNED' | 'STOPPED';
  sample: string | null;
  schema: string | null;
  updated: number;
}

const n = (v: unknown) => Number(v);
const sessionOf = (r: any): SessionRow => ({
  ...r,
  started_at: n(r.started_at),
  stopped_at: r.stopped_at === null ? null : n(r.stopped_at),
});
const learningOf = (r: any): LearningRow => ({ ...r, updated: n(r.updated) });

/** SQL of debug sessions, their hand-run elements, their debug instances' steps and learning mode. */
export class DebugRepo {
  private readonly db: Kysely<any>;

  constructor(dbs: Databases) {
    this.db = dbs.system as Kysely<any>;
  }

  async active(versionId: string): Promise<SessionRow | undefined> {
    const r = await this.db
      .selectFrom('flow_debug_sessions')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('status', '=', 'ACTIVE')
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
    return r && sessionOf(r);
  }

  async session(id: string): Promise<SessionRow | undefined> {
    const r = await this.db.selectFrom('flow_debug_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return r && sessionOf(r);
  }

  /**
   * Opens a session unless one is open for the version (then answers that one and inserts
   * nothing); with `force` the open ones are closed first. One transaction.
   */
  async open(row: SessionRow, force: boolean): Promise<{ opened: boolean; open?: SessionRow }> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('flow_debug_sessions')
        .selectAll()
        .where('version_id', '=', row.version_id)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (open && !force) return { opened: false, open: sessionOf(open) };
      await trx
        .updateTable('flow_debug_sessions')
        .set({ status: 'STOPPED', stopped_at: row.started_at })
        .where('version_id', '=', row.version_id)
        .where('status', '=', 'ACTIVE')
        .execute();
      await trx.insertInto('flow_debug_sessions').values(row).execute();
      return { opened: true };
    });
  }

  async stop(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('flow_debug_sessions')
      .set({ status: 'STOPPED', stopped_at: now })
      .where('id', '=', id)
      .where('status', '=', 'ACTIVE')
      .execute();
  }

  async setContext(id: string, context: string): Promise<void> {
    await this.db.updateTable('flow_debug_sessions').set({ context }).where('id', '=', id).execute();
  }

  async addEvent(row: DebugEventRow): Promise<void> {
    await this.db.insertInto('flow_debug_events').values(row).execute();
  }

  async events(sessionId: string): Promise<DebugEventRow[]> {
    const rows = await this.db
      .selectFrom('flow_debug_events')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, at: n(r.at) }) as DebugEventRow);
  }

  /** Instances the session ran, oldest first. */
  async instances(sessionId: string) {
    const rows = await this.db
      .selectFrom('flow_instances')
      .select(['id', 'status', 'started_at', 'finished_at', 'error', 'initial_data'])
      .where('debug_session', '=', sessionId)
      .orderBy('started_at')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      status: String(r.status),
      started_at: n(r.started_at),
      finished_at: r.finished_at === null ? null : n(r.finished_at),
      error: r.error as string | null,
      initial_data: String(r.initial_data),
    }));
  }

  async steps(sessionId: string): Promise<DebugStepRow[]> {
    const rows = await this.db
      .selectFrom('flow_steps as s')
      .innerJoin('flow_instances as i', 'i.id', 's.instance_id')
      .select(['s.instance_id', 's.seq', 's.element_id', 's.status', 's.input', 's.output', 's.error', 's.finished_at'])
      .where('i.debug_session', '=', sessionId)
      .orderBy('s.finished_at')
      .orderBy('s.seq')
      .execute();
    return rows.map((r) => ({ ...r, seq: n(r.seq), finished_at: n(r.finished_at) }) as DebugStepRow);
  }

  /** Forgets the session's history: its hand-run elements and its finished debug instances. */
  async clear(sessionId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('flow_debug_events').where('session_id', '=', sessionId).execute();
      const finished = trx
        .selectFrom('flow_instances')
        .select('id')
        .where('debug_session', '=', sessionId)
        .where('status', 'not in', ['RUNNING', 'WAITING']);
      await trx.deleteFrom('flow_steps').where('instance_id', 'in', finished).execute();
      await trx.deleteFrom('flow_logs').where('instance_id', 'in', finished).execute();
      await trx
        .deleteFrom('flow_instances')
        .where('debug_session', '=', sessionId)
        .where('status', 'not in', ['RUNNING', 'WAITING'])
        .execute();
    });
  }

  async activeInstances(sessionId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('flow_instances')
      .select('id')
      .where('debug_session', '=', sessionId)
      .where('status', 'in', ['RUNNING', 'WAITING'])
      .execute();
    return rows.map((r) => String(r.id));
  }

  /** A snapshot of an editable version's definition for a debug run (the engine runs snapshots). */
  async insertConfig(row: { id: string; version_id: string; definition: string; created: number }): Promise<void> {
    await this.db.insertInto('flow_configs').values(row).execute();
  }

  async learning(versionId: string, elementId: string): Promise<LearningRow | undefined> {
    const r = await this.db
      .selectFrom('flow_learning')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('element_id', '=', elementId)
      .executeTakeFirst();
    return r && learningOf(r);
  }

  async learnings(versionId: string): Promise<LearningRow[]> {
    const rows = await this.db
      .selectFrom('flow_learning')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('element_id')
      .execute();
    return rows.map(learningOf);
  }

  /** Every element waiting for a sample, across apps (a small set, read every few seconds at most). */
  async listening(): Promise<Array<{ version_id: string; element_id: string }>> {
    return (await this.db
      .selectFrom('flow_learning')
      .select(['version_id', 'element_id'])
      .where('status', '=', 'LEARNING')
      .execute()) as Array<{ version_id: string; element_id: string }>;
  }

  async setLearning(row: LearningRow): Promise<void> {
    await this.db
      .insertInto('flow_learning')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['version_id', 'element_id'])
          .doUpdateSet({ status: row.status, sample: row.sample, schema: row.schema, updated: row.updated }),
      )
      .execute();
  }

  /** Records the sample if the element is still learning; answers whether this call did. */
  async learned(versionId: string, elementId: string, sample: string, schema: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('flow_learning')
      .set({ status: 'LEARNED', sample, schema, updated: now })
      .where('version_id', '=', versionId)
      .where('element_id', '=', elementId)
      .where('status', '=', 'LEARNING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
