import { Routes, type BodyOf, type CounterItem, type CountersQuery, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.counters;

export type { CountersQuery };

// Counter names are free text (spaces, `?`, `#` ...), so they travel as one encoded segment.
const seg = (name: string) => encodeURIComponent(name);

/** Atomic counters (`counters` group of the reference client). */
export function createCountersGroup({ request }: GroupContext) {
  return {
    /** A page of counters matching `params.pattern` (default `*`): `{data, totalRows}`. */
    get(appId: string, params: CountersQuery = {}): Promise<ResponseOf<typeof r.get>> {
      const { pageSize, offset, sortField, sortDir, pattern = '*' } = params;
      return request.route(r.get, [appId], { query: { pageSize, offset, sortField, sortDir, pattern } });
    },

    /** Names of the counters matching a glob (default `*`), sorted. */
    listNames(appId: string, pattern = '*'): Promise<ResponseOf<typeof r.listNames>> {
      return request.route(r.listNames, [appId, seg(pattern)]);
    },

    /** The named counters that exist. */
    listCounters(appId: string, names: BodyOf<typeof r.listCounters>): Promise<ResponseOf<typeof r.listCounters>> {
      return request.route(r.listCounters, [appId], { body: names });
    },

    /** Creates a counter (409 when the name is taken); the answer's `objectId` is the name. */
    async create(appId: string, name: string, value?: number): Promise<CounterItem> {
      const created = await request.route(r.create, [appId, seg(name)], { body: { value } });
      return { ...created, objectId: name };
    },

    /** Compare-and-set: refused with 409 when the counter no longer holds `currentValue`. */
    update(appId: string, name: string, currentValue: number, newValue: number): Promise<ResponseOf<typeof r.update>> {
      return request.route(r.update, [appId, seg(name)], { body: { currentValue, newValue } });
    },

    /** Deletes a counter. */
    remove(appId: string, name: string): Promise<ResponseOf<typeof r.remove>> {
      return request.route(r.remove, [appId, seg(name)]);
    },
  };
}

/** The `counters` group's methods. */
export type CountersGroup = ReturnType<typeof createCountersGroup>;
