import { Routes, type BodyOf, type DataView, type Open, type ResponseOf } from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import type { GroupContext } from './group-context.js';
import { recordsFindBody, type RecordsQuery, type SearchTable } from './tables-query.js';

const r = Routes.dataViews;

/** A view as methods take it: its name (the data routes address it by name) and id (cache tags). */
export type ViewRef = Pick<DataView, 'name'> & Partial<Pick<DataView, 'viewId'>>;

/** A view to create or update (an update may carry the view as `getViews` answered it). */
export type ViewInput = Open<BodyOf<typeof r.createView>> & Partial<Pick<DataView, 'viewId'>>;

/** Query of view records: the record-query keys without search translation (`where` is a where condition). */
export type ViewQuery = Pick<
  BodyOf<typeof r.loadRecords>,
  'offset' | 'pageSize' | 'where' | 'distinct' | 'props' | 'excludeProps' | 'property' | 'loadRelations' | 'sortBy'
>;

/** Query of grouped view records. */
export type ViewGroupQuery = BodyOf<typeof r.loadGroupRecords>;

const seg = (name: string) => encodeURIComponent(name);
const VIEW_KEYS = ['where', 'distinct', 'props', 'excludeProps', 'property', 'loadRelations'] as const;

/** The listed keys of `query` whose value is truthy, in that order. */
function pick(query: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (query as Record<string, unknown>)[key];
    if (value) out[key] = value;
  }
  return out;
}

/** Data views (`dataViews` group of the reference client). */
export function createDataViewsGroup({ request }: GroupContext) {
  const tag = (view: ViewRef, of: (id: string) => string | RegExp) => (view.viewId ? [of(view.viewId)] : []);
  return {
    /** The app's views. */
    getViews(appId: string): Promise<ResponseOf<typeof r.getViews>> {
      return request.route(r.getViews, [appId]);
    },

    /** The first page of a view's records. */
    getViewRecords(appId: string, viewName: string): Promise<ResponseOf<typeof r.getViewRecords>> {
      return request.route(r.getViewRecords, [appId, seg(viewName)]);
    },

    /** Creates a view. */
    createView(appId: string, view: ViewInput): Promise<ResponseOf<typeof r.createView>> {
      return request.route(r.createView, [appId], { body: view });
    },

    /** Updates a view (`view.viewId` picks it). */
    updateView(appId: string, view: ViewInput): Promise<ResponseOf<typeof r.updateView>> {
      return request.route(r.updateView, [appId, view.viewId && seg(view.viewId)], {
        body: view,
        cacheTags: tag(view as ViewRef, CacheTags.VIEW_DATA),
      });
    },

    /** Renames a view. */
    renameView(appId: string, viewId: string, name: string): Promise<ResponseOf<typeof r.renameView>> {
      return request.route(r.renameView, [appId, seg(viewId)], { body: { name } });
    },

    /** Deletes a view. */
    deleteView(appId: string, viewId: string): Promise<ResponseOf<typeof r.deleteView>> {
      return request.route(r.deleteView, [appId, seg(viewId)], {
        cacheTags: [CacheTags.VIEW_DATA(viewId), CacheTags.VIEW_GROUP_DATA(viewId)],
      });
    },

    /** A page of a view's records (offset 0 and pageSize 15 by default). */
    loadRecords(appId: string, view: ViewRef, query: ViewQuery = {}): Promise<ResponseOf<typeof r.loadRecords>> {
      const body = {
        offset: query.offset ?? 0,
        pageSize: query.pageSize ?? 15,
        ...pick(query, [...VIEW_KEYS, 'sortBy']),
      };
      return request.route(r.loadRecords, [appId, seg(view.name)], { body, cacheTags: tag(view, CacheTags.VIEW_DATA) });
    },

    /**
     * Number of a view's records matching the query, always asked: like `tables.getRecordsCount` it
     * never reads the URL-keyed cache, which could hold an unfiltered count. `resetCache` drops the
     * view's cached data first.
     */
    getRecordsCount(
      appId: string,
      view: ViewRef,
      query: ViewQuery = {},
      resetCache = false,
    ): Promise<ResponseOf<typeof r.getRecordsCount>> {
      return request.route(r.getRecordsCount, [appId, seg(view.name)], {
        body: pick(query, VIEW_KEYS),
        cacheTags: tag(view, CacheTags.VIEW_DATA),
        resetCache,
      });
    },

    /** Record counts of several views. */
    getRecordsCounts(
      appId: string,
      views: Array<string | { name: string }>,
      resetCache?: boolean,
    ): Promise<ResponseOf<typeof r.getRecordsCounts>> {
      return request.route(r.getRecordsCounts, [appId], { body: { tables: views, resetCache } });
    },

    /** Records grouped by the view's groupBy (defaults: pageSize 15, groupPageSize 5, recordsPageSize 5). */
    loadGroupRecords(
      appId: string,
      view: ViewRef,
      query: ViewGroupQuery = {},
    ): Promise<ResponseOf<typeof r.loadGroupRecords>> {
      const body = {
        offset: query.offset ?? 0,
        pageSize: query.pageSize ?? 15,
        groupPageSize: query.groupPageSize ?? 5,
        recordsPageSize: query.recordsPageSize ?? 5,
        ...pick(query, [...VIEW_KEYS, 'sortBy', 'groupDepth', 'relationsPageSize', 'groupPath', 'groupBy']),
      };
      return request.route(r.loadGroupRecords, [appId, seg(view.name)], {
        body,
        cacheTags: tag(view, CacheTags.VIEW_GROUP_DATA),
      });
    },

    /** Number of groups (or records of one group path) of a grouped view. */
    getGroupRecordsCount(
      appId: string,
      view: ViewRef,
      query: Pick<ViewGroupQuery, 'groupPath' | 'where' | 'distinct'> = {},
    ): Promise<ResponseOf<typeof r.getGroupRecordsCount>> {
      return request.route(r.getGroupRecordsCount, [appId, seg(view.name)], {
        body: pick(query, ['groupPath', 'where', 'distinct']),
      });
    },

    /** A preview of a table's records while designing a view (record-query rules, search included). */
    loadSampleRecords(
      appId: string,
      table: SearchTable,
      query: RecordsQuery = {},
    ): Promise<ResponseOf<typeof r.loadSampleRecords>> {
      return request.route(r.loadSampleRecords, [appId, seg(table.name)], { body: recordsFindBody(table, query) });
    },
  };
}

/** The `dataViews` group's methods. */
export type DataViewsGroup = ReturnType<typeof createDataViewsGroup>;
