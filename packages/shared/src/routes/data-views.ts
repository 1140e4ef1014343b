import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';
import { DataNameSchema, DataRecordSchema, RecordQueryBody } from './tables.js';

const Open = { additionalProperties: true } as const;

/**
 * A data view: a saved, named selection over one table (its columns, filter and order). `tableName`
 * names the source table (`table` is accepted too); `columns` lists the columns shown, empty = all.
 */
const ViewBody = Type.Object(
  {
    name: DataNameSchema,
    tableName: Type.Optional(DataNameSchema),
    table: Type.Optional(DataNameSchema),
    columns: Type.Optional(
      Type.Array(
        Type.Union([Type.String({ maxLength: 500 }), Type.Object({ name: Type.String({ maxLength: 500 }) }, Open)]),
        { maxItems: 500 },
      ),
    ),
    where: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
    sortBy: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 2000 }),
        Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 }),
        Type.Null(),
      ]),
    ),
    groupBy: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 2000 }),
        Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }),
        Type.Null(),
      ]),
    ),
  },
  Open,
);

const GroupingBody = Type.Intersect([
  RecordQueryBody,
  Type.Object(
    {
      groupPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
      recordsPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
      groupDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
      relationsPageSize: Type.Optional(Type.Integer({ minimum: 0 })),
      groupPath: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 10 })),
    },
    Open,
  ),
]);

/** A data view as the server answers it. */
export const DataViewSchema = Type.Object({
  viewId: Type.String(),
  name: Type.String(),
  /** Empty when the source table is gone. */
  tableName: Type.String(),
  tableId: Type.String(),
  columns: Type.Array(Type.String()),
  where: NullableSchema(Type.String()),
  sortBy: Type.Array(Type.String()),
  groupBy: Type.Array(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type DataView = Static<typeof DataViewSchema>;

/** One page of groups at a level of a grouped view, each with its count and first records. */
export const ViewGroupsSchema = Type.Object({
  groupBy: Type.String(),
  groups: Type.Array(
    Type.Object({ value: Type.Unknown(), count: Type.Integer(), records: Type.Array(DataRecordSchema) }),
  ),
});
export type ViewGroups = Static<typeof ViewGroupsSchema>;

const Records = Type.Array(DataRecordSchema);

const base = '/:appId/console/data';

/**
 * Data views (`dataViews` group). `loadRecords`, `getRecordsCount` and `getRecordsCounts` use the
 * same paths as the table routes: the server serves a view name wherever a table name is accepted.
 */
export const dataViewsRoutes = {
  getViews: defineRoute({
    name: 'dataViews.getViews',
    method: 'GET',
    path: `${base}/table-views`,
    auth: 'developer',
    response: Type.Array(DataViewSchema),
  }),
  getViewRecords: defineRoute({
    name: 'dataViews.getViewRecords',
    method: 'GET',
    path: `${base}/table-views/:viewName`,
    auth: 'developer',
    query: RecordQueryBody,
    response: Records,
    summary: "A page of the view's records (record-query keys in the query string)",
  }),
  createView: defineRoute({
    name: 'dataViews.createView',
    method: 'POST',
    path: `${base}/table-views`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    body: ViewBody,
    response: DataViewSchema,
  }),
  updateView: defineRoute({
    name: 'dataViews.updateView',
    method: 'PUT',
    path: `${base}/table-views/:viewId`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    body: Type.Partial(ViewBody),
    response: DataViewSchema,
  }),
  renameView: defineRoute({
    name: 'dataViews.renameView',
    method: 'PUT',
    path: `${base}/table-views/:viewId/name`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    body: Type.Object({ name: DataNameSchema }, Open),
    response: DataViewSchema,
  }),
  deleteView: defineRoute({
    name: 'dataViews.deleteView',
    method: 'DELETE',
    path: `${base}/table-views/:viewId`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    response: SuccessSchema,
  }),
  loadRecords: defineRoute({
    name: 'dataViews.loadRecords',
    method: 'POST',
    path: `${base}/:viewName/find`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Records,
  }),
  getRecordsCount: defineRoute({
    name: 'dataViews.getRecordsCount',
    method: 'POST',
    path: `${base}/:viewName/count`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Type.Integer(),
  }),
  getRecordsCounts: defineRoute({
    name: 'dataViews.getRecordsCounts',
    method: 'POST',
    path: `${base}/tables-counters`,
    auth: 'developer',
    response: Type.Record(Type.String(), Type.Integer()),
  }),
  loadGroupRecords: defineRoute({
    name: 'dataViews.loadGroupRecords',
    method: 'POST',
    path: `${base}/data-grouping/:viewName`,
    auth: 'developer',
    body: GroupingBody,
    response: ViewGroupsSchema,
  }),
  getGroupRecordsCount: defineRoute({
    name: 'dataViews.getGroupRecordsCount',
    method: 'POST',
    path: `${base}/data-grouping/:viewName/count`,
    auth: 'developer',
    body: Type.Object(
      {
        groupPath: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 10 })),
        where: Type.Optional(Type.String({ maxLength: 20000 })),
        distinct: Type.Optional(Type.Boolean()),
        groupBy: Type.Optional(
          Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })]),
        ),
      },
      Open,
    ),
    response: Type.Integer(),
  }),
  loadSampleRecords: defineRoute({
    name: 'dataViews.loadSampleRecords',
    method: 'POST',
    path: `${base}/table-pre-view/:tableName/find`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Records,
  }),
};
