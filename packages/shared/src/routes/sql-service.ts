import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/sql';
const perm = DevOperations.DATA_CONNECTOR;

export const SqlConnectionTypeSchema = Type.Union([
  Type.Literal('POSTGRESQL'),
  Type.Literal('MYSQL'),
  Type.Literal('SQLITE'),
]);
export type SqlConnectionType = Static<typeof SqlConnectionTypeSchema>;

/**
 * A connection as `createConnection` / `updateConnection` send it. For SQLite, `database` is the
 * path of a file in the directory the operator allowed (BASALT_SQL_SQLITE_DIR) and the other fields
 * are not used. On an update a password left out (or the mask) keeps the stored one.
 */
export const SqlConnectionBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(Type.String({ maxLength: 20 })),
    host: Type.Optional(Type.String({ maxLength: 255 })),
    port: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 6 })])),
    database: Type.Optional(Type.String({ maxLength: 1024 })),
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true },
);
export type SqlConnectionInput = Static<typeof SqlConnectionBody>;

/** A stored connection; the password is never answered (a mask when one is set). */
export const SqlConnectionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: SqlConnectionTypeSchema,
  host: Type.String(),
  port: Type.Integer(),
  database: Type.String(),
  username: Type.String(),
  password: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type SqlConnection = Static<typeof SqlConnectionSchema>;

export const SqlTableSchema = Type.Object({
  name: Type.String(),
  schema: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal('TABLE'), Type.Literal('VIEW')]),
});
export type SqlTable = Static<typeof SqlTableSchema>;

export const SqlRoutineSchema = Type.Object({
  name: Type.String(),
  schema: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal('FUNCTION'), Type.Literal('PROCEDURE')]),
});
export type SqlRoutine = Static<typeof SqlRoutineSchema>;

/** Types a named query's parameter may have; values are checked and converted to it before binding. */
export const SqlParamTypes = ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'DATETIME'] as const;
export type SqlParamType = (typeof SqlParamTypes)[number];

export const SqlQueryParamSchema = Type.Object({
  name: Type.String({ maxLength: 64 }),
  type: Type.String({ maxLength: 20 }),
});

/** A saved named query: `:name` placeholders in `query`, each listed in `params` with its type. */
export const SqlQueryBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    query: Type.Optional(Type.String({ maxLength: 100_000 })),
    params: Type.Optional(Type.Array(SqlQueryParamSchema, { maxItems: 100 })),
  },
  { additionalProperties: true },
);
export type SqlQueryInput = Static<typeof SqlQueryBody>;

export const SqlQuerySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  connectionId: Type.String(),
  query: Type.String(),
  params: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  created: Type.Number(),
  updated: Type.Number(),
});
export type SqlQuery = Static<typeof SqlQuerySchema>;

/** Parameter values by name (`{id: 3}`). */
const ParamValues = Type.Record(Type.String(), Type.Unknown());

