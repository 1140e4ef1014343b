import type { CommunityComment, CommunityReview } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { isDbFailure } from '../../db/db-errors.js';
import { newId } from '../../http/secrets.js';
import { contextOf, type DiscussionContext } from './contexts.js';
import type { CommunityRepo } from './community.repo.js';
import type { CommentRow, ReviewRow } from './db.js';
import { renderMarkdown } from './markdown.js';

/** Comments and reviews a developer may post in a minute (checked in the database: all processes). */
export const POSTS_PER_MINUTE = 10;
const VOTE_TYPES = ['comment', 'review', 'profile'] as const;

type Author = { developerId: string; userName: string | null } | null;

/**
 * One engine for comments, reviews and votes (decision 0083): items are resolved through their
 * context, Markdown is rendered and made safe on the server, hidden comments are shown only to
 * their author and the item's moderators, posting is rate limited and refused to blacklisted
 * developers, one review per developer and item, likes are idempotent.
 */
export class DiscussionService {
  constructor(
    private readonly repo: CommunityRepo,
    private readonly contexts: Record<string, DiscussionContext>,
    /** Instance operators moderate every item of every context (decision 0088). */
    private readonly isOperator: (developerId: string) => Promise<boolean> = async () => false,
  ) {}

  private async isModerator(developerId: string, context: DiscussionContext, itemId: string): Promise<boolean> {
    return (await context.moderators(itemId)).includes(developerId) || (await this.isOperator(developerId));
  }

  private async authors(ids: Array<string | null>): Promise<Map<string, Author>> {
    const wanted = [...new Set(ids.filter((x): x is string => !!x))];
    const names = await this.repo.userNames(wanted);
    return new Map(wanted.map((id) => [id, { developerId: id, userName: names.get(id) ?? null }]));
  }

  private async likes(type: string, ids: string[]): Promise<Map<string, number>> {
    return this.repo.likes(type, ids);
  }

  /** Refuses a blacklisted developer and one who posted too much in the last minute. */
  private async mayPost(developerId: string): Promise<void> {
    const now = Date.now();
    const banned = await this.repo.blacklist(developerId);
    if (banned && (banned.until === null || Number(banned.until) > now))
      throw new ApiError('BLACKLISTED', `You may not post in the community: ${banned.reason}`);
    const since = now - 60_000;
    if ((await this.repo.postsSince(developerId, since)) >= POSTS_PER_MINUTE)
      throw ApiError.rateLimited(`At most ${POSTS_PER_MINUTE} comments and reviews a minute: try again shortly`);
  }

  async blacklistStatus(developerId: string) {
    const row = await this.repo.blacklist(developerId);
    const active = !!row && (row.until === null || Number(row.until) > Date.now());
    return {
      blacklisted: active,
      reason: active ? row!.reason : null,
      until: active && row!.until !== null ? Number(row!.until) : null,
    };
  }

  // Comments

