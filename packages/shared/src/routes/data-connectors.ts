import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';
import { RecordQueryBody } from './tables.js';

const base = '/:appId/console/dataconnectors';
const Open = { additionalProperties: true };

/** Kinds of external database a connector reaches (the templates' ids). */
export const DataConnectorTypes = ['POSTGRESQL', 'MYSQL', 'SQLITE'] as const;
export type DataConnectorType = (typeof DataConnectorTypes)[number];

/** One field of a template's form. */
export const ConnectorFieldSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('password')]),
  required: Type.Boolean(),
  default: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  hint: Type.Optional(Type.String()),
});

/** A kind of connector the server offers, with the fields its form asks for. */
export const ConnectorTemplateSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  name: Type.String(),
  description: Type.String(),
  hasStoredProcedures: Type.Boolean(),
  fields: Type.Array(ConnectorFieldSchema),
});
export type ConnectorTemplate = Static<typeof ConnectorTemplateSchema>;

/**
 * A connector as `activateConnector` / `updateConnector` send it: `type` (or `templateId`), the
 * credentials, and for PostgreSQL the schema whose tables it shows (`public` when left out). For
 * SQLite, `database` is a file in the directory the operator allowed (BASALT_SQL_SQLITE_DIR). On an
 * update a password left out (or the mask) keeps the stored one.
 */
export const DataConnectorBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(Type.String({ maxLength: 20 })),
    templateId: Type.Optional(Type.String({ maxLength: 20 })),
    host: Type.Optional(Type.String({ maxLength: 255 })),
    port: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 6 })])),
    database: Type.Optional(Type.String({ maxLength: 1024 })),
    schema: Type.Optional(Type.String({ maxLength: 128 })),
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  Open,
);
export type DataConnectorInput = Static<typeof DataConnectorBody>;

/** A stored connector; the password is never answered (a mask when one is set). */
export const DataConnectorSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  database: Type.String(),
  schema: Type.String(),
  username: Type.String(),
  password: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type DataConnector = Static<typeof DataConnectorSchema>;

/** A column of an external table, with the console's data type beside the database's own. */
export const ConnectorColumnSchema = Type.Object({
  name: Type.String(),
  dataType: Type.String(),
  sqlType: Type.String(),
  required: Type.Boolean(),
  primaryKey: Type.Boolean(),
});
export type ConnectorColumn = Static<typeof ConnectorColumnSchema>;

export const ConnectorTableSchema = Type.Object({
  name: Type.String(),
  type: Type.Union([Type.Literal('TABLE'), Type.Literal('VIEW')]),
  columns: Type.Array(ConnectorColumnSchema),
});
export type ConnectorTable = Static<typeof ConnectorTableSchema>;

export const ConnectorProcedureParamSchema = Type.Object({
  name: Type.String(),
  sqlType: Type.String(),
  mode: Type.String(),
});

/** A stored procedure or function of the external database; `id` names it in the execution path. */
export const ConnectorProcedureSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  schema: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal('FUNCTION'), Type.Literal('PROCEDURE')]),
  params: Type.Array(ConnectorProcedureParamSchema),
});
export type ConnectorProcedure = Static<typeof ConnectorProcedureSchema>;

const Rows = Type.Array(Type.Record(Type.String(), Type.Unknown()));
const ForceRefresh = Type.Object({ forceRefresh: Type.Optional(Type.Union([Type.Boolean(), Type.String()])) }, Open);

/**
 * Data connectors (`dataConnectors` group of the reference client, decision 0084): external
 * PostgreSQL, MySQL/MariaDB and SQLite databases whose tables appear beside the app's own in the
 * console, browsed with the where language. Changes need DATA_CONNECTOR (99), running a stored
 * procedure needs STORED_PROCEDURE (102); reading follows the data browser (any team member).
 */
