import type { SecurityKysely, SecurityTables } from './security.migrations.js';

type SessionRow = SecurityTables['sec_user_sessions'];

/** The `sec_user_sessions` table of the system database: app users' sessions by token hash. */
export class SessionsRepo {
  constructor(private readonly db: SecurityKysely) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sec_user_sessions').values(row).execute();
  }

  byHash(tokenHash: string) {
    return this.db.selectFrom('sec_user_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sec_user_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async touch(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('sec_user_sessions')
      .set({ last_used: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Deletes the app's session of a token hash; answers how many went (0 or 1). */
  async deleteInApp(appId: string, tokenHash: string): Promise<number> {
    const res = await this.db
      .deleteFrom('sec_user_sessions')
      .where('token_hash', '=', tokenHash)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteOfUser(appId: string, userId: string): Promise<number> {
    const res = await this.db
      .deleteFrom('sec_user_sessions')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Deletes a user's sessions but the `keep` newest. */
  async deleteAllButNewest(appId: string, userId: string, keep: number): Promise<number> {
    const old = await this.db
      .selectFrom('sec_user_sessions')
      .select('token_hash')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .orderBy('created', 'desc')
      .orderBy('session_id', 'desc')
      .offset(keep)
      .limit(10_000)
      .execute();
    if (!old.length) return 0;
    const res = await this.db
      .deleteFrom('sec_user_sessions')
      .where(
        'token_hash',
        'in',
        old.map((r) => r.token_hash),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** One page (`limit` rows) of a user's sessions, newest first, after a cursor position when given. */
  ofUser(appId: string, userId: string, limit: number, after?: { t: number; id: string }) {
    let q = this.db
      .selectFrom('sec_user_sessions')
      .select(['session_id', 'device_type', 'created', 'last_used'])
      .where('app_id', '=', appId)
      .where('user_id', '=', userId);
    if (after)
      q = q.where((eb) =>
        eb.or([eb('created', '<', after.t), eb.and([eb('created', '=', after.t), eb('session_id', '<', after.id)])]),
      );
    return q.orderBy('created', 'desc').orderBy('session_id', 'desc').limit(limit).execute();
  }

  /** One page of users holding sessions (count, last use), most recently active first, after a cursor position. */
  usersWithSessions(appId: string, limit: number, after?: { t: number; id: string }) {
    let q = this.db
      .selectFrom('sec_user_sessions')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('last_used').as('last')])
      .where('app_id', '=', appId)
      .groupBy('user_id');
    if (after)
      q = q.having((eb) =>
        eb.or([
          eb(eb.fn.max('last_used'), '<', after.t),
          eb.and([eb(eb.fn.max('last_used'), '=', after.t), eb('user_id', '<', after.id)]),
        ]),
      );
    return q.orderBy('last', 'desc').orderBy('user_id', 'desc').limit(limit).execute();
  }

  countByUser(appId: string, userIds: string[]) {
    return this.db
      .selectFrom('sec_user_sessions')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
      .where('app_id', '=', appId)
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
  }
}
