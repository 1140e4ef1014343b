import type {
  GameBadge,
  GameLevel,
  GameMapItem,
  GameNotice,
  GamePack,
  GameProgress,
  GameSettings,
  GameTask,
  GameTrivia,
  GameTriviaResult,
} from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { Content, IndexedTask } from './content/content.js';
import type { Evaluator } from './evaluator.js';
import type { GamificationRepo } from './gamification.repo.js';
import { levelOf, nextLevelOf } from './levels.js';

type ProgressRow = { progress: number; completedAt: number | null };

/** What the Missions routes answer: content joined with one developer's progress. */
export class GamificationService {
  constructor(
    private readonly content: Content,
    private readonly repo: GamificationRepo,
    private readonly evaluator: Evaluator,
    private readonly social: boolean,
  ) {}

  private async progressMap(developerId: string): Promise<Map<string, ProgressRow>> {
    return new Map((await this.repo.progress(developerId)).map((p) => [p.taskId, p]));
  }

  private taskOf(t: IndexedTask, p: ProgressRow | undefined): GameTask {
    return {
      id: t.id,
      missionId: t.missionId,
      title: t.title,
      description: t.description,
      event: t.event,
      count: t.count,
      xp: t.xp,
      points: t.points,
      social: !!t.social,
      triviaId: t.trivia ?? null,
      progress: Math.min(p?.progress ?? 0, t.count),
      completed: p?.completedAt != null,
      completedAt: p?.completedAt ?? null,
    };
  }

  private pack(packId: string) {
    const pack = this.content.file.packs.find((p) => p.id === packId);
    if (!pack) throw ApiError.notFound(`Pack '${packId}' not found`);
    return pack;
  }

  async packs(developerId: string): Promise<GamePack[]> {
    const progress = await this.progressMap(developerId);
    return this.content.file.packs.map((p) => {
      const tasks = p.missions.flatMap((m) => m.tasks);
      return {
        id: p.id,
        title: p.title,
        description: p.description,
        missions: p.missions.length,
        tasks: tasks.length,
        completedTasks: tasks.filter((t) => progress.get(t.id)?.completedAt != null).length,
      };
    });
  }

  async mapItems(developerId: string, packId: string | undefined): Promise<GameMapItem[]> {
    const chosen = packId ?? (await this.repo.account(developerId)).packId ?? this.content.file.packs[0]?.id;
    if (!chosen) return [];
    const pack = this.pack(chosen);
    const progress = await this.progressMap(developerId);
    // A mission is complete when its tasks are (social ones only where the operator enabled them).
    const complete = new Set(
      pack.missions
        .filter((m) => m.tasks.every((t) => progress.get(t.id)?.completedAt != null || (t.social && !this.social)))
        .map((m) => m.id),
    );
    return pack.missions.map((m) => ({
      id: m.id,
      packId: pack.id,
      title: m.title,
      description: m.description,
      x: m.x,
      y: m.y,
      requires: m.requires,
      badgeId: m.badge?.id ?? null,
      unlocked: m.requires.every((r) => complete.has(r)),
      completed: complete.has(m.id),
      tasks: m.tasks.map((t) => this.taskOf(this.content.tasks.get(t.id)!, progress.get(t.id))),
    }));
  }

  socialPosts(): Array<{ id: string; text: string }> {
    return this.content.file.socialPosts;
  }

  levels(): GameLevel[] {
    return this.content.file.levels;
  }

  async progress(developerId: string): Promise<GameProgress> {
    const { xp, points } = await this.repo.totals(developerId);
    const rows = await this.repo.progress(developerId);
    const level = levelOf(this.content.file.levels, xp);
    return {
      xp,
      points,
      level,
      nextLevel: nextLevelOf(this.content.file.levels, level),
      completedTasks: rows.filter((r) => r.completedAt !== null).map((r) => r.taskId),
      badges: [...(await this.repo.badges(developerId)).keys()],
      tasks: rows.filter((r) => this.content.tasks.has(r.taskId)),
    };
  }

  async badges(developerId: string): Promise<GameBadge[]> {
    const earned = await this.repo.badges(developerId);
    return [...this.content.badges.values()].map((b) => ({
      id: b.id,
      title: b.title,
      description: b.description,
      missionId: b.missionId,
      earned: earned.has(b.id),
      earnedAt: earned.get(b.id) ?? null,
    }));
  }

  async earnItems(developerId: string): Promise<GameTask[]> {
    const progress = await this.progressMap(developerId);
    return [...this.content.tasks.values()]
      .filter((t) => progress.get(t.id)?.completedAt == null && (this.social || !t.social))
      .map((t) => this.taskOf(t, progress.get(t.id)));
  }

  async history(developerId: string) {
    return (await this.repo.ledger(developerId)).map((r) => ({
      source: r.source,
      sourceId: r.source_id,
      title: r.title,
      xp: Number(r.xp),
      points: Number(r.points),
      created: Number(r.created),
    }));
  }

