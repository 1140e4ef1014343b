import type { InvalidationBus } from '../../cluster/invalidation.js';

/**
 * How long this process trusts what it read about an app's HIPAA switch. A switch applies to the
 * very next read of every server process (the write forgets the app through the invalidation bus,
 * decision 0030); the TTL only bounds what a process keeps when a message could not reach it.
 */
export const HIPAA_TTL_MS = 2_000;
const MAX_APPS = 10_000;

interface Entry {
  value: Promise<boolean>;
  until: number;
}

/**
 * Every app API read asks whether its app's reads must be audited, which was one system-database
 * query per read. The loading promise is kept as soon as the read starts, and `forget` runs after
 * the switch's write commits, so anything found afterwards was read after the change. Failed reads
 * are dropped at once.
 */
export class HipaaMemory {
  private readonly apps = new Map<string, Entry>();

  constructor(private readonly bus?: InvalidationBus) {
    bus?.register('hipaa', (appId) => (appId === null ? this.apps.clear() : this.apps.delete(appId)));
  }

  remember(appId: string, load: () => Promise<boolean>, now = Date.now()): Promise<boolean> {
    const hit = this.apps.get(appId);
    if (hit && hit.until > now) return hit.value;
    if (this.apps.size >= MAX_APPS) this.apps.clear();
    const entry: Entry = { value: load(), until: now + HIPAA_TTL_MS };
    this.apps.set(appId, entry);
    entry.value.catch(() => {
      if (this.apps.get(appId) === entry) this.apps.delete(appId);
    });
    return entry.value;
  }

  /** The app's switch changed (after the write committed): dropped here and in every other process. */
  forget(appId: string): void {
    if (this.bus) void this.bus.changed('hipaa', appId);
    else this.apps.delete(appId);
  }
}
