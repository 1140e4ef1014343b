import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { DataNameSchema, RecordQueryBody } from './tables.js';

const Open = { additionalProperties: true } as const;

/**
 * A data view: a saved, named selection over one table (its columns, filter and order). `tableName`
 * names the source table (`table` is accepted too); `columns` lists the columns shown, empty = all.
 */
const ViewBody = Type.Object({
  name: DataNameSchema,
  tableName: Type.Optional(DataNameSchema),
  table: Type.Optional(DataNameSchema),
  columns: Type.Optional(Type.Array(Type.Union([Type.String({ maxLength: 500 }), Type.Object({ name: Type.String({ maxLength: 500 }) }, Open)]), { maxItems: 500 })),
  where: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
  sortBy: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 }), Type.Null()])),
  groupBy: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }), Type.Null()])),
}, Open);

const GroupingBody = Type.Intersect([
  RecordQueryBody,
  Type.Object({
    groupPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
    recordsPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
    groupDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    relationsPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
    groupPath: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 10 })),
  }, Open),
]);

const base = '/:appId/console/data';

/**
 * Data views (`dataViews` group). `loadRecords`, `getRecordsCount` and `getRecordsCounts` use the
 * same paths as the table routes: the server serves a view name wherever a table name is accepted.
 */
export const dataViewsRoutes = {
  getViews: defineRoute({ name: 'dataViews.getViews', method: 'GET', path: `${base}/table-views`, auth: 'developer' }),
  getViewRecords: defineRoute({ name: 'dataViews.getViewRecords', method: 'GET', path: `${base}/table-views/:viewName`, auth: 'developer', summary: 'The view definition and its first page of records' }),
  createView: defineRoute({ name: 'dataViews.createView', method: 'POST', path: `${base}/table-views`, auth: 'developer', devPermission: DevOperations.TABLES, body: ViewBody }),
  updateView: defineRoute({ name: 'dataViews.updateView', method: 'PUT', path: `${base}/table-views/:viewId`, auth: 'developer', devPermission: DevOperations.TABLES, body: Type.Partial(ViewBody) }),
  renameView: defineRoute({ name: 'dataViews.renameView', method: 'PUT', path: `${base}/table-views/:viewId/name`, auth: 'developer', devPermission: DevOperations.TABLES, body: Type.Object({ name: DataNameSchema }, Open) }),
  deleteView: defineRoute({ name: 'dataViews.deleteView', method: 'DELETE', path: `${base}/table-views/:viewId`, auth: 'developer', devPermission: DevOperations.TABLES }),
  loadRecords: defineRoute({ name: 'dataViews.loadRecords', method: 'POST', path: `${base}/:viewName/find`, auth: 'developer', body: RecordQueryBody }),
  getRecordsCount: defineRoute({ name: 'dataViews.getRecordsCount', method: 'POST', path: `${base}/:viewName/count`, auth: 'developer', body: RecordQueryBody }),
  getRecordsCounts: defineRoute({ name: 'dataViews.getRecordsCounts', method: 'POST', path: `${base}/tables-counters`, auth: 'developer' }),
  loadGroupRecords: defineRoute({ name: 'dataViews.loadGroupRecords', method: 'POST', path: `${base}/data-grouping/:viewName`, auth: 'developer', body: GroupingBody }),
  getGroupRecordsCount: defineRoute({
    name: 'dataViews.getGroupRecordsCount', method: 'POST', path: `${base}/data-grouping/:viewName/count`, auth: 'developer',
    body: Type.Object({ groupPath: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 10 })), where: Type.Optional(Type.String({ maxLength: 20000 })), distinct: Type.Optional(Type.Boolean()), groupBy: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })])) }, Open),
  }),
  loadSampleRecords: defineRoute({ name: 'dataViews.loadSampleRecords', method: 'POST', path: `${base}/table-pre-view/:tableName/find`, auth: 'developer', body: RecordQueryBody }),
};

/** A data view as the server answers it. */
export interface DataView {
  viewId: string;
  name: string;
  tableName: string;
  tableId: string;
  columns: string[];
  where: string | null;
  sortBy: string[];
  groupBy: string[];
  created: number;
  updated: number;
}