/** A dynamic select; `explain` answers the database's plan instead of the rows (Basalt's addition). */
export const SqlSelectBody = Type.Object(
  {
    query: Type.String({ maxLength: 100_000 }),
    params: Type.Optional(ParamValues),
    explain: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type SqlSelectInput = Static<typeof SqlSelectBody>;

export const SqlNamedSelectBody = Type.Object({ params: Type.Optional(ParamValues) }, { additionalProperties: true });

/** Rows of a select, as the database named their columns. */
export const SqlRowsSchema = Type.Array(Type.Record(Type.String(), Type.Unknown()));

/**
 * SQL connections to external databases, their saved queries and read-only selects (`sqlService`
 * group of the reference client, decision 0078), plus Basalt's SQL editor over the app's own
 * database. The reference client sends them on its `sqlService` transport (same host by default).
 */
export const sqlServiceRoutes = {
  getConnections: defineRoute({
    name: 'sqlService.getConnections',
    method: 'GET',
    path: `${base}/connection`,
    auth: 'developer',
    response: Type.Array(SqlConnectionSchema),
    summary: "The app's SQL connections, passwords masked",
  }),
  createConnection: defineRoute({
    name: 'sqlService.createConnection',
    method: 'POST',
    path: `${base}/connection`,
    auth: 'developer',
    devPermission: perm,
    body: SqlConnectionBody,
    response: SqlConnectionSchema,
    summary: 'Adds a connection `{name, type, host, port, database, username, password}`, tested before it is saved',
  }),
  updateConnection: defineRoute({
    name: 'sqlService.updateConnection',
    method: 'PUT',
    path: `${base}/connection/:connectionId`,
    auth: 'developer',
    devPermission: perm,
    body: SqlConnectionBody,
    response: SqlConnectionSchema,
    summary: 'Changes a connection (tested again before it is saved); a password left out is kept',
  }),
  deleteConnection: defineRoute({
    name: 'sqlService.deleteConnection',
    method: 'DELETE',
    path: `${base}/connection/:connectionId`,
    auth: 'developer',
    devPermission: perm,
    response: SuccessSchema,
    summary: 'Removes a connection and its saved queries (Basalt addition)',
  }),
  testConnection: defineRoute({
    name: 'sqlService.testConnection',
    method: 'POST',
    path: `${base}/connection-test`,
    auth: 'developer',
    devPermission: perm,
    body: SqlConnectionBody,
    response: Type.Object({ success: Type.Boolean(), tables: Type.Integer() }),
    summary: 'Connects with the given settings without saving them (Basalt addition); 424 with the database message',
  }),
  getConnectionTables: defineRoute({
    name: 'sqlService.getConnectionTables',
    method: 'GET',
    path: `${base}/connection/:connectionId/tables`,
    auth: 'developer',
    response: Type.Array(SqlTableSchema),
    summary: "The external database's tables and views",
  }),
  getConnectionRoutines: defineRoute({
    name: 'sqlService.getConnectionRoutines',
    method: 'GET',
    path: `${base}/connection/:connectionId/routines`,
    auth: 'developer',
    response: Type.Array(SqlRoutineSchema),
    summary: "The external database's functions and stored procedures",
  }),
  getConnectionQueries: defineRoute({
    name: 'sqlService.getConnectionQueries',
    method: 'GET',
    path: `${base}/:connectionName/query`,
    auth: 'developer',
    response: Type.Array(SqlQuerySchema),
    summary: "A connection's saved named queries (the connection by name or id)",
  }),
  createConnectionQuery: defineRoute({
    name: 'sqlService.createConnectionQuery',
    method: 'POST',
    path: `${base}/:connectionName/query`,
    auth: 'developer',
    devPermission: perm,
    body: SqlQueryBody,
    response: SqlQuerySchema,
    summary: 'Saves a named query `{name, query, params: [{name, type}]}`; it must be one read-only SELECT',
  }),
  updateConnectionQuery: defineRoute({
    name: 'sqlService.updateConnectionQuery',
    method: 'PUT',
    path: `${base}/:connectionName/query/:queryId`,
    auth: 'developer',
    devPermission: perm,
    body: SqlQueryBody,
    response: SqlQuerySchema,
    summary: 'Changes a saved query',
  }),
  deleteConnectionQuery: defineRoute({
    name: 'sqlService.deleteConnectionQuery',
    method: 'DELETE',
    path: `${base}/:connectionName/query/:queryId`,
    auth: 'developer',
    devPermission: perm,
    response: SuccessSchema,
    summary: 'Removes a saved query (Basalt addition)',
  }),
  runConnectionDynamicSelect: defineRoute({
    name: 'sqlService.runConnectionDynamicSelect',
    method: 'POST',
    path: `${base}/:connectionName/select`,
    auth: 'developer',
    devPermission: perm,
    body: SqlSelectBody,
    response: SqlRowsSchema,
    summary: 'Runs one read-only SELECT `{query, params?}` with :name placeholders; answers its rows',
  }),
  runConnectionNamedSelect: defineRoute({
    name: 'sqlService.runConnectionNamedSelect',
    method: 'POST',
    path: `${base}/:connectionName/select/:queryName`,
    auth: 'developer',
    devPermission: perm,
    body: SqlNamedSelectBody,
    response: SqlRowsSchema,
    summary: 'Runs a saved query with `{params}` bound by name and type; answers its rows',
  }),
  runAppSelect: defineRoute({
    name: 'sqlService.runAppSelect',
    method: 'POST',
    path: '/:appId/console/sql-editor/select',
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: SqlSelectBody,
    response: SqlRowsSchema,
    summary:
      "The SQL editor over the app's own tables: one read-only SELECT, time-limited, row-capped (Basalt addition)",
  }),
};
