import type { Databases } from '../db/dialect.js';

/**
 * What every console request reads of the system database before its route runs: the session of
 * its auth key (with its developer), and the app it names with the developer's membership.
 * `http/auth.ts` and `http/dev-access.ts` keep the rules (idle timeout, touch interval, owner or
 * member, 404 for others' apps) and their memories.
 */
export class ConsoleAccessRepo {
  constructor(private readonly dbs: Databases) {}

  /** The session of an auth key's hash with its developer's id, email and name. */
  session(keyHash: string) {
    return this.dbs.system
      .selectFrom('dev_sessions')
      .innerJoin('developers', 'developers.id', 'dev_sessions.developer_id')
      .select([
        'developers.id',
        'developers.email',
        'developers.name',
        'dev_sessions.last_used',
        'dev_sessions.key_hash',
      ])
      .where('dev_sessions.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  async endSession(keyHash: string): Promise<void> {
    await this.dbs.system.deleteFrom('dev_sessions').where('key_hash', '=', keyHash).execute();
  }

  async touchSession(keyHash: string, now: number): Promise<void> {
    await this.dbs.system.updateTable('dev_sessions').set({ last_used: now }).where('key_hash', '=', keyHash).execute();
  }

  /** The developer who registered first (ties broken by id): the operator when BASALT_ADMINS is empty. */
  firstDeveloper() {
    return this.dbs.system
      .selectFrom('developers')
      .select(['id', 'email'])
      .orderBy('created')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  app(appId: string) {
    return this.dbs.system.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  }

  /** The team membership (its permissions as stored) of a developer in an app; undefined when none. */
  membership(appId: string, developerId: string) {
    return this.dbs.system
      .selectFrom('app_members')
      .select(['permissions'])
      .where('app_id', '=', appId)
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
  }
}
