import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { SuccessSchema } from '../schemas.js';

/** A starter pack of missions ("Getting started"). */
export const GamePackSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  missions: Type.Integer(),
  tasks: Type.Integer(),
  completedTasks: Type.Integer(),
});
export type GamePack = Static<typeof GamePackSchema>;

/**
 * One task of a mission: a rule over a platform event (`table.created`, `record.created` ...).
 * `count` is how many events complete it; `progress` how many the developer has so far.
 */
export const GameTaskSchema = Type.Object({
  id: Type.String(),
  missionId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  event: Type.String(),
  count: Type.Integer(),
  xp: Type.Integer(),
  points: Type.Integer(),
  /** A task completed by the developer's word (sharing a post): off unless the operator enables them. */
  social: Type.Boolean(),
  /** The trivia question that can multiply the task's award once it is done, when it has one. */
  triviaId: Type.Union([Type.String(), Type.Null()]),
  progress: Type.Integer(),
  completed: Type.Boolean(),
  completedAt: Type.Union([Type.Number(), Type.Null()]),
});
export type GameTask = Static<typeof GameTaskSchema>;

/** A mission on a pack's map, with the missions it needs first and its tasks. */
export const GameMapItemSchema = Type.Object({
  id: Type.String(),
  packId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** Position on the map, 0–100 in both directions. */
  x: Type.Number(),
  y: Type.Number(),
  requires: Type.Array(Type.String()),
  badgeId: Type.Union([Type.String(), Type.Null()]),
  unlocked: Type.Boolean(),
  completed: Type.Boolean(),
  tasks: Type.Array(GameTaskSchema),
});
export type GameMapItem = Static<typeof GameMapItemSchema>;

export const GameLevelSchema = Type.Object({
  level: Type.Integer(),
  title: Type.String(),
  /** XP needed to reach it. */
  xp: Type.Integer(),
});
export type GameLevel = Static<typeof GameLevelSchema>;

export const GameBadgeSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** The mission whose completion earns it. */
  missionId: Type.String(),
  earned: Type.Boolean(),
  earnedAt: Type.Union([Type.Number(), Type.Null()]),
});
export type GameBadge = Static<typeof GameBadgeSchema>;

