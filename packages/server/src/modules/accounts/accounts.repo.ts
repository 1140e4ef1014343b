import type { Databases } from '../../db/dialect.js';
import { forgetConsoleAccess } from '../../http/access-cache.js';
import type { DevelopersTable, DevTokensTable } from '../../db/system-schema.js';

/** SQL of the accounts area; no HTTP errors here. */
export class AccountsRepo {
  constructor(private readonly dbs: Databases) {}

  private get db() {
    return this.dbs.system;
  }

  findByEmail(email: string) {
    return this.db.selectFrom('developers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  /** Ids of the apps a developer owns or is a team member of (each once). */
  async appIdsOf(developerId: string): Promise<string[]> {
    const [owned, member] = await Promise.all([
      this.db.selectFrom('apps').select('id').where('owner_id', '=', developerId).execute(),
      this.db.selectFrom('app_members').select('app_id as id').where('developer_id', '=', developerId).execute(),
    ]);
    return [...new Set([...owned, ...member].map((a) => a.id))];
  }

  findById(id: string) {
    return this.db.selectFrom('developers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(dev: DevelopersTable): Promise<void> {
    await this.db.insertInto('developers').values(dev).execute();
  }

  async update(id: string, patch: Partial<Omit<DevelopersTable, 'id'>>): Promise<void> {
    await this.db
      .updateTable('developers')
      .set({ ...patch, updated: Date.now() })
      .where('id', '=', id)
      .execute();
    forgetConsoleAccess();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('developers').where('id', '=', id).execute();
    forgetConsoleAccess();
  }

  async insertSession(keyHash: string, developerId: string): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('dev_sessions')
      .values({ key_hash: keyHash, developer_id: developerId, created: now, last_used: now })
      .execute();
  }

  async deleteSession(keyHash: string): Promise<void> {
    await this.db.deleteFrom('dev_sessions').where('key_hash', '=', keyHash).execute();
    forgetConsoleAccess();
  }

  /** Ends every session of a developer, except `keepHash` when given. */
  async deleteSessions(developerId: string, keepHash?: string): Promise<void> {
    let q = this.db.deleteFrom('dev_sessions').where('developer_id', '=', developerId);
    if (keepHash) q = q.where('key_hash', '!=', keepHash);
    await q.execute();
    forgetConsoleAccess();
  }

  async insertOtpSession(idHash: string, developerId: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('otp_sessions')
      .values({ id_hash: idHash, developer_id: developerId, created: now, expires: now + ttlMs, attempts: 0 })
      .execute();
  }

  findOtpSession(idHash: string) {
    return this.db.selectFrom('otp_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  }

  /**
   * Takes one code attempt of an OTP session, atomically, and answers whether one was left. Two
   * parallel guesses cannot both see "4 attempts used" and each try a fifth.
   */
  async takeOtpAttempt(idHash: string, max: number): Promise<boolean> {
    const res = await this.db
      .updateTable('otp_sessions')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id_hash', '=', idHash)
      .where('attempts', '<', max)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Records the time step of an accepted code; false when that step (or a later one) was already used. */
  async claimTotpStep(developerId: string, step: number): Promise<boolean> {
    const res = await this.db
      .updateTable('developers')
      .set({ totp_last_step: step })
      .where('id', '=', developerId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async deleteOtpSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('otp_sessions').where('id_hash', '=', idHash).execute();
    await this.db.deleteFrom('otp_sessions').where('expires', '<', Date.now()).execute();
  }

  async insertToken(token: DevTokensTable): Promise<void> {
    await this.db.insertInto('dev_tokens').values(token).execute();
  }

  findToken(tokenHash: string, kind: DevTokensTable['kind']) {
    return this.db
      .selectFrom('dev_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  async deleteTokens(developerId: string, kind: DevTokensTable['kind']): Promise<void> {
    await this.db.deleteFrom('dev_tokens').where('developer_id', '=', developerId).where('kind', '=', kind).execute();
  }
}
