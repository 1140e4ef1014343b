import type { HiveStoreType } from '@basalt/shared';

/**
 * Storage of hives behind one interface, with two backends: SQL (the app data store on SQLite or
 * PostgreSQL, the default) and Redis (when REDIS_URL is set). Values cross this interface as JSON
 * text: the service serialises, the backends only store and compare text. A collection that
 * becomes empty stops existing (as in Redis), on both backends.
 */

export type StoreType = HiveStoreType;

export interface ZAddOptions {
  only?: 'new' | 'existing';
  when?: 'greater' | 'less';
  changed: boolean;
}

/** Members by rank (inclusive, negative from the end) or by score (bounds inclusive unless excluded; undefined = unbounded). */
export type ZRange =
  | { by: 'rank'; start: number; stop: number }
  | { by: 'score'; min?: number; max?: number; minExclusive: boolean; maxExclusive: boolean };

/** Items `start` to `stop` of a sequence of `n`, both included, negative counting from the end (Redis rules). */
export function rankSlice<T>(items: T[], start: number, stop: number): T[] {
  const n = items.length;
  const from = Math.max(0, start < 0 ? n + start : start);
  const to = Math.min(n - 1, stop < 0 ? n + stop : stop);
  return from > to ? [] : items.slice(from, to + 1);
}

/** Whether a score lies in a score range. */
export function inScoreRange(score: number, r: Extract<ZRange, { by: 'score' }>): boolean {
  if (r.min !== undefined && (r.minExclusive ? score <= r.min : score < r.min)) return false;
  if (r.max !== undefined && (r.maxExclusive ? score >= r.max : score > r.max)) return false;
  return true;
}

/** When a conditional key-value write happens (the SDK's `condition`). */
export type KvCondition = 'IfExists' | 'IfNotExists' | 'Always';

/** The content of a collection key, for replace and add. Members and fields are JSON text too. */
export type Collection =
  | { type: 'list' | 'set'; items: string[] }
  | { type: 'map'; entries: Array<[field: string, value: string]> }
  | { type: 'sorted-set'; items: Array<[score: number, member: string]> };

/** A page of keys; `cursor` "0" = no more pages. Pages may hold fewer keys than asked. */
export interface KeysPage {
  keys: string[];
  cursor: string;
}

/** A cursor that this backend did not hand out. */
export class InvalidCursorError extends Error {}

export interface HiveStore {
  hiveNames(): Promise<string[]>;
  hiveExists(hive: string): Promise<boolean>;
  /** False when the name is taken. */
  createHive(hive: string): Promise<boolean>;
  renameHive(from: string, to: string): Promise<'renamed' | 'missing' | 'taken'>;
  /** Number of keys that went, or undefined when there is no such hive. */
  deleteHive(hive: string): Promise<number | undefined>;

  keys(hive: string, type: StoreType, opts: { cursor?: string; pageSize: number; match?: string }): Promise<KeysPage>;
  /** Answers how many of the keys existed. */
  deleteKeys(hive: string, type: StoreType, keys: string[]): Promise<number>;
  /** Items in a collection (1 for an existing key-value key); 0 when the key does not exist. */
  size(hive: string, type: StoreType, key: string): Promise<number>;

  /** Sets an absolute expiry (epoch ms); false when the key does not exist. */
  expireAt(hive: string, type: StoreType, key: string, epochMs: number): Promise<boolean>;
  /** Removes the expiry; false when the key does not exist. */
  persist(hive: string, type: StoreType, key: string): Promise<boolean>;
  /** Milliseconds left; -1 = no expiry, -2 = no such key. */
  ttlMs(hive: string, type: StoreType, key: string): Promise<number>;
  /** Seconds since the key was last read or written; undefined when it does not exist. */
  idleSeconds(hive: string, type: StoreType, key: string): Promise<number | undefined>;

