import type { HiveKeysPage } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { PurgeScheduler } from '../cache/index.js';
import {
  InvalidCursorError,
  inScoreRange,
  rankSlice,
  type HiveBackend,
  type HiveStore,
  type KvCondition,
  type StoreType,
  type ZRange,
} from './hive-store.js';
import {
  HiveLimits,
  checkHiveName,
  checkKey,
  checkStoreType,
  collectionSize,
  fromCollection,
  toCollection,
  toText,
} from './hives.values.js';

type CollectionType = Exclude<StoreType, 'key-value'>;

function collectionType(type: StoreType, what: string): CollectionType {
  if (type === 'key-value')
    throw ApiError.field('BAD_REQUEST', 'storeType', `A key-value store has no ${what}; set the value instead`);
  return type;
}

/** How many items one call may take or sample. */
function checkCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1 || count > HiveLimits.itemsPerRequest)
    throw ApiError.field('BAD_REQUEST', 'count', `count is a whole number from 1 to ${HiveLimits.itemsPerRequest}`);
  return count;
}

/** Up to `count` items picked at random (a partial Fisher–Yates shuffle of a copy). */
function sample<T>(items: T[], count: number): T[] {
  const out = [...items];
  const n = Math.min(count, out.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (out.length - i));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}

/** Hives of applications: validation, JSON (de)serialisation and errors over a `HiveBackend`. */
export class HivesService {
  constructor(
    private readonly backend: HiveBackend,
    private readonly now: () => number,
    private readonly scheduler?: PurgeScheduler,
  ) {}

  /** The store of an app whose hive must exist (404 otherwise). */
  private async open(appId: string, hive: string): Promise<HiveStore> {
    const store = this.backend.forApp(appId);
    if (!(await store.hiveExists(checkHiveName(hive)))) throw ApiError.notFound(`Hive '${hive}' does not exist`);
    return store;
  }

  private missingKey(hive: string, type: StoreType, key: string): ApiError {
    return ApiError.notFound(`Key '${key}' does not exist in the ${type} store of hive '${hive}'`);
  }

  names(appId: string): Promise<string[]> {
    return this.backend.forApp(appId).hiveNames();
  }

  async create(appId: string, hive: string): Promise<{ name: string }> {
    if (!(await this.backend.forApp(appId).createHive(checkHiveName(hive))))
      throw ApiError.conflict(`A hive named '${hive}' already exists`, { name: hive });
    return { name: hive };
  }

  async rename(appId: string, hive: string, newName: string): Promise<{ name: string }> {
    checkHiveName(hive);
    checkHiveName(newName, 'newName');
    if (hive === newName) return { name: newName };
    const result = await this.backend.forApp(appId).renameHive(hive, newName);
    if (result === 'missing') throw ApiError.notFound(`Hive '${hive}' does not exist`);
    if (result === 'taken') throw ApiError.conflict(`A hive named '${newName}' already exists`, { name: newName });
    return { name: newName };
  }

  async delete(appId: string, hive: string): Promise<number> {
    const removed = await this.backend.forApp(appId).deleteHive(checkHiveName(hive));
    if (removed === undefined) throw ApiError.notFound(`Hive '${hive}' does not exist`);
    return removed;
  }

  async keys(
    appId: string,
    hive: string,
    type: string,
    q: { pageSize?: number; cursor?: string; filterPattern?: string },
  ): Promise<HiveKeysPage> {
    const store = await this.open(appId, hive);
    try {
      const page = await store.keys(hive, checkStoreType(type), {
        cursor: q.cursor,
        pageSize: q.pageSize ?? 100,
        match: q.filterPattern,
      });
      return { keys: page.keys, cursorId: page.cursor };
    } catch (err) {
      if (err instanceof InvalidCursorError)
        throw ApiError.field(
          'BAD_REQUEST',
          'cursor',
          'This cursor was not handed out by the keys list; start again without one',
        );
      throw err;
    }
  }

  async keyValues(appId: string, hive: string, keys: string[]): Promise<Record<string, unknown>> {
    const found = await (await this.open(appId, hive)).kvGet(hive, [...new Set(keys.map(checkKey))]);
    return Object.fromEntries([...found].map(([k, v]) => [k, JSON.parse(v)]));
  }

