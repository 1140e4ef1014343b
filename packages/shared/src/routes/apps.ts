import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, OpenObjectSchema, SuccessSchema, NotBuiltSchema } from '../schemas.js';
import {
  AppPartsSchema,
  CloneStatusSchema,
  ProcessStartedSchema,
  ResetAppBodySchema,
  type ProcessStarted,
} from '../lifecycle.js';

/** An application name: what a developer types; shown everywhere, unique per developer. */
export const AppNameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' });

/** Device types that get an API key, in the spec's order. */
export const DeviceTypes = ['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL'] as const;
export type DeviceType = (typeof DeviceTypes)[number];

/** One application as the apps list answers it. */
export const AppSummarySchema = Type.Object({
  id: Type.String(),
  appName: Type.String(),
  zone: Type.String(),
  /** Data URL of the logo, or null. */
  logo: NullableSchema(Type.String()),
  info: Type.String(),
  ownerId: Type.String(),
  created: Type.Number(),
  /** The caller's relation to the app. */
  role: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
  apiKeys: Type.Optional(
    Type.Array(Type.Object({ deviceType: Type.Union(DeviceTypes.map((d) => Type.Literal(d))), apiKey: Type.String() })),
  ),
});
export type AppSummary = Static<typeof AppSummarySchema>;

/** An app's logo (a data URL), or null when it has none. */
const LogoSchema = Type.Object({ logo: NullableSchema(Type.String()) });

/** Answer of creating an app from a ZIP: the import's process, which runs in the new app. */
export const NewAppProcessSchema = Type.Object({ processId: Type.String(), appId: Type.String() });
export type NewAppProcess = ProcessStarted & { appId: string };

/** A sidebar area as the apps menu lists it. */
export const AppsMenuItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  group: Type.String(),
  segment: Type.String(),
});
export type AppsMenuItem = Static<typeof AppsMenuItemSchema>;

/** Free-form developer options of an app (the console's own preferences). */
const DevOptionsSchema = OpenObjectSchema({});

