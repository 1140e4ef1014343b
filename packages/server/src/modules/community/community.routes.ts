import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { assertFeature, assertInstanceOperator } from '../../http/dev-access.js';
import { COUNTRIES } from './countries.js';
import type { DiscussionService } from './discussion.service.js';
import type { ProfileService } from './profile.service.js';
import { QUESTIONS, type QuestionnaireService } from './questionnaire.js';
import type { ReferralsService } from './referrals.service.js';

const ok = { success: true };

export interface CommunityServices {
  profiles: ProfileService;
  discussion: DiscussionService;
  referrals: ReferralsService;
  questionnaire: QuestionnaireService;
}

/** The `community`, `developerProfile`, `referrals` and `initialQuestionnaire` routes. */
export function registerCommunityRoutes(app: FastifyInstance, ctx: ServerContext, s: CommunityServices): void {
  const C = Routes.community;
  handle(app, ctx, C.getComments, ({ developer, query }) =>
    s.discussion.comments(developer.id, query.context, query.itemId, query.sorting),
  );
  handle(app, ctx, C.createComments, ({ developer, body }) => s.discussion.createComment(developer.id, body));
  handle(app, ctx, C.editComment, ({ developer, params, body }) =>
    s.discussion.editComment(developer.id, params.commentId, body.body),
  );
  handle(app, ctx, C.deleteComment, async ({ developer, params }) => {
    await s.discussion.deleteComment(developer.id, params.commentId);
    return ok;
  });
  handle(app, ctx, C.hideComment, ({ developer, params }) =>
    s.discussion.setHidden(developer.id, params.commentId, true),
  );
  handle(app, ctx, C.displayComment, ({ developer, params }) =>
    s.discussion.setHidden(developer.id, params.commentId, false),
  );
  handle(app, ctx, C.getReviews, ({ developer, query }) =>
    s.discussion.reviews(developer.id, query.context, query.itemId, query.sorting),
  );
  handle(app, ctx, C.createReview, ({ developer, body }) => s.discussion.createReview(developer.id, body));
  handle(app, ctx, C.editReview, ({ developer, params, body }) =>
    s.discussion.editReview(developer.id, params.reviewId, body),
  );
  handle(app, ctx, C.deleteReview, async ({ developer, params }) => {
    await s.discussion.deleteReview(developer.id, params.reviewId);
    return ok;
  });
  handle(app, ctx, C.vote, ({ developer, body }) => s.discussion.vote(developer.id, body));
  handle(app, ctx, C.getLikers, ({ developer, query }) => s.discussion.likers(developer.id, query.type, query.itemId));
  handle(app, ctx, C.getUserBlacklistStatus, ({ developer }) => s.discussion.blacklistStatus(developer.id));
  handle(app, ctx, C.reportUserActivity, async ({ developer }) => {
    await s.profiles.active(developer.id);
    return ok;
  });
  handle(app, ctx, C.onDeveloperSuicide, async ({ developer }) => {
    await s.discussion.removeFootprint(developer.id);
    return ok;
  });

  // The operator's moderation list (decision 0092): every item's comments, operators only.
  handle(app, ctx, Routes.operator.loadComments, async ({ developer, query }) => {
    assertFeature(ctx.config.features, 'community', 'Community');
    await assertInstanceOperator(ctx.dbs, ctx.config.admins, developer);
    return s.discussion.moderationComments(developer.id, query.status, query.limit);
  });

  const P = Routes.developerProfile;
  handle(app, ctx, P.getMyProfile, ({ developer }) => s.profiles.get(developer.id));
  handle(app, ctx, P.createProfile, ({ developer, body }) => s.profiles.save(developer.id, body));
  handle(app, ctx, P.updateProfile, ({ developer, body }) => s.profiles.save(developer.id, body));
  handle(app, ctx, P.getCountries, () => COUNTRIES);
  handle(app, ctx, P.checkUsernameAvailable, ({ developer, query }) => s.profiles.check(developer.id, query.userName));
  handle(app, ctx, P.remove, async ({ developer }) => {
    await s.profiles.remove(developer.id);
    return ok;
  });
  handle(app, ctx, P.removeApp, ({ developer, query }) => s.profiles.removeApp(developer.id, query.appId));

  const R = Routes.referrals;
  handle(app, ctx, R.loadInviteCode, ({ developer }) => s.referrals.code(developer.id));
  handle(app, ctx, R.loadInvites, ({ developer }) => s.referrals.list(developer.id));
  handle(app, ctx, R.sendInvite, ({ developer, body }) => s.referrals.send(developer.id, body));
  handle(app, ctx, R.checkInviteId, ({ body }) => {
    // The reference client sends the bare id (no content type); ours may send {id} as JSON.
    const id = typeof body === 'string' ? body : String((body as { id?: unknown } | undefined)?.id ?? '');
    return s.referrals.check(id.replace(/^"|"$/g, ''));
  });
  // The server records registrations and apps itself (registration hook, app events): a client's
  // claim changes nothing, so these only acknowledge.
  handle(app, ctx, R.confirmUserRegistered, () => ok);
  handle(app, ctx, R.confirmFirstAppCreated, () => ok);

  const Q = Routes.initialQuestionnaire;
  handle(app, ctx, Q.loadQuestions, () => QUESTIONS);
  handle(app, ctx, Q.sendAnswers, ({ developer, body }) => s.questionnaire.answer(developer.id, body));
  handle(app, ctx, Q.loadStatus, ({ developer }) => s.questionnaire.status(developer.id));
}