/** The developer's standing: XP, points, level and what is done. */
export const GameProgressSchema = Type.Object({
  xp: Type.Integer(),
  points: Type.Integer(),
  level: GameLevelSchema,
  /** The next level, or null at the top. */
  nextLevel: Type.Union([GameLevelSchema, Type.Null()]),
  completedTasks: Type.Array(Type.String()),
  badges: Type.Array(Type.String()),
  tasks: Type.Array(
    Type.Object({
      taskId: Type.String(),
      progress: Type.Integer(),
      completedAt: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});
export type GameProgress = Static<typeof GameProgressSchema>;

/** One row of the append-only ledger of awards. */
export const GameLedgerEntrySchema = Type.Object({
  source: Type.String(),
  sourceId: Type.String(),
  title: Type.String(),
  xp: Type.Integer(),
  points: Type.Integer(),
  created: Type.Number(),
});
export type GameLedgerEntry = Static<typeof GameLedgerEntrySchema>;

/** A trivia question as the client sees it: never which answer is right. */
export const GameTriviaSchema = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  question: Type.String(),
  answers: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
  /** Bonus multiplier of the task's award for a right answer (2 doubles it). */
  multiplier: Type.Number(),
  answered: Type.Boolean(),
});
export type GameTrivia = Static<typeof GameTriviaSchema>;

export const GameTriviaAnswerBody = Type.Object(
  {
    triviaId: Type.String({ minLength: 1, maxLength: 100 }),
    answerId: Type.String({ minLength: 1, maxLength: 100 }),
    taskId: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: true },
);

export const GameTriviaResultSchema = Type.Object({
  correct: Type.Boolean(),
  xp: Type.Integer(),
  points: Type.Integer(),
});
export type GameTriviaResult = Static<typeof GameTriviaResultSchema>;

/** A completed task or an earned badge or level the console has not shown yet. */
export const GameNoticeSchema = Type.Object({
  kind: Type.String(),
  /** Task id (events), badge id or `level-N` (achievements): what `mark-event-played` names. */
  taskId: Type.String(),
  title: Type.String(),
  xp: Type.Integer(),
  points: Type.Integer(),
  created: Type.Number(),
});
export type GameNotice = Static<typeof GameNoticeSchema>;

export const GameTrackingSchema = Type.Object({ enabled: Type.Boolean() });
export type GameTracking = Static<typeof GameTrackingSchema>;

export const GameSettingsSchema = Type.Object({
  /** The pack the Missions screen opens with. */
  packId: Type.Union([Type.String(), Type.Null()]),
  /** Whether completed tasks pop up in the console. */
  notifications: Type.Boolean(),
  /** Whether the operator enabled social tasks (read only). */
  socialTasks: Type.Boolean(),
});
export type GameSettings = Static<typeof GameSettingsSchema>;

const SettingsBody = Type.Object(
  {
    packId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    notifications: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

const AnyBody = Type.Object({}, { additionalProperties: true });
const g = '/console/gamification';
const app = '/:appId/console/gamification';

/**
 * Missions (`gamification` group of the reference client, decision 0083): packs of missions of
 * tasks completed by what the developer does on the platform, XP levels, badges, points, trivia.
 */
export const gamificationRoutes = {
  loadPacks: defineRoute({
    name: 'gamification.loadPacks',
    method: 'GET',
    path: `${g}/packs`,
    auth: 'developer',
    response: Type.Array(GamePackSchema),
  }),
  getMapItems: defineRoute({
    name: 'gamification.getMapItems',
    method: 'GET',
    path: `${g}/map-items`,
    auth: 'developer',
    query: Type.Object({ packId: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: Type.Array(GameMapItemSchema),
    summary: "A pack's missions with their tasks and the developer's progress (404 naming an unknown pack)",
  }),
  getProgress: defineRoute({
    name: 'gamification.getProgress',
    method: 'GET',
    path: `${g}/progress`,
    auth: 'developer',
    response: GameProgressSchema,
  }),
  loadLevels: defineRoute({
    name: 'gamification.loadLevels',
    method: 'GET',
    path: `${g}/levels`,
    auth: 'developer',
    response: Type.Array(GameLevelSchema),
  }),
  loadBadges: defineRoute({
    name: 'gamification.loadBadges',
    method: 'GET',
    path: `${g}/badges`,
    auth: 'developer',
    response: Type.Array(GameBadgeSchema),
  }),
  loadEarnBBItems: defineRoute({
    name: 'gamification.loadEarnBBItems',
    method: 'GET',
    path: `${g}/earn`,
    auth: 'developer',
    response: Type.Array(GameTaskSchema),
    summary: 'The tasks still open, with the points each gives',
  }),
  loadRedeemBBItems: defineRoute({
    name: 'gamification.loadRedeemBBItems',
    method: 'GET',
    path: `${g}/redeem`,
    auth: 'developer',
    response: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), points: Type.Integer() })),
    summary: 'Rewards the operator offers for points (none on a default install)',
  }),
  loadActivityHistory: defineRoute({
    name: 'gamification.loadActivityHistory',
    method: 'GET',
    path: `${g}/activity-history`,
    auth: 'developer',
    response: Type.Array(GameLedgerEntrySchema),
  }),
  loadTrivia: defineRoute({
    name: 'gamification.loadTrivia',
    method: 'GET',
    path: `${g}/trivia`,
    auth: 'developer',
    response: Type.Array(GameTriviaSchema),
  }),
  checkTriviaAnswer: defineRoute({
    name: 'gamification.checkTriviaAnswer',
    method: 'POST',
    path: `${g}/trivia`,
    auth: 'developer',
    body: GameTriviaAnswerBody,
    response: GameTriviaResultSchema,
    summary: 'One answer per task (409 for a second); a right one multiplies the done task’s award once',
  }),
  submitSocialSharing: defineRoute({
    name: 'gamification.submitSocialSharing',
    method: 'POST',
    path: `${g}/social-share`,
    auth: 'developer',
    body: AnyBody,
    response: SuccessSchema,
    summary: 'Completes a social task on the honour system (403 SOCIAL_TASKS_OFF unless the operator enabled them)',
  }),
  reportSocialActivity: defineRoute({
    name: 'gamification.reportSocialActivity',
    method: 'POST',
    path: `${g}/social-link`,
    auth: 'developer',
    body: AnyBody,
    response: SuccessSchema,
  }),
  getUnnotifiedEvents: defineRoute({
    name: 'gamification.getUnnotifiedEvents',
    method: 'GET',
    path: `${g}/unnotified-events`,
    auth: 'developer',
    response: Type.Array(GameNoticeSchema),
  }),
  getUnnotifiedAchievements: defineRoute({
    name: 'gamification.getUnnotifiedAchievements',
    method: 'GET',
    path: `${g}/unnotified-achievements`,
    auth: 'developer',
    response: Type.Array(GameNoticeSchema),
  }),
  markEventPlayed: defineRoute({
    name: 'gamification.markEventPlayed',
    method: 'PUT',
    path: `${g}/mark-event-played`,
    auth: 'developer',
    body: Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: true }),
    response: SuccessSchema,
  }),
  enableAppAPITracking: defineRoute({
    name: 'gamification.enableAppAPITracking',
    method: 'PUT',
    path: `${app}/enable`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  disableAppAPITracking: defineRoute({
    name: 'gamification.disableAppAPITracking',
    method: 'PUT',
    path: `${app}/disable`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  isAppAPITrackingEnabled: defineRoute({
    name: 'gamification.isAppAPITrackingEnabled',
    method: 'GET',
    path: `${app}/enabled`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  enableAccountAPITracking: defineRoute({
    name: 'gamification.enableAccountAPITracking',
    method: 'PUT',
    path: `${g}/enable`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  disableAccountAPITracking: defineRoute({
    name: 'gamification.disableAccountAPITracking',
    method: 'PUT',
    path: `${g}/disable`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  isAccountAPITrackingEnabled: defineRoute({
    name: 'gamification.isAccountAPITrackingEnabled',
    method: 'GET',
    path: `${g}/enabled`,
    auth: 'developer',
    response: GameTrackingSchema,
  }),
  getFreeMilestoneProgress: defineRoute({
    name: 'gamification.getFreeMilestoneProgress',
    method: 'GET',
    path: `${g}/free-plan-milestone-progress`,
    auth: 'developer',
    response: Type.Object({
      points: Type.Integer(),
      milestone: Type.Union([Type.Integer(), Type.Null()]),
      reached: Type.Boolean(),
    }),
    summary: 'Points towards a plan unlock; no milestone on an install without plans to unlock',
  }),
  getSettings: defineRoute({
    name: 'gamification.getSettings',
    method: 'GET',
    path: `${g}/settings`,
    auth: 'developer',
    response: GameSettingsSchema,
  }),
  saveSettings: defineRoute({
    name: 'gamification.saveSettings',
    method: 'PUT',
    path: `${g}/settings`,
    auth: 'developer',
    body: SettingsBody,
    response: GameSettingsSchema,
  }),
  getSocialPostsCollection: defineRoute({
    name: 'gamification.getSocialPostsCollection',
    method: 'GET',
    path: `${g}/social-posts-templates`,
    auth: 'developer',
    response: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
  }),
  validateFlowRunnerAchievements: defineRoute({
    name: 'gamification.validateFlowRunnerAchievements',
    method: 'POST',
    path: '/api/gamification/:appId/flowrunner-achievements/validate',
    auth: 'developer',
    body: AnyBody,
    response: Type.Object({ valid: Type.Boolean(), counted: Type.Boolean() }),
    summary: "A flow event checked against the flows module's own records before it counts",
  }),
};