export const dataConnectorsRoutes = {
  getTemplates: defineRoute({
    name: 'dataConnectors.getTemplates',
    method: 'GET',
    path: `${base}/templates`,
    auth: 'developer',
    response: Type.Array(ConnectorTemplateSchema),
    summary: 'The kinds of connector offered (PostgreSQL, MySQL/MariaDB, SQLite) and their fields',
  }),
  getConnectors: defineRoute({
    name: 'dataConnectors.getConnectors',
    method: 'GET',
    path: base,
    auth: 'developer',
    query: ForceRefresh,
    response: Type.Array(DataConnectorSchema),
    summary: "The app's connectors, passwords masked",
  }),
  activateConnector: defineRoute({
    name: 'dataConnectors.activateConnector',
    method: 'POST',
    path: base,
    auth: 'developer',
    devPermission: DevOperations.DATA_CONNECTOR,
    body: DataConnectorBody,
    response: DataConnectorSchema,
    summary: 'Adds a connector, tested before it is saved (424 with the database message when it cannot connect)',
  }),
  deleteConnector: defineRoute({
    name: 'dataConnectors.deleteConnector',
    method: 'DELETE',
    path: `${base}/:connectorId`,
    auth: 'developer',
    devPermission: DevOperations.DATA_CONNECTOR,
    response: SuccessSchema,
    summary: 'Removes a connector (the external database is not touched)',
  }),
  updateConnector: defineRoute({
    name: 'dataConnectors.updateConnector',
    method: 'PUT',
    path: `${base}/:connectorId`,
    auth: 'developer',
    devPermission: DevOperations.DATA_CONNECTOR,
    body: DataConnectorBody,
    response: DataConnectorSchema,
    summary: 'Changes a connector (tested again before it is saved); a password left out is kept',
  }),
  getConnectorTables: defineRoute({
    name: 'dataConnectors.getConnectorTables',
    method: 'GET',
    path: `${base}/:connectorId/tables`,
    auth: 'developer',
    query: ForceRefresh,
    response: Type.Array(ConnectorTableSchema),
    summary: "The external database's tables and views with their columns",
  }),
  getConnectorTableEntries: defineRoute({
    name: 'dataConnectors.getConnectorTableEntries',
    method: 'POST',
    path: `${base}/:connectorId/tables/:tableName/entries/find`,
    auth: 'developer',
    body: RecordQueryBody,
    response: Rows,
    summary: 'Rows of an external table: where language, paging (pageSize ≤ 100), sortBy, props',
  }),
  getConnectorTableEntriesCount: defineRoute({
    name: 'dataConnectors.getConnectorTableEntriesCount',
    method: 'GET',
    path: `${base}/:connectorId/tables/:tableName/entries/count`,
    auth: 'developer',
    query: Type.Object(
      {
        where: Type.Optional(Type.String({ maxLength: 20000 })),
        resetCache: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
      },
      Open,
    ),
    response: Type.Integer(),
    summary: 'How many rows match (kept 30 s; resetCache=true counts again)',
  }),
  getConnectorStoredProcedures: defineRoute({
    name: 'dataConnectors.getConnectorStoredProcedures',
    method: 'GET',
    path: `${base}/:connectorId/storedprocs`,
    auth: 'developer',
    query: ForceRefresh,
    response: Type.Array(ConnectorProcedureSchema),
    summary: 'PostgreSQL functions and procedures, MySQL/MariaDB procedures and functions (SQLite has none)',
  }),
  executeConnectorStoredProcedure: defineRoute({
    name: 'dataConnectors.executeConnectorStoredProcedure',
    method: 'POST',
    path: `${base}/:connectorId/storedprocs/:procedureId/execution`,
    auth: 'developer',
    devPermission: DevOperations.STORED_PROCEDURE,
    body: Type.Union([
      Type.Array(Type.Unknown(), { maxItems: 100 }),
      Type.Record(Type.String(), Type.Unknown()),
      Type.Null(),
    ]),
    response: Rows,
    summary: 'Runs a procedure with its parameters bound (by name or in order); answers its rows',
  }),
};
