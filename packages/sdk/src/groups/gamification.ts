import {
  Routes,
  type GameBadge,
  type GameLedgerEntry,
  type GameLevel,
  type GameMapItem,
  type GameNotice,
  type GamePack,
  type GameProgress,
  type GameSettings,
  type GameTask,
  type GameTracking,
  type GameTrivia,
  type GameTriviaResult,
  type Success,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.gamification;

export type {
  GameBadge,
  GameLedgerEntry,
  GameLevel,
  GameMapItem,
  GameNotice,
  GamePack,
  GameProgress,
  GameSettings,
  GameTask,
  GameTracking,
  GameTrivia,
  GameTriviaResult,
};

/**
 * Missions (`gamification` group of the reference client): packs of missions whose tasks complete
 * from what the developer does on the platform, XP levels, badges, points and trivia.
 */
export function createGamificationGroup({ request }: GroupContext) {
  return {
    /** The packs of missions, with how many tasks the developer completed in each. */
    loadPacks(): Promise<GamePack[]> {
      return request.route(r.loadPacks);
    },
    /** A pack's missions with tasks and progress (the developer's chosen pack without an id; 404 naming an unknown one). */
    getMapItems(packId?: string): Promise<GameMapItem[]> {
      return request.route(r.getMapItems, [], { query: packId ? { packId } : {} });
    },
    /** XP, points, level and the tasks and badges done. */
    getProgress(): Promise<GameProgress> {
      return request.route(r.getProgress);
    },
    /** The XP each level needs. */
    loadLevels(): Promise<GameLevel[]> {
      return request.route(r.loadLevels);
    },
    /** Every badge, with whether the developer earned it. */
    loadBadges(): Promise<GameBadge[]> {
      return request.route(r.loadBadges);
    },
    /** The tasks still open and the points each gives. */
    loadEarnBBItems(): Promise<GameTask[]> {
      return request.route(r.loadEarnBBItems);
    },
    /** Rewards the operator offers for points. */
    loadRedeemBBItems(): Promise<Array<{ id: string; title: string; points: number }>> {
      return request.route(r.loadRedeemBBItems);
    },
    /** The ledger of awards, newest first. */
    loadActivityHistory(): Promise<GameLedgerEntry[]> {
      return request.route(r.loadActivityHistory);
    },
    /** Trivia questions of the tasks (never which answer is right). */
    loadTrivia(): Promise<GameTrivia[]> {
      return request.route(r.loadTrivia);
    },
    /** Answers a task's trivia once (409 for a second answer, or before the task is done). */
    checkTriviaAnswer(triviaId: string, answerId: string, taskId: string): Promise<GameTriviaResult> {
      return request.route(r.checkTriviaAnswer, [], { body: { triviaId, answerId, taskId } });
    },
    /** Completes a social task `{taskId}` (403 SOCIAL_TASKS_OFF unless the operator enabled them). */
    submitSocialSharing(data: { taskId: string } & Record<string, unknown>): Promise<Success> {
      return request.route(r.submitSocialSharing, [], { body: data });
    },
    /** The same for a linked social account `{taskId}`. */
    reportSocialActivity(data: { taskId: string } & Record<string, unknown>): Promise<Success> {
      return request.route(r.reportSocialActivity, [], { body: data });
    },
    /** Completed tasks the console has not shown yet. */
    getUnnotifiedEvents(): Promise<GameNotice[]> {
      return request.route(r.getUnnotifiedEvents);
    },
    /** Badges and levels the console has not shown yet. */
    getUnnotifiedAchievements(): Promise<GameNotice[]> {
      return request.route(r.getUnnotifiedAchievements);
    },
    /** Marks a task's (or badge's, or `level-N`'s) notice shown. */
    markEventPlayed(taskId: string): Promise<Success> {
      return request.route(r.markEventPlayed, [], { body: { taskId } });
    },
    /** Counts the app's events towards tasks again. */
    enableAppAPITracking(appId: string): Promise<GameTracking> {
      return request.route(r.enableAppAPITracking, [appId]);
    },
    /** Stops counting the app's events towards tasks. */
    disableAppAPITracking(appId: string): Promise<GameTracking> {
      return request.route(r.disableAppAPITracking, [appId]);
    },
    isAppAPITrackingEnabled(appId: string): Promise<GameTracking> {
      return request.route(r.isAppAPITrackingEnabled, [appId]);
    },
    /** Counts events of all the developer's apps again. */
    enableAccountAPITracking(): Promise<GameTracking> {
      return request.route(r.enableAccountAPITracking);
    },
    /** Stops counting events of all the developer's apps. */
    disableAccountAPITracking(): Promise<GameTracking> {
      return request.route(r.disableAccountAPITracking);
    },
    isAccountAPITrackingEnabled(): Promise<GameTracking> {
      return request.route(r.isAccountAPITrackingEnabled);
    },
    /** Points towards a plan unlock (no milestone where no plan can be unlocked). */
    getFreeMilestoneProgress(): Promise<{ points: number; milestone: number | null; reached: boolean }> {
      return request.route(r.getFreeMilestoneProgress);
    },
    getSettings(): Promise<GameSettings> {
      return request.route(r.getSettings);
    },
    /** Saves `{packId?, notifications?}`; fields left out keep their value. */
    saveSettings(settings: { packId?: string | null; notifications?: boolean }): Promise<GameSettings> {
      return request.route(r.saveSettings, [], { body: settings });
    },
    /** Texts the console offers for sharing progress. */
    getSocialPostsCollection(): Promise<Array<{ id: string; text: string }>> {
      return request.route(r.getSocialPostsCollection);
    },
    /** Checks a flow event `{versionId}` against the app's running flows before it counts. */
    validateFlowRunnerAchievements(
      appId: string,
      event: Record<string, unknown>,
    ): Promise<{ valid: boolean; counted: boolean }> {
      return request.route(r.validateFlowRunnerAchievements, [appId], { body: event });
    },
  };
}

/** The `gamification` group's methods. */
export type GamificationGroup = ReturnType<typeof createGamificationGroup>;
