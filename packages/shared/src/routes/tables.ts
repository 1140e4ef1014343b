import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { DataTypes } from '../data-types.js';
import { OpenObjectSchema, SuccessSchema } from '../schemas.js';
import { RoleAssignmentSchema } from './security.js';

/** A table or column name as developers type it; the server also refuses reserved names. */
export const DataNameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' });

const Open = { additionalProperties: true } as const;

/** Longest validator a column takes, in characters. */
export const CUSTOM_REGEX_MAX_LENGTH = 1000;

/** A column's validator as the console sends it: a regular expression, or `null` for none. */
const CustomRegexSchema = Type.Union([Type.String({ maxLength: CUSTOM_REGEX_MAX_LENGTH }), Type.Null()]);

const ColumnBody = Type.Object(
  {
    name: DataNameSchema,
    dataType: Type.Optional(Type.Union(DataTypes.map((t) => Type.Literal(t)))),
    required: Type.Optional(Type.Boolean()),
    unique: Type.Optional(Type.Boolean()),
    indexed: Type.Optional(Type.Boolean()),
    defaultValue: Type.Optional(Type.Unknown()),
    customRegex: Type.Optional(CustomRegexSchema),
  },
  Open,
);

const RelationBody = Type.Object(
  {
    name: DataNameSchema,
    dataType: Type.Optional(Type.Union([Type.Literal('DATA_REF'), Type.Literal('GEO_REF')])),
    toTableName: Type.Optional(DataNameSchema),
    relationshipType: Type.Optional(Type.Union([Type.Literal('ONE_TO_ONE'), Type.Literal('ONE_TO_MANY')])),
    required: Type.Optional(Type.Boolean()),
  },
  Open,
);

/** Body of record queries (find, count, CSV): the reference client's record-query keys. */
export const RecordQueryBody = Type.Object(
  {
    pageSize: Type.Optional(Type.Integer({ minimum: 0 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    where: Type.Optional(Type.String({ maxLength: 20000 })),
    sortBy: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })]),
    ),
    props: Type.Optional(
      Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 200 })]),
    ),
    property: Type.Optional(
      Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 200 })]),
    ),
    excludeProps: Type.Optional(
      Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 200 })]),
    ),
    groupBy: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })]),
    ),
    having: Type.Optional(Type.String({ maxLength: 5000 })),
    distinct: Type.Optional(Type.Boolean()),
    loadRelations: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })]),
    ),
  },
  Open,
);

const RecordBody = Type.Record(Type.String(), Type.Unknown());
const RecordList = Type.Array(RecordBody, { maxItems: 10000 });
const IdList = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10000 });

