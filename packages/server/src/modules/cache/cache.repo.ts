import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface CacheRow {
  key: string;
  value: string;
  expire_at: number | null;
  updated: number;
}

interface CacheDB {
  _cache_items: CacheRow;
}

/** SQL of cache items. Every read takes `now` and hides what expired before it. */
export class CacheRepo {
  constructor(private readonly dbs: Databases) {}

  private db(appId: string): Kysely<CacheDB> {
    return this.dbs.app(appId) as Kysely<CacheDB>;
  }

  private live(appId: string, now: number) {
    return this.db(appId)
      .selectFrom('_cache_items')
      .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', now)]));
  }

  page(appId: string, now: number, limit: number, offset: number): Promise<CacheRow[]> {
    return this.live(appId, now).selectAll().orderBy('key').limit(limit).offset(offset).execute();
  }

  async count(appId: string, now: number): Promise<number> {
    const row = await this.live(appId, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  get(appId: string, key: string, now: number): Promise<CacheRow | undefined> {
    return this.live(appId, now).selectAll().where('key', '=', key).executeTakeFirst();
  }

  async put(appId: string, row: CacheRow): Promise<void> {
    await this.db(appId)
      .insertInto('_cache_items')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: row.value, expire_at: row.expire_at, updated: row.updated }),
      )
      .execute();
  }

  /** Changes the expiry of a live item; false when there is none. */
  async setExpiry(appId: string, key: string, expireAt: number | null, now: number): Promise<boolean> {
    const res = await this.db(appId)
      .updateTable('_cache_items')
      .set({ expire_at: expireAt, updated: now })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', now)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Deletes an item; answers whether a live one was there (an expired one goes silently). */
  async delete(appId: string, key: string, now: number): Promise<boolean> {
    const res = await this.db(appId)
      .deleteFrom('_cache_items')
      .where('key', '=', key)
      .returning('expire_at')
      .executeTakeFirst();
    return !!res && (res.expire_at === null || Number(res.expire_at) > now);
  }

  async purgeExpired(appId: string, now: number): Promise<number> {
    const res = await this.db(appId).deleteFrom('_cache_items').where('expire_at', '<=', now).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
