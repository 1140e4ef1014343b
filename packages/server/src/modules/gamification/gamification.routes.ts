import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { GamificationService } from './gamification.service.js';

const ok = { success: true };

/** The console's Missions routes (`gamification` group). Everything is the signed-in developer's own. */
export function registerGamificationRoutes(app: FastifyInstance, ctx: ServerContext, svc: GamificationService): void {
  const R = Routes.gamification;
  handle(app, ctx, R.loadPacks, ({ developer }) => svc.packs(developer.id));
  handle(app, ctx, R.getMapItems, ({ developer, query }) => svc.mapItems(developer.id, query.packId || undefined));
  handle(app, ctx, R.getProgress, ({ developer }) => svc.progress(developer.id));
  handle(app, ctx, R.loadLevels, () => svc.levels());
  handle(app, ctx, R.loadBadges, ({ developer }) => svc.badges(developer.id));
  handle(app, ctx, R.loadEarnBBItems, ({ developer }) => svc.earnItems(developer.id));
  // No rewards are configured on a default install; the operator's catalogue comes with plans.
  handle(app, ctx, R.loadRedeemBBItems, () => []);
  handle(app, ctx, R.loadActivityHistory, ({ developer }) => svc.history(developer.id));
  handle(app, ctx, R.loadTrivia, ({ developer }) => svc.trivia(developer.id));
  handle(app, ctx, R.checkTriviaAnswer, ({ developer, body }) =>
    svc.answerTrivia(developer.id, body.triviaId, body.answerId, body.taskId),
  );
  handle(app, ctx, R.submitSocialSharing, async ({ developer, body }) => {
    await svc.shared(developer.id, (body as { taskId?: unknown }).taskId);
    return ok;
  });
  handle(app, ctx, R.reportSocialActivity, async ({ developer, body }) => {
    await svc.shared(developer.id, (body as { taskId?: unknown }).taskId);
    return ok;
  });
  handle(app, ctx, R.getUnnotifiedEvents, ({ developer }) => svc.notices(developer.id, 'event'));
  handle(app, ctx, R.getUnnotifiedAchievements, ({ developer }) => svc.notices(developer.id, 'achievement'));
  handle(app, ctx, R.markEventPlayed, async ({ developer, body }) => {
    await svc.markPlayed(developer.id, body.taskId);
    return ok;
  });
  handle(app, ctx, R.enableAppAPITracking, ({ params }) => svc.setAppTracking(params.appId, true));
  handle(app, ctx, R.disableAppAPITracking, ({ params }) => svc.setAppTracking(params.appId, false));
  handle(app, ctx, R.isAppAPITrackingEnabled, ({ params }) => svc.appTracking(params.appId));
  handle(app, ctx, R.enableAccountAPITracking, ({ developer }) => svc.setAccountTracking(developer.id, true));
  handle(app, ctx, R.disableAccountAPITracking, ({ developer }) => svc.setAccountTracking(developer.id, false));
  handle(app, ctx, R.isAccountAPITrackingEnabled, ({ developer }) => svc.accountTracking(developer.id));
  handle(app, ctx, R.getFreeMilestoneProgress, async ({ developer }) => ({
    points: (await svc.progress(developer.id)).points,
    milestone: null,
    reached: false,
  }));
  handle(app, ctx, R.getSettings, ({ developer }) => svc.settings(developer.id));
  handle(app, ctx, R.saveSettings, ({ developer, body }) => svc.saveSettings(developer.id, body));
  handle(app, ctx, R.getSocialPostsCollection, () => svc.socialPosts());
  handle(app, ctx, R.validateFlowRunnerAchievements, ({ params, developer, body }) =>
    svc.validateFlow(params.appId, developer.id, body as Record<string, unknown>),
  );
}