export const appsRoutes = {
  createApp: defineRoute({
    name: 'apps.createApp',
    method: 'POST',
    path: '/console/applications',
    auth: 'developer',
    body: Type.Object({
      appName: Type.Optional(AppNameSchema),
      name: Type.Optional(AppNameSchema),
      subdomain: Type.Optional(Type.String({ maxLength: 63 })),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      /** Basalt's own: the blueprint (`blueprints.get()`) the app starts from; unknown ids are a 400. */
      blueprintId: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    response: AppSummarySchema,
  }),
  createAppFromZIP: defineRoute({
    name: 'apps.createAppFromZIP',
    method: 'POST',
    path: '/console/applications/from-zip',
    auth: 'developer',
    query: Type.Object({ appName: Type.Optional(AppNameSchema) }),
    response: NewAppProcessSchema,
    summary:
      'Creates an app from an exported ZIP sent as the raw body (application/zip or application/octet-stream, ' +
      'name in `?appName=`) or as the file of a multipart form (name in its `appName` field, as the console ' +
      'uploads it); the import runs as a job in the new app, whose process route reports it',
  }),
  createAppFromZipUrl: defineRoute({
    name: 'apps.createAppFromZipUrl',
    method: 'POST',
    path: '/console/applications/from-zip-url',
    auth: 'developer',
    body: Type.Object({
      appName: Type.Optional(AppNameSchema),
      name: Type.Optional(AppNameSchema),
      url: Type.String({ minLength: 1, maxLength: 2048 }),
    }),
    response: NewAppProcessSchema,
    summary: 'Creates an app from an exported ZIP at a URL, downloaded through the server-side download guard',
  }),
  getApps: defineRoute({
    name: 'apps.getApps',
    method: 'GET',
    path: '/console/applications',
    auth: 'developer',
    response: Type.Array(AppSummarySchema),
  }),
  resetApp: defineRoute({
    name: 'apps.resetApp',
    method: 'POST',
    path: '/:appId/console/appreset',
    auth: 'developer',
    devPermission: DevOperations.APP_RESET,
    body: ResetAppBodySchema,
    response: ProcessStartedSchema,
    summary:
      "Clears the chosen parts (data keeps the schema; API keys are kept); `confirmation` must be the app's exact name",
  }),
  renameApp: defineRoute({
    name: 'apps.renameApp',
    method: 'PUT',
    path: '/:appId/console/application',
    auth: 'developer',
    devPermission: DevOperations.RENAME_APP,
    body: Type.Object({ appName: AppNameSchema }),
    response: AppSummarySchema,
  }),
  deleteApp: defineRoute({
    name: 'apps.deleteApp',
    method: 'DELETE',
    path: '/:appId/console/application',
    auth: 'developer',
    devPermission: DevOperations.DELETE_APP,
    response: SuccessSchema,
  }),
  cloneApp: defineRoute({
    name: 'apps.cloneApp',
    method: 'POST',
    path: '/:appId/console/cloneApp',
    auth: 'developer',
    devPermission: DevOperations.CLONE,
    body: Type.Object({ appName: AppNameSchema, parts: Type.Optional(AppPartsSchema) }),
    response: ProcessStartedSchema,
    summary:
      'Starts copying the app (chosen parts, default all) into a new app of the caller; poll getCloningAppStatus',
  }),
  generateAppZIP: defineRoute({
    name: 'apps.generateAppZIP',
    method: 'POST',
    path: '/:appId/console/application/transfer',
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    body: Type.Optional(Type.Union([Type.Null(), Type.Object({ parts: Type.Optional(AppPartsSchema) })])),
    response: ProcessStartedSchema,
    summary: 'Starts an export of the app as a ZIP (the same job as transfer.startExport)',
  }),
  getCloningAppStatus: defineRoute({
    name: 'apps.getCloningAppStatus',
    method: 'GET',
    path: '/:appId/console/cloneApp/:processId',
    auth: 'developer',
    response: CloneStatusSchema,
  }),
  loadAppsMenuItems: defineRoute({
    name: 'apps.loadAppsMenuItems',
    method: 'GET',
    path: '/console/applications/menu-items',
    auth: 'developer',
    response: Type.Array(AppsMenuItemSchema),
  }),
  loadAppFavorites: defineRoute({
    name: 'apps.loadAppFavorites',
    response: NotBuiltSchema,
    method: 'GET',
    path: '/console/applications/app-favorites',
    auth: 'developer',
  }),
  loadAppsInfo: defineRoute({
    name: 'apps.loadAppsInfo',
    method: 'GET',
    path: '/console/apps-info',
    auth: 'developer',
    // One id or several (`?appsIds=a&appsIds=b`); none: every app of the developer.
    query: Type.Object({
      appsIds: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 1000 })])),
    }),
    response: Type.Array(AppSummarySchema),
  }),
  updateAppInfo: defineRoute({
    name: 'apps.updateAppInfo',
    method: 'POST',
    path: '/:appId/console/app-info',
    auth: 'developer',
    devPermission: DevOperations.RENAME_APP,
    body: Type.Object(
      {
        info: Type.Optional(Type.String({ maxLength: 5000 })),
        description: Type.Optional(Type.String({ maxLength: 5000 })),
      },
      { additionalProperties: true },
    ),
    response: AppSummarySchema,
  }),
  getAppInfo: defineRoute({
    name: 'apps.getAppInfo',
    method: 'GET',
    path: '/:appId/console/app-info',
    auth: 'developer',
    response: AppSummarySchema,
    summary: 'Basalt addition: reads what updateAppInfo stored',
  }),
  updateAppLogo: defineRoute({
    name: 'apps.updateAppLogo',
    method: 'POST',
    path: '/:appId/console/app-info/logos',
    auth: 'developer',
    devPermission: DevOperations.RENAME_APP,
    // The logo comes as a data URL, either raw or as `{ logo }`; `null` removes it.
    // Null first: with type coercion on, a null body would otherwise be read as the empty string.
    body: Type.Union([
      Type.Null(),
      Type.Object({ logo: Type.Optional(NullableSchema(Type.String({ maxLength: 2_000_000 }))) }),
      Type.String({ maxLength: 2_000_000 }),
    ]),
    response: LogoSchema,
    summary: "Name, info and logo are the app's identity: one permission (110) guards them",
  }),
  getAppLogo: defineRoute({
    name: 'apps.getAppLogo',
    method: 'GET',
    path: '/:appId/console/app-info/logos',
    auth: 'developer',
    response: LogoSchema,
    summary: 'Basalt addition: the stored logo',
  }),
  generateSubdomains: defineRoute({
    name: 'apps.generateSubdomains',
    method: 'GET',
    path: '/console/applications/suggested-generated-domains',
    auth: 'developer',
    response: Type.Array(Type.String()),
  }),
  getAppDevOptions: defineRoute({
    name: 'apps.getAppDevOptions',
    method: 'GET',
    path: '/:appId/console/developer/options',
    auth: 'developer',
    response: DevOptionsSchema,
  }),
  updateAppDevOptions: defineRoute({
    name: 'apps.updateAppDevOptions',
    method: 'PUT',
    path: '/:appId/console/developer/options',
    auth: 'developer',
    body: Type.Unknown(),
    response: DevOptionsSchema,
  }),
};
