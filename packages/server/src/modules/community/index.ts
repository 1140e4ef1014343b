import { isInstanceOperator } from '../../http/dev-access.js';
import type { ServerModule } from '../module.js';
import { communityMigrations } from './community.migrations.js';
import { registerCommunityRoutes } from './community.routes.js';
import { discussionContexts } from './contexts.js';
import { CommunityRepo } from './community.repo.js';
import { DiscussionService } from './discussion.service.js';
import { ProfileService } from './profile.service.js';
import { QuestionnaireService } from './questionnaire.js';
import { ReferralsService } from './referrals.service.js';

/**
 * Community (decision 0083): developer profiles, one engine for comments, reviews and votes,
 * invitations to the instance (invite-only registration) and the first questionnaire. Served on
 * the main server under `/console/community`; a separate community host is a deployment choice.
 */
export const communityModule: ServerModule = {
  area: 'community',
  name: 'community',
  systemMigrations: communityMigrations,
  register(app, ctx) {
    const repo = new CommunityRepo(ctx.dbs);
    const referrals = new ReferralsService(ctx, repo);
    // Operators moderate every community item (decision 0088), besides each item's own moderators.
    const isOperator = async (developerId: string) => {
      const email = await repo.developerEmail(developerId);
      return !!email && isInstanceOperator(ctx.dbs, ctx.config.admins, { id: developerId, email });
    };
    ctx.registrationHooks.push({
      before: (input) => referrals.beforeRegistration(input),
      after: (input, developerId) => referrals.afterRegistration(input, developerId),
    });
    registerCommunityRoutes(app, ctx, {
      profiles: new ProfileService(repo),
      discussion: new DiscussionService(repo, discussionContexts(ctx.dbs, repo, isOperator), isOperator),
      referrals,
      questionnaire: new QuestionnaireService(repo),
    });
  },
};
