import { Routes, type CounterItem } from '@basalt/shared';
import type { DataWithTotal } from '../transport/transport.js';
import type { SuccessAnswer } from '../types.js';
import type { GroupContext } from './group-context.js';

const r = Routes.counters;

/** Paging, sorting and name filter of `counters.get`. */
export interface CountersQuery {
  pageSize?: number;
  offset?: number;
  sortField?: 'name' | 'value';
  sortDir?: 'asc' | 'desc' | 'ASC' | 'DESC';
  /** Glob over counter names (`*` any run, `?` one character); `*` when absent. */
  pattern?: string;
}

// Counter names are free text (spaces, `?`, `#` ...), so they travel as one encoded segment.
const seg = (name: string) => encodeURIComponent(name);

/** Atomic counters (`counters` group of the reference client). */
export function createCountersGroup({ request }: GroupContext) {
  return {
    /** A page of counters matching `params.pattern` (default `*`): `{data, totalRows}`. */
    get(appId: string, params: CountersQuery = {}): Promise<DataWithTotal<CounterItem[]>> {
      const { pageSize, offset, sortField, sortDir, pattern = '*' } = params;
      return request.route(r.get, [appId], { query: { pageSize, offset, sortField, sortDir, pattern } });
    },

    /** Names of the counters matching a glob (default `*`), sorted. */
    listNames(appId: string, pattern = '*'): Promise<string[]> {
      return request.route(r.listNames, [appId, seg(pattern)]);
    },

    /** The named counters that exist. */
    listCounters(appId: string, names: string[]): Promise<CounterItem[]> {
      return request.route(r.listCounters, [appId], { body: names });
    },

    /** Creates a counter (409 when the name is taken); the answer's `objectId` is the name. */
    async create(appId: string, name: string, value?: number): Promise<CounterItem> {
      const created = await request.route<CounterItem>(r.create, [appId, seg(name)], { body: { value } });
      return { ...created, objectId: name };
    },

    /** Compare-and-set: refused with 409 when the counter no longer holds `currentValue`. */
    update(appId: string, name: string, currentValue: number, newValue: number): Promise<CounterItem> {
      return request.route(r.update, [appId, seg(name)], { body: { currentValue, newValue } });
    },

    /** Deletes a counter. */
    remove(appId: string, name: string): Promise<SuccessAnswer> {
      return request.route(r.remove, [appId, seg(name)]);
    },
  };
}

/** The `counters` group's methods. */
export type CountersGroup = ReturnType<typeof createCountersGroup>;
