import {
  Routes,
  type AppSummary,
  type AppsMenuItem,
  type BodyOf,
  type Open,
  type QueryOf,
  type ResponseOf,
} from '@basalt/shared';
import type { Query } from '../transport/encode.js';
import type { GroupContext } from './group-context.js';

const r = Routes.apps;

/** Data of a new application; Basalt reads `appName` (or `name`), `subdomain` and `description`. */
export type NewApp = Open<BodyOf<typeof r.createApp>>;

/** What `getAppInfo` and `updateAppInfo` answer. */
export type AppInfo = ResponseOf<typeof r.getAppInfo>;
export type { AppsMenuItem };

/** Applications (`apps` group of the reference client). */
export function createAppsGroup({ request }: GroupContext) {
  return {
    /** Creates an application with its data store and API keys. `query` is passed through (e.g. `zone`). */
    createApp(app: NewApp, query?: Query): Promise<AppSummary> {
      return request.route(r.createApp, [], { body: app, query });
    },

    /** Creates an application from an exported ZIP (not available yet: 501). */
    createAppFromZIP(app: unknown): Promise<ResponseOf<typeof r.createAppFromZIP>> {
      return request.route(r.createAppFromZIP, [], { body: app });
    },

    /** Creates an application from a ZIP at a URL (not available yet: 501). */
    createAppFromZipUrl(data: Record<string, unknown>): Promise<ResponseOf<typeof r.createAppFromZipUrl>> {
      return request.route(r.createAppFromZipUrl, [], { body: data });
    },

    /** The developer's applications (owned and joined). */
    getApps(zone?: string): Promise<AppSummary[]> {
      return request.route(r.getApps, [], { query: { zone } });
    },

    /** Resets parts of an application (which parts: `resets`). */
    resetApp(appId: string, resets: Record<string, unknown>): Promise<unknown> {
      return request.route(r.resetApp, [appId], { body: resets });
    },

    /** Renames an application (names are unique per owner). */
    renameApp(appId: string, appName: string): Promise<AppSummary> {
      return request.route(r.renameApp, [appId], { body: { appName } });
    },

    /** Deletes an application and its data store. */
    deleteApp(appId: string): Promise<ResponseOf<typeof r.deleteApp>> {
      return request.route(r.deleteApp, [appId]);
    },

    /** Starts cloning an application; poll with `getCloningAppStatus`. */
    cloneApp(appId: string, newApp: NewApp): Promise<unknown> {
      return request.route(r.cloneApp, [appId], { body: newApp });
    },

    /** Starts exporting an application as a ZIP. */
    generateAppZIP(appId: string): Promise<unknown> {
      return request.route(r.generateAppZIP, [appId]);
    },

    /** State of a clone started by `cloneApp`. */
    getCloningAppStatus(appId: string, processId: string): Promise<unknown> {
      return request.route(r.getCloningAppStatus, [appId, processId]);
    },

    /** Areas of the apps menu. */
    loadAppsMenuItems(): Promise<AppsMenuItem[]> {
      return request.route(r.loadAppsMenuItems);
    },

    /** Favourites of a developer in an application. */
    loadAppFavorites(appId: string, devId: string): Promise<unknown> {
      return request.route(r.loadAppFavorites, [], { query: { appId, devId } });
    },

    /** Summaries of the given applications (all of the developer's without ids). */
    loadAppsInfo(appsIds?: QueryOf<typeof r.loadAppsInfo>['appsIds']): Promise<AppSummary[]> {
      return request.route(r.loadAppsInfo, [], { query: { appsIds } });
    },

    /** Updates the application's description. */
    updateAppInfo(appId: string, info: Open<BodyOf<typeof r.updateAppInfo>>): Promise<AppInfo> {
      return request.route(r.updateAppInfo, [appId], { body: info });
    },

    /** Basalt addition: the application's summary and description. */
    getAppInfo(appId: string): Promise<AppInfo> {
      return request.route(r.getAppInfo, [appId]);
    },

    /** Sets the logo (a data URL, raw or as `{ logo }`; `null` removes it). */
    updateAppLogo(
      appId: string,
      logo: Exclude<BodyOf<typeof r.updateAppLogo>, null>,
    ): Promise<{ logo: string | null }> {
      return request.route(r.updateAppLogo, [appId], { body: logo });
    },

    /** Basalt addition: the stored logo. */
    getAppLogo(appId: string): Promise<{ logo: string | null }> {
      return request.route(r.getAppLogo, [appId]);
    },

    /** Suggested generated subdomains. */
    generateSubdomains(zone?: string): Promise<string[]> {
      return request.route(r.generateSubdomains, [], { query: { zone } });
    },

    /** Developer options of an application (free-form settings of the console). */
    getAppDevOptions(appId: string): Promise<Record<string, unknown>> {
      return request.route(r.getAppDevOptions, [appId]);
    },

    /** Replaces the developer options of an application. */
    updateAppDevOptions(appId: string, options: Record<string, unknown>): Promise<Record<string, unknown>> {
      return request.route(r.updateAppDevOptions, [appId], { body: options });
    },
  };
}

/** The `apps` group's methods. */
export type AppsGroup = ReturnType<typeof createAppsGroup>;
