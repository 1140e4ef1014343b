import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, plannedRoutes, type RouteDef } from '../route.js';
import { SuccessSchema } from '../schemas.js';
import { ChartCallerQuerySchema, ChartDataSchema } from './charts.js';

const base = '/:appId/console/data-to-visualize/dashboards';
const dashboard = `${base}/:dashboardId`;
const components = `${dashboard}/dashlet-components`;
const component = `${components}/:componentId`;

const NameSchema = Type.String({ minLength: 1, maxLength: 100 });
const Config = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 100 });

/** A dashlet's place on the dashboard's grid (columns and rows of 1–100 each). */
export const DashletPositionSchema = Type.Object({
  x: Type.Integer({ minimum: 0, maximum: 100 }),
  y: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export const DashletSizeSchema = Type.Object({
  width: Type.Integer({ minimum: 1, maximum: 100 }),
  height: Type.Integer({ minimum: 1, maximum: 100 }),
});

/**
 * What a dashlet shows: the built-in `chart` (config `{chartName}`, its points through the chart
 * data path) or `text` (config `{text}`), or the id of one of the dashboard's dashlet components.
 */
export const DashletSchema = Type.Object({
  id: Type.String(),
  component: Type.String(),
  title: Type.String(),
  config: Config,
  position: DashletPositionSchema,
  size: DashletSizeSchema,
});
export type Dashlet = Static<typeof DashletSchema>;

export const DashletInputSchema = Type.Object({
  component: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  config: Type.Optional(Config),
  position: Type.Optional(DashletPositionSchema),
  size: Type.Optional(DashletSizeSchema),
});
export type DashletInput = Static<typeof DashletInputSchema>;

/** A dashboard's settings; `runAs` names who its chart dashlets read data as (default: the anonymous visitor). */
export const DashboardSettingsSchema = Type.Object(
  {
    runAs: Type.Optional(ChartCallerQuerySchema),
    /** Seconds between refreshes of its dashlets in the console (0: never). */
    refreshInterval: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
  },
  { additionalProperties: false },
);
export type DashboardSettings = Static<typeof DashboardSettingsSchema>;

export const DashboardSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  settings: DashboardSettingsSchema,
  position: Type.Number(),
  dashlets: Type.Array(DashletSchema),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Dashboard = Static<typeof DashboardSchema>;

const DashboardInputSchema = Type.Object({
  name: NameSchema,
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  settings: Type.Optional(DashboardSettingsSchema),
});
export type DashboardInput = Static<typeof DashboardInputSchema>;

const DashboardChangesSchema = Type.Object({
  name: Type.Optional(NameSchema),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});

/** A file of a dashlet component (its source, styles, definition), as listed. */
export const DashletComponentFileSchema = Type.Object({
  name: Type.String(),
  size: Type.Number(),
  updated: Type.Number(),
});
export type DashletComponentFile = Static<typeof DashletComponentFileSchema>;

/** A file name of a component: letters, digits, `_`, `-` and `.`, optionally in folders (`src/index.js`). */
export const DASHLET_FILE_PATTERN = '^(?!.*\\.\\.)[A-Za-z0-9_.-]{1,100}(/[A-Za-z0-9_.-]{1,100}){0,4}$';
const FileInputSchema = Type.Object({
  name: Type.String({ pattern: DASHLET_FILE_PATTERN }),
  content: Type.String({ maxLength: 262_144 }),
});

/** A dashlet component of a dashboard: its definition (`component.json` shape) and its files. */
export const DashletComponentSchema = Type.Object({
  id: Type.String(),
  dashboardId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  definition: Config,
  files: Type.Array(DashletComponentFileSchema),
  created: Type.Number(),
  updated: Type.Number(),
});
export type DashletComponent = Static<typeof DashletComponentSchema>;

const ComponentInputSchema = Type.Object({
  name: NameSchema,
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  definition: Type.Optional(Config),
  files: Type.Optional(Type.Array(FileInputSchema, { maxItems: 50 })),
});
export type DashletComponentInput = Static<typeof ComponentInputSchema>;
const ComponentChangesSchema = Type.Partial(ComponentInputSchema);
const FilesBodySchema = Type.Array(FileInputSchema, { minItems: 1, maxItems: 50 });

/** Dashboards of an app's data, their dashlets and dashlet components (`dataToVisualize`, decision 0093). */
export const dataToVisualizeRoutes = {
  getDashboards: defineRoute({
    name: 'dataToVisualize.getDashboards',
    method: 'GET',
    path: base,
    auth: 'developer',
    query: Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: true }),
    response: Type.Array(DashboardSchema),
    summary: "The app's dashboards in their order, with their dashlets (`name`: only names containing it)",
  }),
  createDashboard: defineRoute({
    name: 'dataToVisualize.createDashboard',
    method: 'POST',
    path: base,
    auth: 'developer',
    body: DashboardInputSchema,
    response: DashboardSchema,
    summary: 'Adds a dashboard at the end (409 when the name is taken)',
  }),
  cloneDashboard: defineRoute({
    name: 'dataToVisualize.cloneDashboard',
    method: 'POST',
    path: `${dashboard}/clone`,
    auth: 'developer',
    response: DashboardSchema,
    summary: 'Copies a dashboard with its dashlets and dashlet components under a free name',
  }),
  updateDashboard: defineRoute({
    name: 'dataToVisualize.updateDashboard',
    method: 'PUT',
    path: dashboard,
    auth: 'developer',
    body: DashboardChangesSchema,
    response: DashboardSchema,
    summary: 'Renames, describes or moves a dashboard',
  }),
  updateDashboards: defineRoute({
    name: 'dataToVisualize.updateDashboards',
    method: 'PUT',
    path: base,
    auth: 'developer',
    body: Type.Array(Type.Intersect([Type.Object({ id: Type.String({ maxLength: 64 }) }), DashboardChangesSchema]), {
      maxItems: 500,
    }),
    response: Type.Array(DashboardSchema),
    summary: 'Changes several dashboards at once (the order of the list, after a drag): all or none',
  }),
  updateDashboardSettings: defineRoute({
    name: 'dataToVisualize.updateDashboardSettings',
    method: 'PUT',
    path: `${dashboard}/settings`,
    auth: 'developer',
    body: DashboardSettingsSchema,
    response: DashboardSchema,
    summary: "Replaces a dashboard's settings (a `runAs` role or user must exist)",
  }),
  deleteDashboard: defineRoute({
    name: 'dataToVisualize.deleteDashboard',
    method: 'DELETE',
    path: dashboard,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a dashboard with its dashlets and dashlet components',
  }),
  addDashboardDashlet: defineRoute({
    name: 'dataToVisualize.addDashboardDashlet',
    method: 'POST',
    path: `${dashboard}/dashlets`,
    auth: 'developer',
    body: DashletInputSchema,
    response: DashletSchema,
    summary: 'Adds one dashlet (its component must exist: a built-in or one of the dashboard)',
  }),
  createDashboardDashlets: defineRoute({
    name: 'dataToVisualize.createDashboardDashlets',
    method: 'POST',
    path: `${dashboard}/dashlets/create`,
    auth: 'developer',
    body: Type.Array(DashletInputSchema, { minItems: 1, maxItems: 100 }),
    response: Type.Array(DashletSchema),
    summary: 'Adds several dashlets at once: all or none',
  }),
  deleteDashboardDashlet: defineRoute({
    name: 'dataToVisualize.deleteDashboardDashlet',
    method: 'DELETE',
    path: `${dashboard}/dashlets/:dashletId`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Removes a dashlet',
  }),
  updateDashboardDashlet: defineRoute({
    name: 'dataToVisualize.updateDashboardDashlet',
    method: 'PUT',
    path: `${dashboard}/dashlets/:dashletId`,
    auth: 'developer',
    body: Type.Partial(DashletInputSchema),
    response: DashletSchema,
    summary: 'Moves, resizes or reconfigures a dashlet',
  }),
  getDashletData: defineRoute({
    name: 'dataToVisualize.getDashletData',
    method: 'GET',
    path: `${dashboard}/dashlets/:dashletId/data`,
    auth: 'developer',
    query: ChartCallerQuerySchema,
    response: ChartDataSchema,
    summary:
      "A chart dashlet's points through the chart data path, as the caller named or the dashboard's `runAs` (permissions apply)",
  }),
  loadDashletComponents: defineRoute({
    name: 'dataToVisualize.loadDashletComponents',
    method: 'GET',
    path: components,
    auth: 'developer',
    response: Type.Array(DashletComponentSchema),
    summary: "The dashboard's dashlet components, by name",
  }),
  ...plannedRoutes('dashboards', 'dataToVisualize', {
    installDashletComponent: ['POST', `${components}/install`],
    upgradeDashletComponent: ['POST', `${components}/upgrade`],
  }),
  createDashletComponent: defineRoute({
    name: 'dataToVisualize.createDashletComponent',
    method: 'POST',
    path: `${components}/create`,
    auth: 'developer',
    body: ComponentInputSchema,
    response: DashletComponentSchema,
    summary: 'Creates a dashlet component of the dashboard (409 when the name is taken)',
  }),
  deleteDashletComponent: defineRoute({
    name: 'dataToVisualize.deleteDashletComponent',
    method: 'DELETE',
    path: component,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a dashlet component (409 while a dashlet shows it); the reference client ends the path with `/`',
  }),
  updateDashletComponent: defineRoute({
    name: 'dataToVisualize.updateDashletComponent',
    method: 'PUT',
    path: component,
    auth: 'developer',
    body: ComponentChangesSchema,
    response: DashletComponentSchema,
    summary: 'Changes a dashlet component; the reference client ends the path with `/`',
  }),
  getDashletComponentFileDownloadLink: defineRoute({
    name: 'dataToVisualize.getDashletComponentFileDownloadLink',
    method: 'GET',
    path: `${component}/files/sign`,
    auth: 'developer',
    query: Type.Object({ fileId: Type.String({ maxLength: 600 }) }),
    response: Type.Object({ url: Type.String(), expires: Type.Number() }),
    summary: 'A signed link to download one file without the developer key, valid 10 minutes',
  }),
  loadDashletComponentFilesList: defineRoute({
    name: 'dataToVisualize.loadDashletComponentFilesList',
    method: 'GET',
    path: `${component}/files`,
    auth: 'developer',
    response: Type.Array(DashletComponentFileSchema),
    summary: "The component's files, by name",
  }),
  loadDashletComponentFileContent: defineRoute({
    name: 'dataToVisualize.loadDashletComponentFileContent',
    method: 'GET',
    path: `${component}/files/:fileName`,
    auth: 'developer',
    response: Type.Object({ name: Type.String(), content: Type.String() }),
    summary: 'One file of the component with its text',
  }),
  uploadDashletComponentFiles: defineRoute({
    name: 'dataToVisualize.uploadDashletComponentFiles',
    method: 'POST',
    path: `${component}/files`,
    auth: 'developer',
    body: FilesBodySchema,
    response: Type.Array(DashletComponentFileSchema),
    summary: 'Adds files (`[{name, content}]`); a name already there is replaced',
  }),
  updateDashletComponentFiles: defineRoute({
    name: 'dataToVisualize.updateDashletComponentFiles',
    method: 'PUT',
    path: `${component}/files`,
    auth: 'developer',
    body: FilesBodySchema,
    response: Type.Array(DashletComponentFileSchema),
    summary: 'Replaces the text of existing files (404 naming a file that is not there)',
  }),
  downloadDashletComponentFile: defineRoute({
    name: 'dataToVisualize.downloadDashletComponentFile',
    method: 'GET',
    path: '/:appId/console/data-to-visualize/dashlet-files/:token',
    auth: 'public',
    response: Type.String({ description: 'the file as text/plain, written by the handler' }),
    summary: 'A file through a link of `getDashletComponentFileDownloadLink` (403 once expired or altered)',
  }),
} satisfies Record<string, RouteDef>;
