import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

/** A table a blueprint makes, as its card and details show it. */
export const BlueprintTableSchema = Type.Object({
  name: Type.String(),
  /** Column names with their types (`title: STRING`), relations included (`comments → Comment`). */
  columns: Type.Array(Type.String()),
  /** How many sample records the blueprint puts in it. */
  records: Type.Integer(),
});
export type BlueprintTable = Static<typeof BlueprintTableSchema>;

/** A blueprint as the "New app" dialog lists it: what it is and what it holds. */
export const BlueprintSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Short lines of what the app starts with ("3 tables", "owner-only permissions", ...). */
  contains: Type.Array(Type.String()),
});
export type BlueprintSummary = Static<typeof BlueprintSummarySchema>;

/** One blueprint in full: its tables, roles, permissions and cloud code. */
export const BlueprintSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  contains: Type.Array(Type.String()),
  tables: Type.Array(BlueprintTableSchema),
  /** Roles the app gets beside the system ones. */
  roles: Type.Array(Type.String()),
  /** The permissions set, in words (`AuthenticatedUser: DENY Find on Task`). */
  permissions: Type.Array(Type.String()),
  /** Cloud code deployed: the files and, in words, what each does. */
  logic: Type.Array(Type.Object({ file: Type.String(), summary: Type.String() })),
});
export type Blueprint = Static<typeof BlueprintSchema>;

/**
 * Blueprints: ready-made applications to start a new app from (`blueprints` group of the reference
 * client, whose `get()` without an id lists them). An app is made from one by `apps.createApp` with
 * `blueprintId` (decision 0065).
 */
export const blueprintsRoutes = {
  /** The reference client's `get()` without an id. */
  list: defineRoute({
    name: 'blueprints.list',
    method: 'GET',
    path: '/console/blueprints',
    auth: 'developer',
    response: Type.Array(BlueprintSummarySchema),
    summary: 'The blueprints this server ships',
  }),
  get: defineRoute({
    name: 'blueprints.get',
    method: 'GET',
    path: '/console/blueprints/:blueprintId',
    auth: 'developer',
    response: BlueprintSchema,
    summary: 'One blueprint in full (404 naming an unknown id)',
  }),
};
