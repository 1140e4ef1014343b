import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import { forgetConsoleAccess } from '../../http/access-cache.js';
import type { AppMembersTable, SystemDB } from '../../db/system-schema.js';
import type { OwnershipProposalsTable, TeamInvitesTable, TeamTables } from './team.migrations.js';

/** SQL of the team area; no HTTP errors here. */
export class TeamRepo {
  readonly db: Kysely<SystemDB & TeamTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & TeamTables>;
  }

  findApp(appId: string) {
    return this.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  }

  findDeveloper(id: string) {
    return this.db.selectFrom('developers').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
  }

  findDeveloperByEmail(email: string) {
    return this.db
      .selectFrom('developers')
      .select(['id', 'email', 'name'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  listMembers(appId: string) {
    return this.db
      .selectFrom('app_members')
      .innerJoin('developers', 'developers.id', 'app_members.developer_id')
      .select([
        'developers.id',
        'developers.email',
        'developers.name',
        'app_members.permissions',
        'app_members.groups',
        'app_members.created',
      ])
      .where('app_members.app_id', '=', appId)
      .orderBy('app_members.created')
      .orderBy('developers.email')
      .execute();
  }

  findMember(appId: string, developerId: string) {
    return this.db
      .selectFrom('app_members')
      .selectAll()
      .where('app_id', '=', appId)
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
  }

  async insertMember(row: AppMembersTable): Promise<void> {
    await this.db.insertInto('app_members').values(row).execute();
    forgetConsoleAccess();
  }

  async updateMember(
    appId: string,
    developerId: string,
    patch: { permissions?: string; groups?: string },
  ): Promise<void> {
    await this.db
      .updateTable('app_members')
      .set(patch)
      .where('app_id', '=', appId)
      .where('developer_id', '=', developerId)
      .execute();
    forgetConsoleAccess();
  }

  async deleteMember(appId: string, developerId: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('app_members')
      .where('app_id', '=', appId)
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
    forgetConsoleAccess();
    return Number(res.numDeletedRows) > 0;
  }

  listInvites(appId: string) {
    return this.db
      .selectFrom('team_invites')
      .selectAll()
      .where('app_id', '=', appId)
      .where('expires', '>', Date.now())
      .orderBy('created')
      .execute();
  }

  async insertInvite(row: TeamInvitesTable): Promise<void> {
    // A new invitation of the same email replaces the old one (its code stops working).
    await this.db.deleteFrom('team_invites').where('app_id', '=', row.app_id).where('email', '=', row.email).execute();
    await this.db.insertInto('team_invites').values(row).execute();
  }

  findInviteByCode(appId: string, codeHash: string) {
    return this.db
      .selectFrom('team_invites')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .where('app_id', '=', appId)
      .where('expires', '>', Date.now())
      .executeTakeFirst();
  }

  /** Deletes an invitation; true for the one caller that took it (a code is used once). */
  async takeInvite(id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('team_invites').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  async deleteInvite(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('team_invites')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  findProposalForApp(appId: string) {
    return this.db
      .selectFrom('ownership_proposals')
      .selectAll()
      .where('app_id', '=', appId)
      .where('expires', '>', Date.now())
      .executeTakeFirst();
  }

  listProposalsTo(developerId: string) {
    return this.db
      .selectFrom('ownership_proposals')
      .selectAll()
      .where('to_id', '=', developerId)
      .where('expires', '>', Date.now())
      .orderBy('created')
      .execute();
  }

  async putProposal(row: OwnershipProposalsTable): Promise<void> {
    await this.db.deleteFrom('ownership_proposals').where('app_id', '=', row.app_id).execute();
    await this.db.insertInto('ownership_proposals').values(row).execute();
  }

  async deleteProposal(appId: string): Promise<boolean> {
    const res = await this.db.deleteFrom('ownership_proposals').where('app_id', '=', appId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /**
   * Hands the app to `toId` in one transaction: the proposal is taken (only once), the new owner
   * leaves the member list and the old owner joins it with every right. False when the proposal
   * was already used or the app changed owner meanwhile.
   */
  async transferOwnership(proposal: OwnershipProposalsTable, now: number): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const taken = await trx
          .deleteFrom('ownership_proposals')
          .where('app_id', '=', proposal.app_id)
          .where('id', '=', proposal.id)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) return false;
        const moved = await trx
          .updateTable('apps')
          .set({ owner_id: proposal.to_id, updated: now })
          .where('id', '=', proposal.app_id)
          .where('owner_id', '=', proposal.from_id)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx
          .deleteFrom('app_members')
          .where('app_id', '=', proposal.app_id)
          .where('developer_id', '=', proposal.to_id)
          .execute();
        await trx
          .insertInto('app_members')
          .values({
            app_id: proposal.app_id,
            developer_id: proposal.from_id,
            permissions: '[]',
            groups: '[]',
            created: now,
          })
          .execute();
        return true;
      })
      .finally(forgetConsoleAccess);
  }

  async getSetting(appId: string, key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('team_settings')
      .select('value')
      .where('app_id', '=', appId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? JSON.parse(row.value) : undefined;
  }

  async putSetting(appId: string, key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const updated = Date.now();
    await this.db
      .insertInto('team_settings')
      .values({ app_id: appId, key, value: text, updated })
      .onConflict((oc) => oc.columns(['app_id', 'key']).doUpdateSet({ value: text, updated }))
      .execute();
  }
}