  /** The whole value of one key, in its wire form. */
  async value(appId: string, hive: string, type: string, key: string): Promise<unknown> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    checkKey(key);
    if (t === 'key-value') {
      const found = (await store.kvGet(hive, [key])).get(key);
      if (found === undefined) throw this.missingKey(hive, t, key);
      return JSON.parse(found);
    }
    const c = await store.read(hive, t, key);
    if (!c) throw this.missingKey(hive, t, key);
    return fromCollection(c);
  }

  async range(
    appId: string,
    hive: string,
    key: string,
    start: number,
    stop: number,
    withScores: boolean,
  ): Promise<unknown[]> {
    const items = await (await this.open(appId, hive)).zRange(hive, checkKey(key), start, stop);
    return items.map(([score, member]) => (withScores ? [score, JSON.parse(member)] : JSON.parse(member)));
  }

  /** Replaces the value of a key; the expiry stays. An empty collection deletes the key. */
  async set(appId: string, hive: string, type: string, key: string, value: unknown): Promise<void> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    checkKey(key);
    if (t === 'key-value') return store.kvSet(hive, key, toText(value, HiveLimits.valueBytes, 'key-value value'));
    const c = toCollection(t, value, false);
    await store.replace(hive, key, c);
  }

  /** Adds to a collection; the body is an array of items or `{value}`. */
  async add(appId: string, hive: string, type: string, key: string, body: unknown): Promise<number> {
    const store = await this.open(appId, hive);
    const t = collectionType(checkStoreType(type), 'add');
    checkKey(key);
    const value = Array.isArray(body) ? body : (body as { value?: unknown } | undefined)?.value;
    const c = toCollection(t, value, true);
    const n = collectionSize(c);
    if (n === 0) throw ApiError.field('BAD_REQUEST', 'value', 'Nothing to add: send at least one item');
    if ((await store.size(hive, t, key)) + n > HiveLimits.itemsPerKey)
      throw ApiError.tooLarge(`A ${t} key holds at most ${HiveLimits.itemsPerKey} items`);
    return store.add(hive, key, c);
  }

  async removeKeys(appId: string, hive: string, type: string, keys: string[]): Promise<number> {
    const store = await this.open(appId, hive);
    return store.deleteKeys(hive, checkStoreType(type), [...new Set(keys.map(checkKey))]);
  }

  /** Removes list values (every occurrence), set/sorted-set members or map fields. */
  async removeValues(appId: string, hive: string, type: string, key: string, values: unknown[]): Promise<number> {
    const store = await this.open(appId, hive);
    const t = collectionType(checkStoreType(type), 'values to remove');
    checkKey(key);
    const members = values.map((v) => {
      if (t !== 'map') return toText(v, t === 'list' ? HiveLimits.itemBytes : HiveLimits.memberBytes, `${t} item`);
      if (typeof v !== 'string')
        throw ApiError.field('BAD_REQUEST', 'values', 'Remove map fields by their names (strings)');
      return v;
    });
    return store.removeMembers(hive, t, key, [...new Set(members)]);
  }

  /** Sets an absolute expiry in epoch ms (in the future). */
  async expireAt(appId: string, hive: string, type: string, key: string, epochMs: number): Promise<void> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    checkKey(key);
    if (!Number.isSafeInteger(epochMs) || epochMs <= this.now())
      throw ApiError.field('BAD_REQUEST', 'unixTime', 'The expiry must be in the future');
    if (!(await store.expireAt(hive, t, key, epochMs))) throw this.missingKey(hive, t, key);
    this.scheduler?.track(appId);
  }

  expireIn(appId: string, hive: string, type: string, key: string, ttlSeconds: number): Promise<void> {
    return this.expireAt(appId, hive, type, key, this.now() + ttlSeconds * 1000);
  }

  /** `unixTime` in seconds; a value above 10^11 (year 5138 in seconds) is taken as milliseconds. */
  expireAtUnix(appId: string, hive: string, type: string, key: string, unixTime: number): Promise<void> {
    return this.expireAt(appId, hive, type, key, unixTime > 1e11 ? unixTime : unixTime * 1000);
  }

  async clearExpiration(appId: string, hive: string, type: string, key: string): Promise<void> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    if (!(await store.persist(hive, t, checkKey(key)))) throw this.missingKey(hive, t, key);
  }

  /** Seconds left; -1 = never expires, -2 = no such key (Redis conventions). */
  async ttl(appId: string, hive: string, type: string, key: string): Promise<number> {
    const ms = await (await this.open(appId, hive)).ttlMs(hive, checkStoreType(type), checkKey(key));
    return ms < 0 ? ms : Math.round(ms / 1000);
  }

  async secondsSinceLastOperation(appId: string, hive: string, type: string, key: string): Promise<number> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    const idle = await store.idleSeconds(hive, t, checkKey(key));
    if (idle === undefined) throw this.missingKey(hive, t, key);
    return idle;
  }

  async listAppend(appId: string, hive: string, key: string, items: unknown[]): Promise<number> {
    return this.add(appId, hive, 'list', key, items);
  }

  async listDeleteValue(appId: string, hive: string, key: string, value: unknown, count = 0): Promise<number> {
    const store = await this.open(appId, hive);
    return store.listRemove(hive, checkKey(key), toText(value, HiveLimits.itemBytes, 'list item'), count);
  }

  async listSetAt(appId: string, hive: string, key: string, index: string, value: unknown): Promise<void> {
    const store = await this.open(appId, hive);
    checkKey(key);
    if (!/^-?\d{1,6}$/.test(index))
      throw ApiError.field('BAD_REQUEST', 'index', `A list index is a whole number, got '${index.slice(0, 40)}'`);
    const result = await store.listSet(hive, key, Number(index), toText(value, HiveLimits.itemBytes, 'list item'));
    if (result === 'missing') throw this.missingKey(hive, 'list', key);
    if (result === 'out-of-range')
      throw ApiError.field('BAD_REQUEST', 'index', `Index ${index} is outside the list '${key}'`);
  }

  /** Keys (of a list given by an app) that exist in a store: how many. */
  async existing(appId: string, hive: string, type: string, keys: string[]): Promise<number> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    const unique = [...new Set(keys.map(checkKey))];
    if (unique.length > HiveLimits.itemsPerRequest)
      throw ApiError.tooLarge(`At most ${HiveLimits.itemsPerRequest} keys a request`);
    return store.countExisting(hive, t, unique);
  }

  async touch(appId: string, hive: string, type: string, keys: string[]): Promise<number> {
    const store = await this.open(appId, hive);
    return store.touchKeys(hive, checkStoreType(type), [...new Set(keys.map(checkKey))]);
  }

  async renameKey(
    appId: string,
    hive: string,
    type: string,
    key: string,
    newKey: string,
    overwrite: boolean,
  ): Promise<void> {
    const store = await this.open(appId, hive);
    const t = checkStoreType(type);
    checkKey(key);
    if (typeof newKey !== 'string') throw ApiError.field('BAD_REQUEST', 'newKey', "Name the new key in 'newKey'");
    checkKey(newKey);
    const result = await store.renameKey(hive, t, key, newKey, overwrite);
    if (result === 'missing') throw this.missingKey(hive, t, key);
    if (result === 'taken')
      throw ApiError.field('CONFLICT', 'newKey', `Key '${newKey}' already exists in the ${t} store of hive '${hive}'`);
  }

  /**
   * The SDK's key-value `set(key, value, {ttl, expireAt, condition})`: answers whether it was
   * written (a condition may say no). `ttl` in seconds or `expireAt` in epoch ms (or seconds).
   */
  async kvSetWith(
    appId: string,
    hive: string,
    key: string,
    input: { value?: unknown; ttl?: unknown; expireAt?: unknown; condition?: unknown },
  ): Promise<boolean> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const text = toText(input.value, HiveLimits.valueBytes, 'key-value value');
    const condition = (input.condition ?? 'Always') as KvCondition;
    if (!['Always', 'IfExists', 'IfNotExists'].includes(condition))
      throw ApiError.field('BAD_REQUEST', 'condition', "condition is one of 'Always', 'IfExists', 'IfNotExists'");
    let expireAt: number | undefined;
    if (input.ttl !== undefined && input.ttl !== null) {
      if (typeof input.ttl !== 'number' || !(input.ttl > 0) || input.ttl > 10 * 365 * 24 * 3600)
        throw ApiError.field('BAD_REQUEST', 'ttl', 'ttl is a number of seconds above 0');
      expireAt = this.now() + Math.round(input.ttl * 1000);
    } else if (input.expireAt !== undefined && input.expireAt !== null) {
      const at =
        typeof input.expireAt === 'number' && Number.isSafeInteger(input.expireAt)
          ? input.expireAt > 1e11
            ? input.expireAt
            : input.expireAt * 1000
          : NaN;
      if (!(at > this.now()))
        throw ApiError.field(
          'BAD_REQUEST',
          'expireAt',
          'expireAt must be a time in the future (epoch seconds or milliseconds)',
        );
      expireAt = at;
    }
    const written = await store.kvSetIf(hive, key, text, condition, expireAt);
    if (written && expireAt !== undefined) this.scheduler?.track(appId);
    return written;
  }

  /** Sets several key-value keys at once (each keeps its expiry). */
  async kvSetMany(appId: string, hive: string, values: unknown): Promise<void> {
    if (!values || typeof values !== 'object' || Array.isArray(values))
      throw ApiError.field('BAD_REQUEST', 'values', 'Send the keys and values as one JSON object');
    const entries = Object.entries(values as Record<string, unknown>);
    if (!entries.length) throw ApiError.field('BAD_REQUEST', 'values', 'Nothing to set: send at least one key');
    if (entries.length > HiveLimits.itemsPerRequest)
      throw ApiError.tooLarge(`At most ${HiveLimits.itemsPerRequest} keys a request`);
    const texts = entries.map(
      ([key, value]) => [checkKey(key), toText(value, HiveLimits.valueBytes, 'key-value value')] as const,
    );
    const store = await this.open(appId, hive);
    for (const [key, text] of texts) await store.kvSet(hive, key, text);
  }

  /** Adds to a number value (a missing key starts at 0); 400 when the value is not a number. */
  async kvIncrement(appId: string, hive: string, key: string, delta: number): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    if (!Number.isFinite(delta)) throw ApiError.field('BAD_REQUEST', 'value', 'value must be a number');
    const result = await store.kvIncrement(hive, key, delta);
    if (result === 'not-a-number')
      throw ApiError.field('BAD_REQUEST', 'key', `The value of key '${key}' is not a number`);
    return result;
  }

  /** The value of a key-value key, or null when there is none (the SDK's `get`). */
  async kvValueOrNull(appId: string, hive: string, key: string): Promise<unknown> {
    const found = (await (await this.open(appId, hive)).kvGet(hive, [checkKey(key)])).get(key);
    return found === undefined ? null : JSON.parse(found);
  }

  /** A map's fields and values, all of them or those named (the SDK's `get(keys?)`); {} when there is no such map. */
  async mapRead(appId: string, hive: string, key: string, fields: string[] = []): Promise<Record<string, unknown>> {
    const c = await (await this.open(appId, hive)).read(hive, 'map', checkKey(key));
    const all = c ? (fromCollection(c) as Record<string, unknown>) : {};
    if (!fields.length) return all;
    return Object.fromEntries(
      fields.filter((f) => Object.prototype.hasOwnProperty.call(all, f)).map((f) => [f, all[f]]),
    );
  }

  /** Sets one map field only when the map lacks it (the SDK's `setWithOverwrite(k, v, false)`). */
  async mapSetIfAbsent(appId: string, hive: string, key: string, field: string, value: unknown): Promise<boolean> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const c = toCollection('map', { [field]: value }, false);
    if (c.type !== 'map' || c.entries.length !== 1)
      throw ApiError.field('BAD_REQUEST', 'value', 'Send one field and its value');
    if ((await store.size(hive, 'map', key)) + 1 > HiveLimits.itemsPerKey)
      throw ApiError.tooLarge(`A map key holds at most ${HiveLimits.itemsPerKey} items`);
    return store.mapSetIfAbsent(hive, key, c.entries[0][0], c.entries[0][1]);
  }

  /** Adds to a number map field (a missing field starts at 0); 400 when it holds something else. */
  async mapIncrement(appId: string, hive: string, key: string, field: string, delta: number): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    if (typeof field !== 'string' || !field || Buffer.byteLength(field) > HiveLimits.memberBytes)
      throw ApiError.field('BAD_REQUEST', 'field', `A map field has 1 to ${HiveLimits.memberBytes} bytes`);
    if (!Number.isFinite(delta)) throw ApiError.field('BAD_REQUEST', 'count', 'count must be a number');
    const result = await store.mapIncrement(hive, key, field, delta);
    if (result === 'not-a-number')
      throw ApiError.field('BAD_REQUEST', 'field', `Field '${field}' of map '${key}' is not a number`);
    return result;
  }

  /** Items in a collection key (0 when there is none). */
  async size(appId: string, hive: string, type: 'set' | 'list' | 'map' | 'sorted-set', key: string): Promise<number> {
    return (await this.open(appId, hive)).size(hive, type, checkKey(key));
  }

  /** A set's or list's items in wire form; [] when there is no such key. */
  async items(appId: string, hive: string, type: 'set' | 'list', key: string): Promise<unknown[]> {
    const c = await (await this.open(appId, hive)).read(hive, type, checkKey(key));
    return c ? (fromCollection(c) as unknown[]) : [];
  }

  /** Up to `count` random members of a set, left in place. */
  async setRandom(appId: string, hive: string, key: string, count: number): Promise<unknown[]> {
    return sample(await this.items(appId, hive, 'set', key), checkCount(count));
  }

  /** Up to `count` random members taken out of a set. */
  async setPop(appId: string, hive: string, key: string, count: number): Promise<unknown[]> {
    const store = await this.open(appId, hive);
    return (await store.setPop(hive, checkKey(key), checkCount(count))).map((m) => JSON.parse(m));
  }

  /** For each value, whether the set holds it. */
  async setContains(appId: string, hive: string, key: string, values: unknown[]): Promise<boolean[]> {
    const c = await (await this.open(appId, hive)).read(hive, 'set', checkKey(key));
    const members = new Set(c && c.type === 'set' ? c.items : []);
    return values.map((v) => members.has(toText(v, HiveLimits.memberBytes, 'set item')));
  }

  /** Difference, intersection or union of sets (or sorted sets' members), in wire form. */
  async setAlgebra(
    appId: string,
    hive: string,
    type: 'set' | 'sorted-set',
    op: 'difference' | 'intersection' | 'union',
    keys: string[],
  ): Promise<unknown[]> {
    const store = await this.open(appId, hive);
    if (!keys.length) throw ApiError.field('BAD_REQUEST', 'keys', 'Name at least one key');
    if (keys.length > 100) throw ApiError.tooLarge('At most 100 keys in one set operation');
    const sets: Array<Set<string>> = [];
    for (const key of keys) {
      const c = await store.read(hive, type, checkKey(key));
      sets.push(
        new Set(!c ? [] : c.type === 'sorted-set' ? c.items.map(([, m]) => m) : c.type === 'set' ? c.items : []),
      );
    }
    const [first, ...others] = sets;
    let out: string[];
    if (op === 'union') out = [...new Set(sets.flatMap((x) => [...x]))];
    else if (op === 'intersection') out = [...first].filter((m) => others.every((o) => o.has(m)));
    else out = [...first].filter((m) => others.every((o) => !o.has(m)));
    return out.map((m) => JSON.parse(m));
  }

  /** Pushes values to a list's head (the last one ends first); the new length. */
  async listAddFirst(appId: string, hive: string, key: string, values: unknown[]): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const c = toCollection('list', values, true);
    if (c.type !== 'list' || !c.items.length)
      throw ApiError.field('BAD_REQUEST', 'value', 'Nothing to add: send at least one item');
    if ((await store.size(hive, 'list', key)) + c.items.length > HiveLimits.itemsPerKey)
      throw ApiError.tooLarge(`A list key holds at most ${HiveLimits.itemsPerKey} items`);
    return store.listPushFront(hive, key, c.items);
  }

  /** Up to `count` items taken off the head or the tail of a list. */
  async listPop(appId: string, hive: string, key: string, end: 'first' | 'last', count: number): Promise<unknown[]> {
    const store = await this.open(appId, hive);
    return (await store.listPop(hive, checkKey(key), end, checkCount(count))).map((v) => JSON.parse(v));
  }

  /** Inserts before or after the first occurrence of `anchorValue`: the new length, -1 without the anchor, 0 without the list. */
  async listInsert(
    appId: string,
    hive: string,
    key: string,
    where: 'before' | 'after',
    body: unknown,
  ): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const b = (body ?? {}) as { valueToInsert?: unknown; anchorValue?: unknown };
    const value = toText(b.valueToInsert, HiveLimits.itemBytes, 'list item');
    const anchor = toText(b.anchorValue, HiveLimits.itemBytes, 'anchor value');
    if ((await store.size(hive, 'list', key)) + 1 > HiveLimits.itemsPerKey)
      throw ApiError.tooLarge(`A list key holds at most ${HiveLimits.itemsPerKey} items`);
    return store.listInsert(hive, key, where, anchor, value);
  }

  /** A sorted set's members by ascending score (then member), as [score, JSON text]; [] when there is none. */
  private async sorted(appId: string, hive: string, key: string): Promise<Array<[number, string]>> {
    const c = await (await this.open(appId, hive)).read(hive, 'sorted-set', checkKey(key));
    return c && c.type === 'sorted-set' ? c.items : [];
  }

  /** The SDK's `add(items, {duplicateBehaviour, scoreUpdateMode, resultType})`. */
  async zAdd(appId: string, hive: string, key: string, body: unknown): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const b = (body ?? {}) as {
      items?: unknown;
      duplicateBehaviour?: unknown;
      scoreUpdateMode?: unknown;
      resultType?: unknown;
    };
    const c = toCollection('sorted-set', b.items, false);
    if (c.type !== 'sorted-set' || !c.items.length)
      throw ApiError.field('BAD_REQUEST', 'items', 'Send items as [[score, value], …]');
    const only =
      b.duplicateBehaviour === undefined
        ? undefined
        : b.duplicateBehaviour === 'OnlyUpdate'
          ? 'existing'
          : b.duplicateBehaviour === 'AlwaysAdd'
            ? 'new'
            : 'bad';
    const when =
      b.scoreUpdateMode === undefined
        ? undefined
        : b.scoreUpdateMode === 'Greater'
          ? 'greater'
          : b.scoreUpdateMode === 'Less'
            ? 'less'
            : 'bad';
    if (only === 'bad')
      throw ApiError.field('BAD_REQUEST', 'duplicateBehaviour', "duplicateBehaviour is 'OnlyUpdate' or 'AlwaysAdd'");
    if (when === 'bad')
      throw ApiError.field('BAD_REQUEST', 'scoreUpdateMode', "scoreUpdateMode is 'Greater' or 'Less'");
    if (only === 'new' && when)
      throw ApiError.field(
        'BAD_REQUEST',
        'scoreUpdateMode',
        'AlwaysAdd never updates a score, so it takes no scoreUpdateMode',
      );
    if (b.resultType !== undefined && b.resultType !== 'NewAdded' && b.resultType !== 'TotalChanged')
      throw ApiError.field('BAD_REQUEST', 'resultType', "resultType is 'NewAdded' or 'TotalChanged'");
    if ((await store.size(hive, 'sorted-set', key)) + c.items.length > HiveLimits.itemsPerKey)
      throw ApiError.tooLarge(`A sorted-set key holds at most ${HiveLimits.itemsPerKey} items`);
    return store.zAdd(hive, key, c.items, { only, when, changed: b.resultType === 'TotalChanged' });
  }

  async zIncrement(appId: string, hive: string, key: string, body: unknown, sign: 1 | -1): Promise<number> {
    const store = await this.open(appId, hive);
    checkKey(key);
    const b = (body ?? {}) as { scoreValue?: unknown; value?: unknown };
    if (typeof b.scoreValue !== 'number' || !Number.isFinite(b.scoreValue))
      throw ApiError.field('BAD_REQUEST', 'scoreValue', 'scoreValue must be a number');
    return store.zIncrement(hive, key, toText(b.value, HiveLimits.memberBytes, 'sorted-set item'), sign * b.scoreValue);
  }

  async zPop(
    appId: string,
    hive: string,
    key: string,
    end: 'max' | 'min',
    count: number,
  ): Promise<Array<[number, unknown]>> {
    const store = await this.open(appId, hive);
    return (await store.zPop(hive, checkKey(key), end, checkCount(count))).map(([score, m]) => [score, JSON.parse(m)]);
  }

  async zRandom(appId: string, hive: string, key: string, count: number, withScores: boolean): Promise<unknown[]> {
    return sample(await this.sorted(appId, hive, key), checkCount(count)).map(([score, m]) =>
      withScores ? [score, JSON.parse(m)] : JSON.parse(m),
    );
  }

  async zScore(appId: string, hive: string, key: string, value: unknown): Promise<number | null> {
    const text = toText(value, HiveLimits.memberBytes, 'sorted-set item');
    return (await this.sorted(appId, hive, key)).find(([, m]) => m === text)?.[0] ?? null;
  }

  async zRank(appId: string, hive: string, key: string, value: unknown, reverse: boolean): Promise<number | null> {
    const text = toText(value, HiveLimits.memberBytes, 'sorted-set item');
    const all = await this.sorted(appId, hive, key);
    const i = all.findIndex(([, m]) => m === text);
    return i < 0 ? null : reverse ? all.length - 1 - i : i;
  }

  /** Members by rank, inclusive, negative from the end; `reverse` ranks from the highest score. */
  async zRangeByRank(
    appId: string,
    hive: string,
    key: string,
    start: number,
    stop: number,
    withScores: boolean,
    reverse: boolean,
  ): Promise<unknown[]> {
    const all = await this.sorted(appId, hive, key);
    if (reverse) all.reverse();
    return rankSlice(all, start, stop).map(([score, m]) => (withScores ? [score, JSON.parse(m)] : JSON.parse(m)));
  }

  /** Members in a score range, then `offset` and `pageSize`; `reverse` from the highest score. */
  async zRangeByScore(
    appId: string,
    hive: string,
    key: string,
    range: Extract<ZRange, { by: 'score' }>,
    page: { offset: number; pageSize: number },
    withScores: boolean,
    reverse: boolean,
  ): Promise<unknown[]> {
    const all = (await this.sorted(appId, hive, key)).filter(([score]) => inScoreRange(score, range));
    if (reverse) all.reverse();
    return all
      .slice(page.offset, page.offset + page.pageSize)
      .map(([score, m]) => (withScores ? [score, JSON.parse(m)] : JSON.parse(m)));
  }

  async zCount(appId: string, hive: string, key: string, range: Extract<ZRange, { by: 'score' }>): Promise<number> {
    return (await this.sorted(appId, hive, key)).filter(([score]) => inScoreRange(score, range)).length;
  }

  async zRemoveRange(appId: string, hive: string, key: string, range: ZRange): Promise<number> {
    return (await this.open(appId, hive)).zRemoveRange(hive, checkKey(key), range);
  }

  /** Deletes expired keys of an app for good (SQL backend; Redis expires by itself). */
  purgeExpired(appId: string): Promise<number> {
    return this.backend.forApp(appId).purgeExpired();
  }

  /** The app was deleted: its purges stop and its hives go (the Redis keys; SQL tables go with the store). */
  dropApp(appId: string): Promise<void> {
    this.scheduler?.forget(appId);
    return this.backend.dropApp(appId);
  }

  /** The server closes: the purge timer stops and the backend lets its connection go. */
  async close(): Promise<void> {
    this.scheduler?.stop();
    await this.backend.close();
  }
}
