import type { CacheEntry } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { hasControlCharacters } from '../counters/index.js';
import { CacheRepo } from './cache.repo.js';
import type { PurgeScheduler } from './purge-scheduler.js';

/** Largest JSON text of one cached value. */
export const MAX_CACHE_VALUE_BYTES = 1024 * 1024;
const MAX_KEY_LENGTH = 255;

function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw ApiError.field('BAD_REQUEST', 'key', `A cache key has 1 to ${MAX_KEY_LENGTH} characters`);
  if (hasControlCharacters(key))
    throw ApiError.field('BAD_REQUEST', 'key', 'A cache key cannot contain control characters');
  return key;
}

function parse(text: string): unknown {
  return JSON.parse(text);
}

/** Cache items of an application: key, JSON value, optional expiry (epoch ms). */
export class CacheService {
  private readonly repo: CacheRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly scheduler?: PurgeScheduler,
  ) {
    this.repo = new CacheRepo(ctx.dbs);
  }

  private now(): number {
    return this.ctx.dbs.now();
  }

  /** A page of live items sorted by key, as the map `{key: {value, expireAt}}` the console reads. */
  async list(appId: string, pagesize = 100, offset = 0): Promise<Record<string, CacheEntry>> {
    const rows = await this.repo.page(appId, this.now(), Math.min(pagesize, 100), offset);
    const out: Record<string, CacheEntry> = {};
    for (const row of rows)
      out[row.key] = { value: parse(row.value), expireAt: row.expire_at === null ? null : Number(row.expire_at) };
    return out;
  }

  count(appId: string): Promise<number> {
    return this.repo.count(appId, this.now());
  }

  /** Stores a value (any JSON); `expireAt` epoch ms in the future, or undefined to keep it forever. */
  async put(
    appId: string,
    key: string,
    value: unknown,
    expireAt?: number,
  ): Promise<{ key: string; value: unknown; expireAt: number | null }> {
    checkKey(key);
    if (value === undefined)
      throw ApiError.field('BAD_REQUEST', 'value', 'Send the value as the JSON body of the request');
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text) > MAX_CACHE_VALUE_BYTES)
      throw ApiError.tooLarge(`A cached value holds at most ${MAX_CACHE_VALUE_BYTES} bytes of JSON`);
    const now = this.now();
    if (expireAt !== undefined && (!Number.isSafeInteger(expireAt) || expireAt <= now))
      throw ApiError.field('BAD_REQUEST', 'expireAt', 'expireAt must be a time in the future (epoch milliseconds)');
    await this.repo.put(appId, { key, value: text, expire_at: expireAt ?? null, updated: now });
    if (expireAt !== undefined) this.scheduler?.track(appId);
    return { key, value, expireAt: expireAt ?? null };
  }

  /** The value of a live item, or undefined. */
  async get(appId: string, key: string): Promise<unknown> {
    const row = await this.repo.get(appId, checkKey(key), this.now());
    return row ? parse(row.value) : undefined;
  }

  async contains(appId: string, key: string): Promise<boolean> {
    return (await this.repo.get(appId, checkKey(key), this.now())) !== undefined;
  }

  /** Sets (epoch ms) or clears (null) the expiry of a live item; 404 when there is none. */
  async expireAt(appId: string, key: string, expireAt: number | null): Promise<void> {
    checkKey(key);
    const now = this.now();
    if (expireAt !== null && (!Number.isSafeInteger(expireAt) || expireAt <= now))
      throw ApiError.field('BAD_REQUEST', 'expireAt', 'The expiry must be a time in the future (epoch milliseconds)');
    if (!(await this.repo.setExpiry(appId, key, expireAt, now)))
      throw ApiError.notFound(`Cache item '${key}' does not exist`);
    if (expireAt !== null) this.scheduler?.track(appId);
  }

  async remove(appId: string, key: string): Promise<void> {
    if (!(await this.repo.delete(appId, checkKey(key), this.now())))
      throw ApiError.notFound(`Cache item '${key}' does not exist`);
  }

  /** Deletes expired items for good; answers how many. */
  purgeExpired(appId: string): Promise<number> {
    return this.repo.purgeExpired(appId, this.now());
  }

  /** The app was deleted: nothing of it is left to purge. */
  forgetApp(appId: string): void {
    this.scheduler?.forget(appId);
  }

  /** The server closes: the purge timer stops. */
  close(): void {
    this.scheduler?.stop();
  }
}
