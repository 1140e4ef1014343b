import {
  Routes,
  type AppPart,
  type CloneStatus,
  type NewAppProcess,
  type ProcessStarted,
  type ResetAppBody,
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

    /**
     * Creates an application from an exported ZIP. `zip` as a browser File/Blob or bytes is sent as
     * the raw body with `appName` in the query (Basalt's shape); anything else is posted as it is,
     * as the reference client does. Answers the new app's id and the import's process, which the new
     * app's `lifecycle.getProcess` reports.
     */
    createAppFromZIP(zip: Blob | Uint8Array | Record<string, unknown>, appName?: string): Promise<NewAppProcess> {
      const raw = (typeof Blob !== 'undefined' && zip instanceof Blob) || zip instanceof Uint8Array;
      return request.route(r.createAppFromZIP, [], {
        body: zip,
        ...(appName !== undefined ? { query: { appName } } : {}),
        ...(raw ? { contentType: 'application/zip' } : {}),
      });
    },

    /** Creates an application (`appName`, or `name`) from an exported ZIP at a URL, downloaded by the server (public addresses only). */
    createAppFromZipUrl(data: BodyOf<typeof r.createAppFromZipUrl>): Promise<NewAppProcess> {
      return request.route(r.createAppFromZipUrl, [], { body: data });
    },

    /** The developer's applications (owned and joined). */
    getApps(zone?: string): Promise<AppSummary[]> {
      return request.route(r.getApps, [], { query: { zone } });
    },

    /**
     * Clears the chosen parts of an application (`data` keeps the schema, API keys stay);
     * `confirmation` must be the app's exact name. Answers the reset's process.
     */
    resetApp(appId: string, resets: ResetAppBody): Promise<ProcessStarted> {
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

    /** Starts copying an application (chosen `parts`, default all) into a new one; poll with `getCloningAppStatus`. */
    cloneApp(appId: string, newApp: { appName: string; parts?: AppPart[] }): Promise<ProcessStarted> {
      return request.route(r.cloneApp, [appId], { body: newApp });
    },

    /** Starts exporting an application as a ZIP; `transfer.getExportedData` lists it with its download. */
    generateAppZIP(appId: string, options?: { parts?: AppPart[] }): Promise<ProcessStarted> {
      return request.route(r.generateAppZIP, [appId], options ? { body: options } : {});
    },

    /** State of a clone started by `cloneApp`: status, progress 0..100, the new app's id once it exists. */
    getCloningAppStatus(appId: string, processId: string): Promise<CloneStatus> {
      return request.route(r.getCloningAppStatus, [appId, encodeURIComponent(processId)]);
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
