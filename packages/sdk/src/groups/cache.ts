import { Routes, type BodyOf, type QueryInputOf, type QueryOf, type ResponseOf } from '@basalt/shared';
import type { DataWithTotal } from '../transport/transport.js';
import type { GroupContext } from './group-context.js';

const r = Routes.cache;

/** One cache item as a grid row: `value` is text (non-string values JSON-encoded). */
export interface CacheRow {
  objectId: string;
  key: string;
  value: string;
  expireAt: number | null;
}

/** Paging of `cache.get`; the wire key is lower-case `pagesize`, `pageSize` is read as well. */
export type CacheQuery = QueryInputOf<typeof r.get> & { pageSize?: QueryInputOf<typeof r.get>['pagesize'] };

/** An item to store: the key is `key`, else `objectId`; the value is the body, the expiry goes in the query. */
export interface CacheRecord {
  key?: string;
  objectId?: string;
  value: BodyOf<typeof r.update>;
  /** Epoch milliseconds; absent or null = never expires. */
  expireAt?: QueryOf<typeof r.update>['expireAt'] | null;
}

const seg = (key: string) => encodeURIComponent(key);

/** The application cache (`cache` group of the reference client). */
export function createCacheGroup({ request }: GroupContext) {
  return {
    /** A page of items and the total, as rows `{objectId, key, value, expireAt}`. */
    async get(appId: string, params: CacheQuery = {}): Promise<DataWithTotal<CacheRow[]>> {
      const query = { pagesize: params.pagesize ?? params.pageSize, offset: params.offset };
      const [map, totalRows] = await Promise.all([
        request.route(r.get, [appId], { query }),
        request.route(r.count, [appId]),
      ]);
      const data = Object.entries(map ?? {}).map(([key, entry]) => ({
        objectId: key,
        key,
        value: typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value),
        expireAt: entry.expireAt ?? null,
      }));
      return { data, totalRows };
    },

    /** Number of live items. */
    count(appId: string): Promise<number> {
      return request.route(r.count, [appId]);
    },

    /** Stores an item: the value is sent as JSON text, the expiry (epoch ms) in the query. */
    update(appId: string, record: CacheRecord): Promise<ResponseOf<typeof r.update>> {
      const key = record.key ?? record.objectId ?? '';
      const expireAt = record.expireAt ?? undefined;
      return request.route(r.update, [appId, key && seg(key)], {
        query: { expireAt },
        body: JSON.stringify(record.value),
        contentType: 'application/json',
      });
    },

    /** Deletes an item. */
    remove(appId: string, key: string): Promise<ResponseOf<typeof r.remove>> {
      return request.route(r.remove, [appId, seg(key)]);
    },
  };
}

/** The `cache` group's methods. */
export type CacheGroup = ReturnType<typeof createCacheGroup>;
