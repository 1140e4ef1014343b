import type { PanicState } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { SecurityKysely } from './security.migrations.js';
import type { InvalidationBus } from '../../cluster/invalidation.js';
import { PanicRepo } from './panic.repo.js';

/**
 * How long a node trusts its cached panic state. A switch applies at once on the node that made it
 * and on every other node as soon as the invalidation bus delivers it (decision 0030); this only
 * bounds what a node keeps when a message could not reach it.
 */
const CACHE_MS = 2_000;
const MAX_CACHED = 10_000;

export const DEFAULT_PANIC_MESSAGE = 'The application is temporarily unavailable (panic mode is on)';

export type { PanicState };

const OFF: PanicState = { enabled: false, message: null, since: null };

/** Panic mode of each app: while on, the app API answers 503 to every call. */
export class PanicService {
  private readonly repo: PanicRepo;
  private readonly cache = new Map<string, { state: PanicState; at: number }>();

  constructor(
    ctx: ServerContext,
    private readonly bus?: InvalidationBus,
  ) {
    this.repo = new PanicRepo(ctx.dbs.system as unknown as SecurityKysely);
    bus?.register('panic', (appId) => (appId === null ? this.cache.clear() : this.cache.delete(appId)));
  }

  /** The state when this node's cached copy is still fresh (no read, no promise), else undefined. */
  known(appId: string): PanicState | undefined {
    const hit = this.cache.get(appId);
    return hit && Date.now() - hit.at < CACHE_MS ? hit.state : undefined;
  }

  async state(appId: string): Promise<PanicState> {
    const hit = this.cache.get(appId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.state;
    // A switch whose message arrives while this read runs must not leave the old state kept.
    const since = this.bus?.version(appId);
    const row = await this.repo.get(appId);
    const state =
      row && Number(row.panic) === 1
        ? {
            enabled: true,
            message: row.panic_message,
            since: row.panic_since === null ? null : Number(row.panic_since),
          }
        : OFF;
    if (this.bus && this.bus.version(appId) !== since) return state;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(appId, { state, at: Date.now() });
    return state;
  }

  async set(appId: string, enabled: boolean, message?: string): Promise<PanicState> {
    const values = {
      panic: enabled ? 1 : 0,
      panic_message: enabled ? message?.trim() || null : null,
      panic_since: enabled ? Date.now() : null,
    };
    await this.repo.put(appId, values);
    if (this.bus) await this.bus.changed('panic', appId);
    else this.cache.delete(appId);
    return this.state(appId);
  }
}