  private async commentAnswers(rows: CommentRow[], viewer: string): Promise<CommunityComment[]> {
    const authors = await this.authors(rows.map((r) => r.author_id));
    const likes = await this.likes(
      'comment',
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      context: r.context,
      itemId: r.item_id,
      parentId: r.parent_id,
      author: r.author_id ? authors.get(r.author_id)! : null,
      body: r.deleted ? '' : r.body,
      html: r.deleted ? '' : r.html,
      hidden: Number(r.hidden) === 1,
      deleted: Number(r.deleted) === 1,
      mine: r.author_id === viewer,
      likes: likes.get(r.id) ?? 0,
      created: Number(r.created),
      updated: Number(r.updated),
    }));
  }

  async comments(
    developerId: string,
    contextName: string,
    itemId: string,
    sorting?: string,
  ): Promise<CommunityComment[]> {
    const context = contextOf(this.contexts, contextName);
    await context.check(developerId, itemId);
    const moderator = await this.isModerator(developerId, context, itemId);
    const rows = await this.repo.comments(contextName, itemId, sorting === 'newest' || sorting === 'desc');
    // Hidden comments reach only their author and the moderators; everyone else never sees them.
    const visible = rows.filter((r) => !Number(r.hidden) || moderator || r.author_id === developerId);
    return this.commentAnswers(visible, developerId);
  }

  private async comment(id: string): Promise<CommentRow> {
    const row = await this.repo.comment(id);
    if (!row) throw ApiError.notFound(`Comment '${id}' not found`);
    return row;
  }

  async createComment(
    developerId: string,
    input: { context: string; itemId: string; body: string; parentId?: string | null },
  ) {
    const context = contextOf(this.contexts, input.context);
    await context.check(developerId, input.itemId);
    if (input.parentId) {
      const parent = await this.comment(input.parentId);
      if (parent.context !== input.context || parent.item_id !== input.itemId)
        throw ApiError.badRequest(`Comment '${input.parentId}' belongs to another item`);
    }
    await this.mayPost(developerId);
    const now = Date.now();
    const row: CommentRow = {
      id: newId(),
      context: input.context,
      item_id: input.itemId,
      parent_id: input.parentId ?? null,
      author_id: developerId,
      body: input.body,
      html: renderMarkdown(input.body),
      hidden: 0,
      deleted: 0,
      created: now,
      updated: now,
    };
    await this.repo.insertComment(row);
    return (await this.commentAnswers([row], developerId))[0];
  }

  async editComment(developerId: string, id: string, body: string) {
    const row = await this.comment(id);
    if (row.author_id !== developerId || Number(row.deleted))
      throw ApiError.forbidden('Only its author can edit a comment');
    await this.repo.updateComment(id, { body, html: renderMarkdown(body), updated: Date.now() });
    return (await this.commentAnswers([await this.comment(id)], developerId))[0];
  }

  /** Deletes a comment of one's own (or as a moderator); the row stays so replies keep their thread. */
  async deleteComment(developerId: string, id: string): Promise<void> {
    const row = await this.comment(id);
    const moderator = await this.isModerator(developerId, contextOf(this.contexts, row.context), row.item_id);
    if (row.author_id !== developerId && !moderator)
      throw ApiError.forbidden('Only its author or a moderator can delete a comment');
    await this.repo.updateComment(id, { deleted: 1, body: '', html: '', updated: Date.now() });
  }

  async setHidden(developerId: string, id: string, hidden: boolean) {
    const row = await this.comment(id);
    if (!(await this.isModerator(developerId, contextOf(this.contexts, row.context), row.item_id)))
      throw ApiError.forbidden('Only a moderator of this item or an operator can hide or display comments');
    await this.repo.updateComment(id, { hidden: hidden ? 1 : 0, updated: Date.now() });
    return (await this.commentAnswers([await this.comment(id)], developerId))[0];
  }

  /** The operator's moderation list (the route checks the caller is an operator). */
  async moderationComments(
    viewer: string,
    status: 'hidden' | 'visible' | 'all' = 'hidden',
    limit = 100,
  ): Promise<CommunityComment[]> {
    return this.commentAnswers(await this.repo.moderationComments(status, limit), viewer);
  }

  // Reviews

  private async reviewAnswers(rows: ReviewRow[], viewer: string): Promise<CommunityReview[]> {
    const authors = await this.authors(rows.map((r) => r.author_id));
    const likes = await this.likes(
      'review',
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      context: r.context,
      itemId: r.item_id,
      author: r.author_id ? authors.get(r.author_id)! : null,
      rating: Number(r.rating),
      body: r.body,
      html: r.html,
      verifiedPurchase: Number(r.verified) === 1,
      mine: r.author_id === viewer,
      likes: likes.get(r.id) ?? 0,
      created: Number(r.created),
      updated: Number(r.updated),
    }));
  }

  async reviews(
    developerId: string,
    contextName: string,
    itemId: string,
    sorting?: string,
  ): Promise<CommunityReview[]> {
    await contextOf(this.contexts, contextName).check(developerId, itemId);
    const order = sorting === 'rating' ? 'rating' : 'created';
    const rows = await this.repo.reviews(contextName, itemId, order, sorting === 'oldest' ? 'asc' : 'desc');
    return this.reviewAnswers(rows, developerId);
  }

  private async review(id: string): Promise<ReviewRow> {
    const row = await this.repo.review(id);
    if (!row) throw ApiError.notFound(`Review '${id}' not found`);
    return row;
  }

  async createReview(developerId: string, input: { context: string; itemId: string; rating: number; body?: string }) {
    const context = contextOf(this.contexts, input.context);
    await context.check(developerId, input.itemId);
    const mine = await this.repo.reviewOf(input.context, input.itemId, developerId);
    const twice = () =>
      ApiError.conflict(`You already reviewed this item (review '${mine ?? ''}'): edit that review instead`);
    if (mine) throw twice();
    await this.mayPost(developerId);
    const now = Date.now();
    const body = input.body ?? '';
    const row: ReviewRow = {
      id: newId(),
      context: input.context,
      item_id: input.itemId,
      author_id: developerId,
      rating: input.rating,
      body,
      html: renderMarkdown(body),
      // Verified when the item's context says the author bought it (marketplace products).
      verified: (await context.bought?.(developerId, input.itemId)) ? 1 : 0,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertReview(row);
    } catch (err) {
      if (isDbFailure(err, 'unique'))
        throw ApiError.conflict('You already reviewed this item: edit that review instead');
      throw err;
    }
    return (await this.reviewAnswers([row], developerId))[0];
  }

  async editReview(developerId: string, id: string, input: { body?: string; rating?: number }) {
    const row = await this.review(id);
    if (row.author_id !== developerId) throw ApiError.forbidden('Only its author can edit a review');
    const body = input.body ?? row.body;
    await this.repo.updateReview(id, {
      body,
      html: renderMarkdown(body),
      rating: input.rating ?? Number(row.rating),
      updated: Date.now(),
    });
    return (await this.reviewAnswers([await this.review(id)], developerId))[0];
  }

  async deleteReview(developerId: string, id: string): Promise<void> {
    const row = await this.review(id);
    const moderator = await this.isModerator(developerId, contextOf(this.contexts, row.context), row.item_id);
    if (row.author_id !== developerId && !moderator)
      throw ApiError.forbidden('Only its author or a moderator can delete a review');
    await this.repo.deleteReview(id);
  }

  // Votes

  private async assertVotable(developerId: string, type: string, itemId: string): Promise<void> {
    if (!(VOTE_TYPES as readonly string[]).includes(type))
      throw ApiError.badRequest(`A vote's type is one of ${VOTE_TYPES.join(', ')}, not '${type}'`);
    if (type === 'profile') {
      await contextOf(this.contexts, 'profile').check(developerId, itemId);
      return;
    }
    const row = type === 'comment' ? await this.repo.comment(itemId) : await this.repo.review(itemId);
    if (!row) throw ApiError.notFound(`${type === 'comment' ? 'Comment' : 'Review'} '${itemId}' not found`);
    await contextOf(this.contexts, row.context).check(developerId, row.item_id);
  }

  /** Likes (value 1) or unlikes (0); repeating either changes nothing. */
  async vote(developerId: string, input: { itemId: string; type: string; value?: number | boolean }) {
    await this.assertVotable(developerId, input.type, input.itemId);
    const like = input.value === undefined || input.value === true || input.value === 1;
    if (like) await this.repo.like(input.type, input.itemId, developerId);
    else await this.repo.unlike(input.type, input.itemId, developerId);
    return { liked: like, likes: (await this.likes(input.type, [input.itemId])).get(input.itemId) ?? 0 };
  }

  async likers(developerId: string, type: string, itemId: string) {
    await this.assertVotable(developerId, type, itemId);
    const ids = await this.repo.likers(type, itemId);
    const authors = await this.authors(ids);
    return ids.map((id) => authors.get(id)!);
  }

  /** The developer's whole community footprint, as `dev/suicide` removes it. */
  removeFootprint(developerId: string): Promise<void> {
    return this.repo.removeFootprint(developerId);
  }
}
