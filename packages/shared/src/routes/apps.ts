import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

/** An application name: what a developer types; shown everywhere, unique per developer. */
export const AppNameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' });

export const appsRoutes = {
  createApp: defineRoute({
    name: 'apps.createApp', method: 'POST', path: '/console/applications', auth: 'developer',
    body: Type.Object({ appName: Type.Optional(AppNameSchema), name: Type.Optional(AppNameSchema), subdomain: Type.Optional(Type.String({ maxLength: 63 })), description: Type.Optional(Type.String({ maxLength: 2000 })) }),
  }),
  createAppFromZIP: defineRoute({ name: 'apps.createAppFromZIP', method: 'POST', path: '/console/applications/from-zip', auth: 'developer' }),
  createAppFromZipUrl: defineRoute({ name: 'apps.createAppFromZipUrl', method: 'POST', path: '/console/applications/from-zip-url', auth: 'developer' }),
  getApps: defineRoute({ name: 'apps.getApps', method: 'GET', path: '/console/applications', auth: 'developer' }),
  resetApp: defineRoute({ name: 'apps.resetApp', method: 'POST', path: '/:appId/console/appreset', auth: 'developer', devPermission: DevOperations.APP_RESET }),
  renameApp: defineRoute({
    name: 'apps.renameApp', method: 'PUT', path: '/:appId/console/application', auth: 'developer', devPermission: DevOperations.RENAME_APP,
    body: Type.Object({ appName: AppNameSchema }),
  }),
  deleteApp: defineRoute({ name: 'apps.deleteApp', method: 'DELETE', path: '/:appId/console/application', auth: 'developer', devPermission: DevOperations.DELETE_APP }),
  cloneApp: defineRoute({ name: 'apps.cloneApp', method: 'POST', path: '/:appId/console/cloneApp', auth: 'developer', devPermission: DevOperations.CLONE }),
  generateAppZIP: defineRoute({ name: 'apps.generateAppZIP', method: 'POST', path: '/:appId/console/application/transfer', auth: 'developer', devPermission: DevOperations.EXPORT }),
  getCloningAppStatus: defineRoute({ name: 'apps.getCloningAppStatus', method: 'GET', path: '/:appId/console/cloneApp/:processId', auth: 'developer' }),
  loadAppsMenuItems: defineRoute({ name: 'apps.loadAppsMenuItems', method: 'GET', path: '/console/applications/menu-items', auth: 'developer' }),
  loadAppFavorites: defineRoute({ name: 'apps.loadAppFavorites', method: 'GET', path: '/console/applications/app-favorites', auth: 'developer' }),
  loadAppsInfo: defineRoute({ name: 'apps.loadAppsInfo', method: 'GET', path: '/console/apps-info', auth: 'developer' }),
  updateAppInfo: defineRoute({
    name: 'apps.updateAppInfo', method: 'POST', path: '/:appId/console/app-info', auth: 'developer', devPermission: DevOperations.RENAME_APP,
    body: Type.Object({ info: Type.Optional(Type.String({ maxLength: 5000 })), description: Type.Optional(Type.String({ maxLength: 5000 })) }, { additionalProperties: true }),
  }),
  getAppInfo: defineRoute({ name: 'apps.getAppInfo', method: 'GET', path: '/:appId/console/app-info', auth: 'developer', summary: 'Basalt addition: reads what updateAppInfo stored' }),
  updateAppLogo: defineRoute({ name: 'apps.updateAppLogo', method: 'POST', path: '/:appId/console/app-info/logos', auth: 'developer', devPermission: DevOperations.RENAME_APP, summary: 'Name, info and logo are the app\'s identity: one permission (110) guards them' }),
  getAppLogo: defineRoute({ name: 'apps.getAppLogo', method: 'GET', path: '/:appId/console/app-info/logos', auth: 'developer', summary: 'Basalt addition: the stored logo' }),
  generateSubdomains: defineRoute({ name: 'apps.generateSubdomains', method: 'GET', path: '/console/applications/suggested-generated-domains', auth: 'developer' }),
  getAppDevOptions: defineRoute({ name: 'apps.getAppDevOptions', method: 'GET', path: '/:appId/console/developer/options', auth: 'developer' }),
  updateAppDevOptions: defineRoute({ name: 'apps.updateAppDevOptions', method: 'PUT', path: '/:appId/console/developer/options', auth: 'developer' }),
};

/** Device types that get an API key, in the spec's order. */
export const DeviceTypes = ['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL'] as const;
export type DeviceType = (typeof DeviceTypes)[number];

/** One application as the apps list answers it. */
export interface AppSummary {
  id: string;
  appName: string;
  zone: string;
  /** Data URL of the logo, or null. */
  logo: string | null;
  info: string;
  ownerId: string;
  created: number;
  /** The caller's relation to the app. */
  role: 'owner' | 'member';
  apiKeys?: Array<{ deviceType: DeviceType; apiKey: string }>;
}