  /** Key-value reads: the keys that exist, with their JSON text. */
  kvGet(hive: string, keys: string[]): Promise<Map<string, string>>;
  /** Key-value write; an existing expiry stays. */
  kvSet(hive: string, key: string, value: string): Promise<void>;
  /**
   * Key-value write under a condition, in one step: `IfExists` only replaces a live key,
   * `IfNotExists` only creates one. `expireAt` (epoch ms) sets the expiry; without it a replaced
   * key keeps its own. Answers whether the value was written.
   */
  kvSetIf(hive: string, key: string, value: string, condition: KvCondition, expireAt?: number): Promise<boolean>;
  /** Adds `delta` to a number value in one step (a missing key counts as 0); 'not-a-number' leaves it. */
  kvIncrement(hive: string, key: string, delta: number): Promise<number | 'not-a-number'>;
  /** Renames a key of a store, with its content and expiry. */
  renameKey(
    hive: string,
    type: StoreType,
    from: string,
    to: string,
    overwrite: boolean,
  ): Promise<'renamed' | 'missing' | 'taken'>;
  /** How many of the keys exist (one query or command, not one a key). */
  countExisting(hive: string, type: StoreType, keys: string[]): Promise<number>;
  /** Marks keys as used now (their idle time restarts); answers how many exist. */
  touchKeys(hive: string, type: StoreType, keys: string[]): Promise<number>;
  /** Sets a map field only when the map lacks it, in one step; answers whether it was set. */
  mapSetIfAbsent(hive: string, key: string, field: string, value: string): Promise<boolean>;
  /** Adds `delta` to a number map field in one step (a missing field counts as 0). */
  mapIncrement(hive: string, key: string, field: string, delta: number): Promise<number | 'not-a-number'>;
  /** Takes up to `count` random members out of a set, in one step. */
  setPop(hive: string, key: string, count: number): Promise<string[]>;
  /** Pushes values to the head of a list one by one (as LPUSH: the last ends first); answers the new length. */
  listPushFront(hive: string, key: string, values: string[]): Promise<number>;
  /** Takes up to `count` items off the head or the tail of a list, in one step. */
  listPop(hive: string, key: string, end: 'first' | 'last', count: number): Promise<string[]>;
  /** Inserts a value before or after the first occurrence of `anchor`: the new length, -1 without the anchor, 0 without the list. */
  listInsert(hive: string, key: string, where: 'before' | 'after', anchor: string, value: string): Promise<number>;
  /**
   * Adds or updates sorted-set members in one step. `only` limits the call to new or to existing
   * members; `when` updates a score only if the new one is greater or less. Answers how many
   * members were added, or with `changed` how many were added or got a new score.
   */
  zAdd(hive: string, key: string, items: Array<[number, string]>, opts: ZAddOptions): Promise<number>;
  /** Adds `delta` to a member's score (a missing member starts at 0); the new score. */
  zIncrement(hive: string, key: string, member: string, delta: number): Promise<number>;
  /** Takes up to `count` members with the highest or lowest scores, in one step. */
  zPop(hive: string, key: string, end: 'max' | 'min', count: number): Promise<Array<[number, string]>>;
  /** Removes the members in a rank range (Redis rules) or a score range; answers how many. */
  zRemoveRange(hive: string, key: string, range: ZRange): Promise<number>;

  /** The whole collection (sorted sets by score), or undefined when the key does not exist. */
  read(hive: string, type: Exclude<StoreType, 'key-value'>, key: string): Promise<Collection | undefined>;
  /** Sorted-set members by rank, inclusive, negative ranks counting from the end (Redis rules). */
  zRange(hive: string, key: string, start: number, stop: number): Promise<Array<[number, string]>>;
  /** Replaces a collection (an empty one deletes the key); an existing expiry stays. */
  replace(hive: string, key: string, content: Collection): Promise<void>;
  /** Adds to a collection: list → new length; set, map, sorted-set → how many were new. */
  add(hive: string, key: string, content: Collection): Promise<number>;
  /** Sets a list item; negative indexes count from the end. */
  listSet(hive: string, key: string, index: number, value: string): Promise<'ok' | 'missing' | 'out-of-range'>;
  /** Removes occurrences of a list value: count > 0 from the head, < 0 from the tail, 0 all. */
  listRemove(hive: string, key: string, value: string, count: number): Promise<number>;
  /** Removes set/sorted-set members, map fields, or every occurrence of list values. */
  removeMembers(hive: string, type: Exclude<StoreType, 'key-value'>, key: string, members: string[]): Promise<number>;

  /** Deletes expired keys for good (Redis does this itself). */
  purgeExpired(): Promise<number>;
}

/** Opens the stores of each application. */
export interface HiveBackend {
  readonly kind: 'sql' | 'redis';
  forApp(appId: string): HiveStore;
  /** Removes everything of an application (its data store may already be gone). */
  dropApp(appId: string): Promise<void>;
  close(): Promise<void>;
}