  /** Trivia of every task that has one; the content's right answer never leaves the server. */
  async trivia(developerId: string): Promise<GameTrivia[]> {
    const answered = await this.repo.triviaAnswers(developerId);
    return [...this.content.tasks.values()]
      .filter((t) => t.trivia)
      .map((t) => {
        const q = this.content.trivia.get(t.trivia!)!;
        return {
          id: q.id,
          taskId: t.id,
          question: q.question,
          answers: q.answers.map((a) => ({ id: a.id, text: a.text })),
          multiplier: q.multiplier,
          answered: answered.has(t.id),
        };
      });
  }

  async answerTrivia(
    developerId: string,
    triviaId: string,
    answerId: string,
    taskId: string,
  ): Promise<GameTriviaResult> {
    const task = this.content.tasks.get(taskId);
    if (!task) throw ApiError.notFound(`Task '${taskId}' not found`);
    if (task.trivia !== triviaId)
      throw ApiError.notFound(`Trivia '${triviaId}' is not the question of task '${taskId}'`);
    const q = this.content.trivia.get(triviaId)!;
    const answer = q.answers.find((a) => a.id === answerId);
    if (!answer) throw ApiError.badRequest(`Trivia '${triviaId}' has no answer '${answerId}'`);
    const done = (await this.repo.progress(developerId)).find((p) => p.taskId === taskId)?.completedAt != null;
    if (!done) throw ApiError.conflict(`Complete task '${taskId}' before answering its trivia`);
    const correct = !!answer.correct;
    if (!(await this.repo.answerTrivia(developerId, taskId, triviaId, answerId, correct)))
      throw ApiError.conflict(`The trivia of task '${taskId}' was already answered`);
    if (!correct) return { correct, xp: 0, points: 0 };
    // The bonus multiplies the task's award: a multiplier of 2 adds the award once more.
    const xp = Math.round(task.xp * (q.multiplier - 1));
    const points = Math.round(task.points * (q.multiplier - 1));
    const before = (await this.repo.totals(developerId)).xp;
    await this.repo.award(developerId, {
      source: 'trivia',
      sourceId: taskId,
      title: `Trivia: ${task.title}`,
      xp,
      points,
    });
    await this.evaluator.levelUp(developerId, before);
    return { correct, xp, points };
  }

  /** A social task on the developer's word, only where the operator enabled social tasks. */
  async shared(developerId: string, taskId: unknown): Promise<void> {
    if (!this.social)
      throw new ApiError(
        'SOCIAL_TASKS_OFF',
        'Social tasks are off on this server (BASALT_GAMIFICATION_SOCIAL enables them)',
      );
    const id = typeof taskId === 'string' ? taskId : '';
    const task = this.content.tasks.get(id);
    if (!task || !task.social) throw ApiError.notFound(`Social task '${id}' not found`);
    this.evaluator.signal({ event: task.event, appId: null, developerId, count: 1 });
    return this.evaluator.idle();
  }

  async notices(developerId: string, kind: 'event' | 'achievement'): Promise<GameNotice[]> {
    return (await this.repo.unplayed(developerId, kind)).map((n) => ({
      kind: n.kind,
      taskId: n.ref_id,
      title: n.title,
      xp: Number(n.xp),
      points: Number(n.points),
      created: Number(n.created),
    }));
  }

  async markPlayed(developerId: string, id: string): Promise<void> {
    const known = this.content.tasks.has(id) || this.content.badges.has(id) || /^level-\d+$/.test(id);
    if (!known) throw ApiError.notFound(`Task '${id}' not found`);
    await this.repo.markPlayed(developerId, id);
  }

  async settings(developerId: string): Promise<GameSettings> {
    const a = await this.repo.account(developerId);
    return { packId: a.packId, notifications: a.notifications, socialTasks: this.social };
  }

  async saveSettings(
    developerId: string,
    body: { packId?: string | null; notifications?: boolean },
  ): Promise<GameSettings> {
    const a = await this.repo.account(developerId);
    if (body.packId) this.pack(body.packId);
    await this.repo.saveAccount(developerId, {
      ...a,
      ...(body.packId !== undefined ? { packId: body.packId } : {}),
      ...(body.notifications !== undefined ? { notifications: body.notifications } : {}),
    });
    return this.settings(developerId);
  }

  async setAccountTracking(developerId: string, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.repo.saveAccount(developerId, { ...(await this.repo.account(developerId)), tracking: enabled });
    return { enabled };
  }

  async accountTracking(developerId: string): Promise<{ enabled: boolean }> {
    return { enabled: (await this.repo.account(developerId)).tracking };
  }

  async setAppTracking(appId: string, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.repo.setAppTracking(appId, enabled);
    return { enabled };
  }

  async appTracking(appId: string): Promise<{ enabled: boolean }> {
    return { enabled: await this.repo.appTracking(appId) };
  }

  /** A flow event from the console counts only when the flows module has that version running. */
  async validateFlow(appId: string, developerId: string, event: Record<string, unknown>) {
    const versionId = [event.versionId, event.flowVersionId, event.id].find((v): v is string => typeof v === 'string');
    if (!versionId) throw ApiError.badRequest('The event names no flow version (versionId)');
    if (!(await this.repo.flowVersionLive(appId, versionId))) return { valid: false, counted: false };
    this.evaluator.signal({ event: 'flow.version.enabled', appId, developerId, count: 1 });
    await this.evaluator.idle();
    return { valid: true, counted: true };
  }
}
