import type { ServerModule } from '../module.js';
import { DEFAULT_CONTENT } from './content/default-content.js';
import { loadContent } from './content/content.js';
import { Evaluator } from './evaluator.js';
import { GamificationRepo } from './gamification.repo.js';
import { gamificationMigrations } from './gamification.migrations.js';
import { registerGamificationRoutes } from './gamification.routes.js';
import { GamificationService } from './gamification.service.js';
import { listenForTasks } from './listeners.js';

export { Evaluator } from './evaluator.js';

/**
 * Missions (decision 0083): packs → missions → tasks completed by platform events, with XP
 * levels, badges, points in an append-only ledger, trivia and tracking switches.
 */
export const gamificationModule: ServerModule = {
  area: 'gamification',
  name: 'gamification',
  systemMigrations: gamificationMigrations,
  register(app, ctx) {
    const content = loadContent(DEFAULT_CONTENT);
    const repo = new GamificationRepo(ctx.dbs);
    const social = ctx.config.gamificationSocial;
    const evaluator = new Evaluator(content, repo, ctx.log, social);
    listenForTasks(ctx, evaluator);
    registerGamificationRoutes(app, ctx, new GamificationService(content, repo, evaluator, social));
  },
};
