import { Type, type Static } from '@sinclair/typebox';
import { DevOperations } from '../dev-permissions.js';
import { defineRoute, type RouteDef } from '../route.js';
import { SuccessSchema } from '../schemas.js';
import { UiPublishAnswerSchema } from './ui-builder.js';

const base = '/api/app/:appId/quick-apps';

/** A quick app: a UI container generated from one table (a list page and a form page). */
export const QuickAppSchema = Type.Object({
  /** The container's name (also the quick app's id in the paths). */
  id: Type.String(),
  name: Type.String(),
  table: Type.String(),
  pages: Type.Array(Type.String()),
  /** Where the container is served once deployed, else null. */
  url: Type.Union([Type.String(), Type.Null()]),
  created: Type.Number(),
});
export type QuickApp = Static<typeof QuickAppSchema>;

export const QuickAppInputSchema = Type.Object({
  /** The container to create (the UI Builder's name rules). */
  name: Type.String({ minLength: 1, maxLength: 50 }),
  table: Type.String({ minLength: 1, maxLength: 100 }),
  /** Columns of the list and the form, in order (default: the table's own columns, at most 8). */
  columns: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 30 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
});
export type QuickAppInput = Static<typeof QuickAppInputSchema>;

/** Quick apps: UI containers generated from a table in one step, and their deployment (decision 0093). */
export const quickAppsRoutes = {
  loadContainers: defineRoute({
    name: 'quickApps.loadContainers',
    method: 'GET',
    path: `${base}/containers`,
    auth: 'developer',
    response: Type.Array(QuickAppSchema),
    summary: "The app's quick apps whose container is not in the trash, by name",
  }),
  loadContainer: defineRoute({
    name: 'quickApps.loadContainer',
    method: 'GET',
    path: `${base}/containers/:containerId`,
    auth: 'developer',
    response: QuickAppSchema,
    summary: 'One quick app',
  }),
  createContainer: defineRoute({
    name: 'quickApps.createContainer',
    method: 'POST',
    path: `${base}/containers`,
    auth: 'developer',
    body: QuickAppInputSchema,
    response: QuickAppSchema,
    summary:
      'Creates a UI container from a table: page `list` (a DataTable of the table) as its main page and page `form` (a form writing one record)',
  }),
  deleteContainer: defineRoute({
    name: 'quickApps.deleteContainer',
    method: 'DELETE',
    path: `${base}/containers/:containerId`,
    auth: 'developer',
    response: SuccessSchema,
    summary: "Moves the quick app's container to the UI Builder's trash",
  }),
  deployContainer: defineRoute({
    name: 'quickApps.deployContainer',
    method: 'POST',
    path: `${base}/deploy/:containerId`,
    auth: 'developer',
    devPermission: DevOperations.PUBLISH_UI,
    body: Type.Optional(
      Type.Object({ description: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: true }),
    ),
    response: UiPublishAnswerSchema,
    summary: "Publishes the quick app's container through the UI Builder's publish (developer operation 111)",
  }),
} satisfies Record<string, RouteDef>;
