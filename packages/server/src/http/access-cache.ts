import type { InvalidationBus } from '../cluster/invalidation.js';

/**
 * A short-lived memory of answers that every console request needs (who is this auth key, what may
 * this developer do in this app), so a burst of requests does not repeat the same system-database
 * reads. Safety rests on two things together:
 * - every change that could narrow access calls `forgetConsoleAccess()` (sign-out, session
 *   revocation, password or account change, team member added/changed/removed, ownership
 *   transfer, app changed or deleted), which empties the memory of this process at once;
 * - that forget goes through the invalidation bus (kind `access`, decision 0030), so every other
 *   server process of the deployment empties its memory too as soon as the message arrives;
 * - entries live at most ACCESS_TTL_MS, a safety net for a message that could not be delivered.
 */
export const ACCESS_TTL_MS = 2000;
/** Enough for many active developers; past it the memory is emptied rather than grown. */
const MAX_ENTRIES = 5000;

/**
 * Bumped by every forget: a lookup that started before a change must not store what it read, or a
 * session revoked while the lookup was in flight would be remembered again for a moment.
 */
let generation = 0;
export const accessGeneration = () => generation;

export class AccessMemory<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers `value` unless access changed since `since` (an `accessGeneration()` taken before reading it). */
  set(key: string, value: T, since: number, now = Date.now()): void {
    if (since !== generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, until: now + ACCESS_TTL_MS });
  }

  clear(): void {
    this.entries.clear();
  }
}

const memories = new Set<AccessMemory<unknown>>();

/** A memory that `forgetConsoleAccess()` empties. */
export function accessMemory<T>(): AccessMemory<T> {
  const m = new AccessMemory<T>();
  memories.add(m as AccessMemory<unknown>);
  return m;
}

function dropConsoleAccess(): void {
  generation++;
  for (const m of memories) m.clear();
}

/** The invalidation buses of the servers in this process (one in production; tests run several). */
const buses = new Set<InvalidationBus>();

/** Lets a server's bus carry access changes to the other processes; answers how to stop. */
export function shareConsoleAccess(bus: InvalidationBus): () => void {
  const unregister = bus.register('access', dropConsoleAccess);
  buses.add(bus);
  return () => {
    unregister();
    buses.delete(bus);
  };
}

/**
 * Empties every remembered session, app access and API key, in this process at once and in every
 * other server process of the deployment (call after any change to them, once it is committed).
 */
export function forgetConsoleAccess(): void {
  dropConsoleAccess();
  for (const bus of buses) void bus.changed('access', null);
}
