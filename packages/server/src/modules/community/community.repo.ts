import type { Databases } from '../../db/dialect.js';
import {
  communityDb,
  type CommentRow,
  type CommunityDb,
  type InviteRow,
  type ProfileRow,
  type ReviewRow,
} from './db.js';

/** Every query of the community module (profiles, discussion, invitations, questionnaire). */
export class CommunityRepo {
  readonly db: CommunityDb;

  constructor(dbs: Databases) {
    this.db = communityDb(dbs);
  }

  // Platform rows the community reads

  async appOwner(appId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('apps').select('owner_id').where('id', '=', appId).executeTakeFirst())?.owner_id;
  }
  async ownAppIds(developerId: string, appIds: string[]): Promise<Set<string>> {
    if (!appIds.length) return new Set();
    const rows = await this.db
      .selectFrom('apps')
      .select('id')
      .where('id', 'in', appIds)
      .where('owner_id', '=', developerId)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  async developerByEmail(email: string) {
    return this.db.selectFrom('developers').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  }
  async developerEmail(id: string): Promise<string | undefined> {
    return (await this.db.selectFrom('developers').select('email').where('id', '=', id).executeTakeFirst())?.email;
  }
  async anyDeveloper(): Promise<boolean> {
    return !!(await this.db.selectFrom('developers').select('id').limit(1).executeTakeFirst());
  }

  // Profiles

  profile(developerId: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('cm_profiles').selectAll().where('developer_id', '=', developerId).executeTakeFirst();
  }
  async userNameOwner(key: string): Promise<string | undefined> {
    return (
      await this.db.selectFrom('cm_profiles').select('developer_id').where('user_name_key', '=', key).executeTakeFirst()
    )?.developer_id;
  }
  async insertProfile(row: ProfileRow): Promise<void> {
    await this.db.insertInto('cm_profiles').values(row).execute();
  }
  async updateProfile(developerId: string, set: Partial<ProfileRow>): Promise<void> {
    await this.db.updateTable('cm_profiles').set(set).where('developer_id', '=', developerId).execute();
  }
  async userNames(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('cm_profiles')
      .select(['developer_id', 'user_name'])
      .where('developer_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.developer_id, r.user_name]));
  }
  /** Removes a profile; the developer's comments and reviews stay, their author cleared. */
  async removeProfile(developerId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('cm_comments').set({ author_id: null }).where('author_id', '=', developerId).execute();
      await trx.updateTable('cm_reviews').set({ author_id: null }).where('author_id', '=', developerId).execute();
      await trx.deleteFrom('cm_votes').where('developer_id', '=', developerId).execute();
      await trx.deleteFrom('cm_profiles').where('developer_id', '=', developerId).execute();
    });
  }
  /** The developer's whole community footprint (`dev/suicide`). */
  async removeFootprint(developerId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('cm_votes').where('developer_id', '=', developerId).execute();
      // Replies to the developer's comments stay, under a deleted parent.
      await trx
        .updateTable('cm_comments')
        .set({ deleted: 1, body: '', html: '', author_id: null })
        .where('author_id', '=', developerId)
        .execute();
      await trx.deleteFrom('cm_reviews').where('author_id', '=', developerId).execute();
      await trx
        .deleteFrom('cm_invites')
        .where('inviter_id', '=', developerId)
        .where('registered_id', 'is', null)
        .execute();
      await trx.deleteFrom('cm_invite_codes').where('developer_id', '=', developerId).execute();
      await trx.deleteFrom('cm_questionnaire').where('developer_id', '=', developerId).execute();
      await trx.deleteFrom('cm_profiles').where('developer_id', '=', developerId).execute();
    });
  }

  // Comments and reviews

  comments(context: string, itemId: string, newestFirst: boolean): Promise<CommentRow[]> {
    return this.db
      .selectFrom('cm_comments')
      .selectAll()
      .where('context', '=', context)
      .where('item_id', '=', itemId)
      .orderBy('created', newestFirst ? 'desc' : 'asc')
      .orderBy('id')
      .limit(1000)
      .execute();
  }
  /** Comments of every item for the operator: hidden, visible or all; never deleted ones; newest change first. */
  moderationComments(status: 'hidden' | 'visible' | 'all', limit: number): Promise<CommentRow[]> {
    let q = this.db.selectFrom('cm_comments').selectAll().where('deleted', '=', 0);
    if (status !== 'all') q = q.where('hidden', '=', status === 'hidden' ? 1 : 0);
    return q.orderBy('updated', 'desc').orderBy('id').limit(limit).execute();
  }
  comment(id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('cm_comments').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async insertComment(row: CommentRow): Promise<void> {
    await this.db.insertInto('cm_comments').values(row).execute();
  }
  async updateComment(id: string, set: Partial<CommentRow>): Promise<void> {
    await this.db.updateTable('cm_comments').set(set).where('id', '=', id).execute();
  }
  reviews(context: string, itemId: string, order: 'rating' | 'created', dir: 'asc' | 'desc'): Promise<ReviewRow[]> {
    return this.db
      .selectFrom('cm_reviews')
      .selectAll()
      .where('context', '=', context)
      .where('item_id', '=', itemId)
      .orderBy(order, dir)
      .orderBy('id')
      .limit(1000)
      .execute();
  }
  review(id: string): Promise<ReviewRow | undefined> {
    return this.db.selectFrom('cm_reviews').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async reviewOf(context: string, itemId: string, authorId: string): Promise<string | undefined> {
    return (
      await this.db
        .selectFrom('cm_reviews')
        .select('id')
        .where('context', '=', context)
        .where('item_id', '=', itemId)
        .where('author_id', '=', authorId)
        .executeTakeFirst()
    )?.id;
  }
  async insertReview(row: ReviewRow): Promise<void> {
    await this.db.insertInto('cm_reviews').values(row).execute();
  }
  async updateReview(id: string, set: Partial<ReviewRow>): Promise<void> {
    await this.db.updateTable('cm_reviews').set(set).where('id', '=', id).execute();
  }
  async deleteReview(id: string): Promise<void> {
    await this.db.deleteFrom('cm_votes').where('type', '=', 'review').where('item_id', '=', id).execute();
    await this.db.deleteFrom('cm_reviews').where('id', '=', id).execute();
  }
  /** Comments and reviews the developer wrote since `since` (the rate limit counts both). */
  async postsSince(developerId: string, since: number): Promise<number> {
    let total = 0;
    for (const table of ['cm_comments', 'cm_reviews'] as const) {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', developerId)
        .where('created', '>', since)
        .executeTakeFirst();
      total += Number(row?.n ?? 0);
    }
    return total;
  }
  blacklist(developerId: string) {
    return this.db.selectFrom('cm_blacklist').selectAll().where('developer_id', '=', developerId).executeTakeFirst();
  }

  // Votes

  async likes(type: string, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('cm_votes')
      .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
      .where('type', '=', type)
      .where('item_id', 'in', ids)
      .groupBy('item_id')
      .execute();
    return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
  }
  async like(type: string, itemId: string, developerId: string): Promise<void> {
    await this.db
      .insertInto('cm_votes')
      .values({ type, item_id: itemId, developer_id: developerId, created: Date.now() })
      .onConflict((oc) => oc.columns(['type', 'item_id', 'developer_id']).doNothing())
      .execute();
  }
  async unlike(type: string, itemId: string, developerId: string): Promise<void> {
    await this.db
      .deleteFrom('cm_votes')
      .where('type', '=', type)
      .where('item_id', '=', itemId)
      .where('developer_id', '=', developerId)
      .execute();
  }
  async likers(type: string, itemId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cm_votes')
      .select('developer_id')
      .where('type', '=', type)
      .where('item_id', '=', itemId)
      .orderBy('created')
      .limit(1000)
      .execute();
    return rows.map((r) => r.developer_id);
  }

  // Invitations

  async inviteCode(developerId: string): Promise<string | undefined> {
    return (
      await this.db
        .selectFrom('cm_invite_codes')
        .select('code')
        .where('developer_id', '=', developerId)
        .executeTakeFirst()
    )?.code;
  }
  async insertInviteCode(developerId: string, code: string): Promise<void> {
    await this.db
      .insertInto('cm_invite_codes')
      .values({ developer_id: developerId, code })
      .onConflict((oc) => oc.column('developer_id').doNothing())
      .execute();
  }
  invites(inviterId: string): Promise<InviteRow[]> {
    return this.db
      .selectFrom('cm_invites')
      .selectAll()
      .where('inviter_id', '=', inviterId)
      .orderBy('created', 'desc')
      .limit(500)
      .execute();
  }
  async openInvite(inviterId: string, email: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('cm_invites')
      .select('id')
      .where('inviter_id', '=', inviterId)
      .where('email', '=', email)
      .where('registered_at', 'is', null)
      .where('expires', '>', now)
      .executeTakeFirst();
    return !!row;
  }
  async invitesSince(inviterId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('cm_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('inviter_id', '=', inviterId)
      .where('created', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  async insertInvite(row: InviteRow): Promise<void> {
    await this.db.insertInto('cm_invites').values(row).execute();
  }
  usableInvite(id: string, now: number): Promise<InviteRow | undefined> {
    return this.db
      .selectFrom('cm_invites')
      .selectAll()
      .where('id', '=', id)
      .where('registered_at', 'is', null)
      .where('expires', '>', now)
      .executeTakeFirst();
  }
  /** Marks the open invitations of an address used (only `id` when given). */
  async useInvites(email: string, id: string | undefined, developerId: string, now: number): Promise<void> {
    let q = this.db
      .updateTable('cm_invites')
      .set({ registered_id: developerId, registered_at: now })
      .where('registered_at', 'is', null)
      .where('email', '=', email);
    if (id) q = q.where('id', '=', id);
    await q.execute();
  }

  // Questionnaire

  async saveAnswers(developerId: string, answers: string, now: number): Promise<void> {
    await this.db
      .insertInto('cm_questionnaire')
      .values({ developer_id: developerId, answers, created: now })
      .onConflict((oc) => oc.column('developer_id').doUpdateSet({ answers, created: now }))
      .execute();
  }
  async answeredAt(developerId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('cm_questionnaire')
      .select('created')
      .where('developer_id', '=', developerId)
      .executeTakeFirst();
    return row ? Number(row.created) : undefined;
  }
}
