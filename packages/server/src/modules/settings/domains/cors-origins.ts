import type { InvalidationBus } from '../../../cluster/invalidation.js';
import type { DomainsRepo } from './domains.repo.js';
import { originOf } from './names.js';

/** The origins an app grants CORS to; `null`: any origin (no list set, or an empty one). */
export type OriginRule = ReadonlySet<string> | null;

/**
 * How long a process trusts what it read about an app's origins before reading them again. A
 * change applies at once in the process that made it and in every other one when the
 * invalidation bus delivers it (decision 0030); this only bounds what a process keeps when a
 * message could not reach it (one request more: the re-read runs beside it).
 */
const TRUST_MS = 10_000;
const MAX_APPS = 10_000;
const MAX_ORIGINS = 200;

/** The CORS answer headers for a request from `origin` under `rule` (decision 0062). */
export function corsHeaders(rule: OriginRule, origin: string | string[] | undefined): Record<string, string> {
  // No list: any origin, as the app API always answered (the SDK sends no cookies).
  if (rule === null) return { 'access-control-allow-origin': '*' };
  // The answer differs by Origin, so caches must keep one per origin.
  return typeof origin === 'string' && rule.has(origin.toLowerCase())
    ? { 'access-control-allow-origin': origin, vary: 'Origin' }
    : { vary: 'Origin' };
}

/**
 * Settings › CORS: the origins each app's API answers CORS for, and the in-memory copy every app
 * API request reads (`known` answers without a promise when the copy is fresh, as the request
 * hooks and the fast lane need). Writes drop the copy here and in every process through the
 * invalidation bus (`cors`).
 */
export class CorsOrigins {
  private readonly apps = new Map<string, { rule: OriginRule; at: number; refreshing: boolean }>();

  constructor(
    private readonly repo: DomainsRepo,
    private readonly bus?: InvalidationBus,
  ) {
    bus?.register('cors', (appId) => (appId === null ? this.apps.clear() : this.apps.delete(appId)));
  }

  /**
   * The rule from this process's copy, without a promise; undefined when there is none (then
   * `rule` reads it). A copy older than TRUST_MS is still answered once while it is read again in
   * the background, so the hot path never waits for a periodic re-read.
   */
  known(appId: string): OriginRule | undefined {
    const hit = this.apps.get(appId);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= TRUST_MS && !hit.refreshing) {
      hit.refreshing = true;
      this.read(appId).catch(() => this.apps.delete(appId));
    }
    return hit.rule;
  }

  rule(appId: string): Promise<OriginRule> {
    const hit = this.known(appId);
    return hit !== undefined ? Promise.resolve(hit) : this.read(appId);
  }

  private async read(appId: string): Promise<OriginRule> {
    // A change whose message arrives while this read runs must not leave the old rule kept.
    const since = this.bus?.version(appId);
    const list = await this.list(appId);
    const rule = list.length ? new Set(list) : null;
    if (this.bus && this.bus.version(appId) !== since) {
      this.apps.delete(appId);
      return rule;
    }
    if (this.apps.size >= MAX_APPS) this.apps.clear();
    this.apps.set(appId, { rule, at: Date.now(), refreshing: false });
    return rule;
  }

  /** The stored origins in the order given (empty: any origin). */
  async list(appId: string): Promise<string[]> {
    const text = await this.repo.origins(appId);
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  }

  /**
   * Replaces the list: each entry checked and normalised (a 400 names the first that is not an
   * origin), whitespace inside entries split as the reference client splits the typed text,
   * duplicates dropped. Answers the stored list.
   */
  async save(appId: string, entries: readonly string[]): Promise<string[]> {
    const origins = [
      ...new Set(
        entries
          .flatMap((e) => e.split(/\s+/))
          .filter((e) => e !== '')
          .map(originOf),
      ),
    ].slice(0, MAX_ORIGINS);
    await this.repo.saveOrigins(appId, JSON.stringify(origins), Date.now());
    if (this.bus) await this.bus.changed('cors', appId);
    else this.apps.delete(appId);
    return origins;
  }
}