/** A scalar column as `tables.get` answers it. */
export const DataColumnSchema = Type.Object({
  columnId: Type.String(),
  name: Type.String(),
  dataType: Type.String(),
  required: Type.Boolean(),
  unique: Type.Boolean(),
  indexed: Type.Boolean(),
  /** Any JSON value, or absent/`null` when the column has none. */
  defaultValue: Type.Optional(Type.Unknown()),
  /** objectId, created, updated, ownerId and the Users system columns cannot be changed. */
  system: Type.Boolean(),
  primaryKey: Type.Boolean(),
  /**
   * The column's validator: a regular expression (RE2 syntax) every value written must match
   * whole, or `null`. Text columns only.
   */
  customRegex: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type DataColumn = Static<typeof DataColumnSchema>;

/** A relation column (DATA_REF in `relations`, GEO_REF in `geoRelations`). */
export const DataRelationSchema = Type.Object({
  columnId: Type.String(),
  name: Type.String(),
  dataType: Type.Union([Type.Literal('DATA_REF'), Type.Literal('GEO_REF')]),
  toTableName: Type.String(),
  toTableId: Type.String(),
  relationshipType: Type.Union([Type.Literal('ONE_TO_ONE'), Type.Literal('ONE_TO_MANY')]),
  required: Type.Boolean(),
  autoLoad: Type.Boolean(),
});
export type DataRelation = Static<typeof DataRelationSchema>;

/** One table as `tables.get` answers it. */
export const DataTableSchema = Type.Object({
  tableId: Type.String(),
  name: Type.String(),
  system: Type.Boolean(),
  columns: Type.Array(DataColumnSchema),
  relations: Type.Array(DataRelationSchema),
  geoRelations: Type.Array(DataRelationSchema),
});
export type DataTable = Static<typeof DataTableSchema>;

/** A created or changed column: a scalar column, or a relation column when its type is one. */
const ColumnAnswer = Type.Union([DataColumnSchema, DataRelationSchema]);

/**
 * A record as the data routes answer it. Its columns are the app's, so every field is sent as it
 * is (an open object). The type names `objectId` for readers, but the schema leaves it out, so a
 * row without one (grouped, aggregated) or with a null one is sent unchanged.
 */
export const DataRecordSchema = Type.Unsafe<{ objectId?: string; [column: string]: unknown }>(OpenObjectSchema({}));
export type DataRecord = Static<typeof DataRecordSchema>;

/** Data settings of an app. */
export const DataConfigSchema = Type.Object({
  dynamicSchema: Type.Boolean(),
  includeObjectIdByDefault: Type.Boolean(),
});
export type DataConfig = Static<typeof DataConfigSchema>;

/** The owner-policy delay check of a table. */
const OwnerPolicyDelayCheck = Type.Object({ enabled: Type.Boolean() });

const base = '/:appId/console/data';

/**
 * Data tables, columns, relations and records (`tables` group of the reference client). Some
 * reference methods use two or three paths (delete listed vs. all records, plain vs. relation
 * columns); each path is declared under its own key and carries the method's name.
 */
export const tablesRoutes = {
  get: defineRoute({
    name: 'tables.get',
    method: 'GET',
    path: `${base}/tables`,
    auth: 'developer',
    response: Type.Object({ tables: Type.Array(DataTableSchema) }),
  }),
  /**
   * Server-sent events: one `schema` event each time the app's schema changes (console, app API
   * writes that create tables or columns, any server process). Basalt's own; the console's
   * EventSource sends the `dev-auth-key` cookie, so it needs no header (decision 0037).
   */
  schemaEvents: defineRoute({
    name: 'tables.schemaEvents',
    method: 'GET',
    path: `${base}/schema/events`,
    auth: 'developer',
    response: Type.String({ description: 'text/event-stream, written by the handler' }),
  }),
  create: defineRoute({
    name: 'tables.create',
    method: 'POST',
    path: `${base}/tables`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    // The reference client may send a whole table object: its column lists are read when arrays.
    body: Type.Object(
      {
        name: DataNameSchema,
        columns: Type.Optional(Type.Unknown()),
        relations: Type.Optional(Type.Unknown()),
        geoRelations: Type.Optional(Type.Unknown()),
      },
      Open,
    ),
    response: DataTableSchema,
  }),
  update: defineRoute({
    name: 'tables.update',
    method: 'PUT',
    path: `${base}/tables/:tableName`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    body: Type.Object({ name: Type.Optional(DataNameSchema) }, Open),
    response: DataTableSchema,
  }),
  remove: defineRoute({
    name: 'tables.remove',
    method: 'DELETE',
    path: `${base}/tables/:tableName`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    query: Type.Object({ cascade: Type.Optional(Type.String({ maxLength: 10 })) }, Open),
    response: SuccessSchema,
    summary: 'Refused with 409 while relations point at the table, unless ?cascade=true',
  }),

  loadRecords: defineRoute({
    name: 'tables.loadRecords',
    method: 'POST',
    path: `${base}/:tableName/find`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Type.Array(DataRecordSchema),
    summary: 'Records of a table or a data view',
  }),
  exportRecords: defineRoute({
    name: 'tables.exportRecords',
    method: 'POST',
    path: `${base}/:tableName/csv`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Type.String({ description: 'text/csv, streamed by the handler' }),
  }),
  getRecordsCount: defineRoute({
    name: 'tables.getRecordsCount',
    method: 'POST',
    path: `${base}/:tableName/count`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Type.Integer(),
  }),
  getCount: defineRoute({
    name: 'tables.getCount',
    method: 'GET',
    path: `${base}/:tableName/count`,
    auth: 'developer',
    query: RecordQueryBody,
    response: Type.Integer(),
  }),
  getRecordsCountForTables: defineRoute({
    name: 'tables.getRecordsCountForTables',
    method: 'POST',
    path: `${base}/tables-counters`,
    auth: 'developer',
    body: Type.Object(
      {
        tables: Type.Array(
          Type.Union([Type.String({ maxLength: 200 }), Type.Object({ name: Type.String({ maxLength: 200 }) }, Open)]),
          { maxItems: 500 },
        ),
        connectorId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
        resetCache: Type.Optional(Type.Boolean()),
      },
      Open,
    ),
    response: Type.Record(Type.String(), Type.Integer()),
  }),
  getCellData: defineRoute({
    name: 'tables.getCellData',
    method: 'GET',
    path: `${base}/:tableName/:recordId/:columnName/retrieve-value`,
    auth: 'developer',
    response: Type.Unknown({ description: 'the cell value as JSON' }),
  }),
  createRecord: defineRoute({
    name: 'tables.createRecord',
    method: 'POST',
    path: `${base}/:tableName`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: RecordBody,
    response: DataRecordSchema,
  }),
  bulkCreateRecords: defineRoute({
    name: 'tables.bulkCreateRecords',
    method: 'POST',
    path: `${base}/bulk/:tableName`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: RecordList,
    response: Type.Array(Type.String()),
  }),
  bulkUpsertRecords: defineRoute({
    name: 'tables.bulkUpsertRecords',
    method: 'PUT',
    path: `${base}/bulkupsert/:tableName`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: RecordList,
    response: Type.Array(Type.String()),
  }),
  updateRecord: defineRoute({
    name: 'tables.updateRecord',
    method: 'PUT',
    path: `${base}/:tableName/:objectId`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: RecordBody,
    response: DataRecordSchema,
  }),
  updateImageTypeRecord: defineRoute({
    name: 'tables.updateImageTypeRecord',
    method: 'PUT',
    path: `${base}/:tableName/file/:columnName/:objectId`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    // Free: a multipart upload (read from the request), a path string, or `{value: path}`.
    body: Type.Unknown(),
    response: DataRecordSchema,
    summary: 'Uploads (multipart) or sets (file path string) the file of a FILE_REF cell',
  }),
  deleteRecords: defineRoute({
    name: 'tables.deleteRecords',
    method: 'DELETE',
    path: `${base}/tables/:tableName/records`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Array(
      Type.Union([
        Type.Object({ objectId: Type.String({ minLength: 1, maxLength: 100 }) }, Open),
        Type.String({ minLength: 1, maxLength: 100 }),
      ]),
      { maxItems: 10000 },
    ),
    response: Type.Integer(),
  }),
  deleteAllRecords: defineRoute({
    name: 'tables.deleteRecords',
    method: 'DELETE',
    path: `${base}/tables/:tableName/all`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: Type.Integer(),
    summary: 'deleteRecords without ids: removes every record',
  }),
  deleteImageTypeRecord: defineRoute({
    name: 'tables.deleteImageTypeRecord',
    method: 'DELETE',
    path: `${base}/:tableName/file/:columnName/:recordId`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: DataRecordSchema,
  }),
  updateRelations: defineRoute({
    name: 'tables.updateRelations',
    method: 'PUT',
    path: `${base}/:tableName/:recordId/:columnName`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: IdList,
    response: Type.Integer(),
  }),
  removeRelations: defineRoute({
    name: 'tables.removeRelations',
    method: 'DELETE',
    path: `${base}/:tableName/:recordId/:columnName/relations`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: IdList,
    response: Type.Integer(),
  }),

  createColumn: defineRoute({
    name: 'tables.createColumn',
    method: 'POST',
    path: `${base}/tables/:tableName/columns`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    body: ColumnBody,
    response: ColumnAnswer,
  }),
  createRelationColumn: defineRoute({
    name: 'tables.createColumn',
    method: 'POST',
    path: `${base}/tables/:tableName/columns/relation`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    body: RelationBody,
    response: DataRelationSchema,
    summary: 'createColumn of a DATA_REF column',
  }),
  createGeoRelationColumn: defineRoute({
    name: 'tables.createColumn',
    method: 'POST',
    path: `${base}/tables/:tableName/columns/georelation`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    body: RelationBody,
    response: DataRelationSchema,
    summary: 'createColumn of a GEO_REF column',
  }),
  deleteColumn: defineRoute({
    name: 'tables.deleteColumn',
    method: 'DELETE',
    path: `${base}/tables/:tableName/columns/:columnName`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    response: SuccessSchema,
  }),
  deleteRelationColumn: defineRoute({
    name: 'tables.deleteColumn',
    method: 'DELETE',
    path: `${base}/tables/:tableName/columns/relation/:columnName`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    response: SuccessSchema,
    summary: 'deleteColumn of a DATA_REF or GEO_REF column',
  }),
  updateColumn: defineRoute({
    name: 'tables.updateColumn',
    method: 'PUT',
    path: `${base}/tables/:tableName/columns/:columnName`,
    auth: 'developer',
    devPermission: DevOperations.COLUMNS,
    body: Type.Object(
      {
        name: Type.Optional(DataNameSchema),
        dataType: Type.Optional(Type.Union(DataTypes.map((t) => Type.Literal(t)))),
        prevName: Type.Optional(DataNameSchema),
        required: Type.Optional(Type.Boolean()),
        unique: Type.Optional(Type.Boolean()),
        indexed: Type.Optional(Type.Boolean()),
        defaultValue: Type.Optional(Type.Unknown()),
        customRegex: Type.Optional(CustomRegexSchema),
        // Relation columns: which one (prevName or columnId, else name) and its new options.
        columnId: Type.Optional(Type.String({ maxLength: 100 })),
        toTableName: Type.Optional(Type.String({ maxLength: 200 })),
        relationshipType: Type.Optional(Type.String({ maxLength: 20 })),
      },
      Open,
    ),
    response: ColumnAnswer,
    summary:
      'columnName is `relation` or `georelation` for relation columns; the body then names the column (prevName or columnId, else name)',
  }),

  loadConfigs: defineRoute({
    name: 'tables.loadConfigs',
    method: 'GET',
    path: `${base}/config`,
    auth: 'developer',
    response: DataConfigSchema,
  }),
  setConfigs: defineRoute({
    name: 'tables.setConfigs',
    method: 'PUT',
    path: `${base}/config`,
    auth: 'developer',
    devPermission: DevOperations.DYNAMIC_SCHEMA,
    body: Type.Object(
      { dynamicSchema: Type.Optional(Type.Boolean()), includeObjectIdByDefault: Type.Optional(Type.Boolean()) },
      Open,
    ),
    response: DataConfigSchema,
  }),
  loadAssignedUserRoles: defineRoute({
    name: 'tables.loadAssignedUserRoles',
    method: 'GET',
    path: '/:appId/console/security/assignedroles',
    auth: 'developer',
    query: Type.Object(
      {
        users: Type.Optional(
          Type.Union([
            Type.String({ maxLength: 100_000 }),
            Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 }),
          ]),
        ),
      },
      Open,
    ),
    response: Type.Array(RoleAssignmentSchema),
    summary:
      'For each role, which of the listed users (comma-separated ids) hold it: `[{roleId, rolename, system, users, status}]`',
  }),
  updateAssignedUserRoles: defineRoute({
    name: 'tables.updateAssignedUserRoles',
    method: 'PUT',
    path: '/:appId/console/security/assignedroles',
    auth: 'developer',
    devPermission: DevOperations.ROLES_ADD_ASSIGN,
    // Roles as names, ids or `{roleId | rolename | name, assigned | status}`; users as ids or records: read one by one.
    body: Type.Object({ roles: Type.Optional(Type.Unknown()), users: Type.Optional(Type.Unknown()) }, Open),
    response: SuccessSchema,
  }),
  loadTableOwnerPolicyDelayCheck: defineRoute({
    name: 'tables.loadTableOwnerPolicyDelayCheck',
    method: 'GET',
    path: `${base}/tables/:tableName/acl/owner-policy-delay-check`,
    auth: 'developer',
    response: OwnerPolicyDelayCheck,
  }),
  changeTableOwnerPolicyDelayCheck: defineRoute({
    name: 'tables.changeTableOwnerPolicyDelayCheck',
    method: 'PUT',
    path: `${base}/tables/:tableName/acl/owner-policy-delay-check`,
    auth: 'developer',
    devPermission: DevOperations.OWNER_PERMISSIONS,
    // `enabled`, or the older names of the same flag; the service says which value it needs.
    body: Type.Object(
      {
        enabled: Type.Optional(Type.Unknown()),
        ownerPolicyDelayCheck: Type.Optional(Type.Unknown()),
        value: Type.Optional(Type.Unknown()),
      },
      Open,
    ),
    response: OwnerPolicyDelayCheck,
  }),
};
