import type { FastifyBaseLogger } from 'fastify';
import type { Content, IndexedTask } from './content/content.js';
import type { GamificationRepo } from './gamification.repo.js';
import { levelOf } from './levels.js';

/** One platform event as a task counts it. */
export interface TaskSignal {
  event: string;
  appId: string | null;
  /** The developer who acted, when the event names one; otherwise the app's owner gets the credit. */
  developerId?: string | null;
  count: number;
}

/**
 * Turns platform events into task progress and awards (decision 0083). It listens off the hot path:
 * an event costs a map lookup once the developer has finished every task of its kind, and events
 * of one kind for one developer are added up while a write is under way (a burst of record
 * creations is a few updates, not one per record). Every award goes through the ledger's unique
 * key, so a replayed event, a second process or a retried write never awards twice.
 */
export class Evaluator {
  /** Tasks each developer has completed, as far as this process knows (loaded on first use). */
  private readonly done = new Map<string, Promise<Set<string>>>();
  /** App owners, kept a minute (an ownership transfer is credited to the new owner after that). */
  private readonly owners = new Map<string, { owner: string; at: number }>();
  private readonly pending = new Map<string, TaskSignal & { developerId: string }>();
  private readonly running = new Set<string>();
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly content: Content,
    private readonly repo: GamificationRepo,
    private readonly log: FastifyBaseLogger,
    /** Whether tasks the developer completes on their word (social) count. */
    private readonly social: boolean,
  ) {}

  /** Forgets what an app or a developer was (app deleted, ownership moved, developer deleted). */
  forgetApp(appId: string): void {
    this.owners.delete(appId);
  }
  forgetDeveloper(developerId: string): void {
    this.done.delete(developerId);
  }

  private completed(developerId: string): Promise<Set<string>> {
    let set = this.done.get(developerId);
    if (!set) {
      set = this.repo.completedTasks(developerId).then((ids) => new Set(ids));
      set.catch(() => this.done.delete(developerId));
      this.done.set(developerId, set);
    }
    return set;
  }

  private async developerOf(s: TaskSignal): Promise<string | undefined> {
    if (s.developerId) return s.developerId;
    if (!s.appId) return undefined;
    const known = this.owners.get(s.appId);
    if (known && Date.now() - known.at < 60_000) return known.owner;
    const owner = await this.repo.appOwner(s.appId);
    if (owner) this.owners.set(s.appId, { owner, at: Date.now() });
    return owner;
  }

  /** Takes an event; never throws (a failure is logged, the platform carries on). */
  signal(s: TaskSignal): void {
    if (!this.content.byEvent.has(s.event) || s.count <= 0) return;
    void this.queue(s).catch((err: unknown) =>
      this.log.warn({ err, event: s.event }, 'Missions: an event was not counted'),
    );
  }

  private async queue(s: TaskSignal): Promise<void> {
    const developerId = await this.developerOf(s);
    if (!developerId) return;
    const done = await this.completed(developerId);
    if (this.content.byEvent.get(s.event)!.every((t) => done.has(t.id))) return;
    const key = `${developerId}\u0000${s.appId ?? ''}\u0000${s.event}`;
    const waiting = this.pending.get(key);
    if (waiting) waiting.count += s.count;
    else this.pending.set(key, { ...s, developerId });
    if (this.running.has(key)) return;
    this.running.add(key);
    try {
      for (let next = this.pending.get(key); next; next = this.pending.get(key)) {
        this.pending.delete(key);
        await this.apply(next);
      }
    } finally {
      this.running.delete(key);
      if (!this.running.size) this.idleWaiters.splice(0).forEach((w) => w());
    }
  }

  /** Resolves when no event is being counted (tests, and shutdown). */
  idle(): Promise<void> {
    return this.running.size ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  private async tracking(developerId: string, appId: string | null): Promise<boolean> {
    if (!(await this.repo.account(developerId)).tracking) return false;
    return appId === null || (await this.repo.appTracking(appId));
  }

  private async apply(s: TaskSignal & { developerId: string }): Promise<void> {
    const done = await this.completed(s.developerId);
    const open = this.content.byEvent.get(s.event)!.filter((t) => !done.has(t.id) && (this.social || !t.social));
    if (!open.length || !(await this.tracking(s.developerId, s.appId))) return;
    for (const task of open) {
      if (await this.repo.advance(s.developerId, task.id, s.count, task.count))
        await this.complete(s.developerId, task);
    }
  }

  /** A task just closed: its award, its notice, and the badge and level it may bring. */
  async complete(developerId: string, task: IndexedTask): Promise<void> {
    (await this.completed(developerId)).add(task.id);
    const before = (await this.repo.totals(developerId)).xp;
    const award = { title: task.title, xp: task.xp, points: task.points };
    if (!(await this.repo.award(developerId, { source: task.social ? 'social' : 'task', sourceId: task.id, ...award })))
      return;
    await this.repo.notice(developerId, 'event', task.id, award);
    await this.badgeFor(developerId, task.missionId);
    await this.levelUp(developerId, before);
  }

  private async badgeFor(developerId: string, missionId: string): Promise<void> {
    const mission = this.content.missions.get(missionId)!;
    if (!mission.badge) return;
    const done = await this.completed(developerId);
    // Social tasks only count towards a badge where the operator enabled them.
    if (!mission.tasks.every((t) => done.has(t.id) || (t.social && !this.social))) return;
    const badge = { title: mission.badge.title, xp: 0, points: 0 };
    if (await this.repo.award(developerId, { source: 'badge', sourceId: mission.badge.id, ...badge }))
      await this.repo.notice(developerId, 'achievement', mission.badge.id, badge);
  }

  /** Gives the notice of every level the developer's XP passed since `before`. */
  async levelUp(developerId: string, before: number): Promise<void> {
    const levels = this.content.file.levels;
    const from = levelOf(levels, before).level;
    const to = levelOf(levels, (await this.repo.totals(developerId)).xp).level;
    for (const l of levels.filter((x) => x.level > from && x.level <= to))
      await this.repo.notice(developerId, 'achievement', `level-${l.level}`, {
        title: `Level ${l.level}: ${l.title}`,
        xp: 0,
        points: 0,
      });
  }
}
