import {
  Routes,
  type ChartCallerQuery,
  type ChartData,
  type Dashboard,
  type DashboardInput,
  type DashboardSettings,
  type Dashlet,
  type DashletComponent,
  type DashletComponentFile,
  type DashletComponentInput,
  type DashletInput,
  type RouteDef,
  type Success,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.dataToVisualize;

export type {
  Dashboard,
  DashboardInput,
  DashboardSettings,
  Dashlet,
  DashletComponent,
  DashletComponentFile,
  DashletComponentInput,
  DashletInput,
};

type DashboardChanges = { name?: string; description?: string; position?: number };
type ComponentFile = { name: string; content: string };

/** Dashboards, dashlets and dashlet components (`dataToVisualize` group of the reference client). */
export function createDataToVisualizeGroup({ request }: GroupContext) {
  /** The reference client ends the two dashlet component routes with `/`; the server reads both. */
  const slashed = (route: Pick<RouteDef, 'name' | 'path' | 'method'>, params: unknown[]) =>
    `${request.routeSpec(route, params).path}/`;

  return {
    /** The app's dashboards in order, with their dashlets; `query.name` keeps the names containing it. */
    getDashboards(appId: string, query?: { name?: string }): Promise<Dashboard[]> {
      return request.route(r.getDashboards, [appId], query ? { query } : {});
    },

    /** Adds a dashboard. */
    createDashboard(appId: string, dashboard: DashboardInput): Promise<Dashboard> {
      return request.route(r.createDashboard, [appId], { body: dashboard });
    },

    /** Copies a dashboard with its dashlets and components. */
    cloneDashboard(appId: string, dashboardId: string): Promise<Dashboard> {
      return request.route(r.cloneDashboard, [appId, dashboardId]);
    },

    /** Renames, describes or moves a dashboard. */
    updateDashboard(appId: string, dashboardId: string, changes: DashboardChanges): Promise<Dashboard> {
      return request.route(r.updateDashboard, [appId, dashboardId], { body: changes });
    },

    /** Changes several dashboards at once (`[{id, position}]` after a reorder). */
    updateDashboards(appId: string, changes: Array<DashboardChanges & { id: string }>): Promise<Dashboard[]> {
      return request.route(r.updateDashboards, [appId], { body: changes });
    },

    /** Replaces a dashboard's settings (`runAs`, `refreshInterval`). */
    updateDashboardSettings(appId: string, dashboardId: string, settings: DashboardSettings): Promise<Dashboard> {
      return request.route(r.updateDashboardSettings, [appId, dashboardId], { body: settings });
    },

    /** Deletes a dashboard; as on the reference client the argument is named `name` but is the dashboard's id. */
    deleteDashboard(appId: string, name: string): Promise<Success> {
      return request.route(r.deleteDashboard, [appId, name]);
    },

    /** Adds one dashlet. */
    addDashboardDashlet(appId: string, dashboardId: string, dashletComponent: DashletInput): Promise<Dashlet> {
      return request.route(r.addDashboardDashlet, [appId, dashboardId], { body: dashletComponent });
    },

    /** Adds several dashlets at once. */
    createDashboardDashlets(appId: string, dashboardId: string, dashlets: DashletInput[]): Promise<Dashlet[]> {
      return request.route(r.createDashboardDashlets, [appId, dashboardId], { body: dashlets });
    },

    /** Removes a dashlet. */
    deleteDashboardDashlet(appId: string, dashboardId: string, dashletId: string): Promise<Success> {
      return request.route(r.deleteDashboardDashlet, [appId, dashboardId, dashletId]);
    },

    /** Moves, resizes or reconfigures a dashlet. */
    updateDashboardDashlet(
      appId: string,
      dashboardId: string,
      dashletId: string,
      changes: Partial<DashletInput>,
    ): Promise<Dashlet> {
      return request.route(r.updateDashboardDashlet, [appId, dashboardId, dashletId], { body: changes });
    },

    /** A chart dashlet's points, as `as` or the dashboard's `runAs` caller sees them. */
    getDashletData(
      appId: string,
      dashboardId: string,
      dashletId: string,
      as: ChartCallerQuery = {},
    ): Promise<ChartData> {
      return request.route(r.getDashletData, [appId, dashboardId, dashletId], { query: { ...as } });
    },

    /** The dashboard's dashlet components. */
    loadDashletComponents(appId: string, dashboardId: string): Promise<DashletComponent[]> {
      return request.route(r.loadDashletComponents, [appId, dashboardId]);
    },

    /** Installs a dashlet component from the marketplace (not available yet: 501). */
    installDashletComponent(appId: string, dashboardId: string, product: unknown): Promise<unknown> {
      return request.route(r.installDashletComponent, [appId, dashboardId], { body: product });
    },

    /** Upgrades an installed dashlet component (not available yet: 501). */
    upgradeDashletComponent(appId: string, dashboardId: string, product: unknown, versionId: string): Promise<unknown> {
      return request.route(r.upgradeDashletComponent, [appId, dashboardId], { body: { product, versionId } });
    },

    /** Creates a dashlet component of the dashboard. */
    createDashletComponent(
      appId: string,
      dashboardId: string,
      dashlet: DashletComponentInput,
    ): Promise<DashletComponent> {
      return request.route(r.createDashletComponent, [appId, dashboardId], { body: dashlet });
    },

    /** Deletes a dashlet component (the path ends with `/`, as on the reference client). */
    deleteDashletComponent(appId: string, dashboardId: string, componentId: string): Promise<Success> {
      return request.delete(slashed(r.deleteDashletComponent, [appId, dashboardId, componentId]));
    },

    /** Changes a dashlet component (the path ends with `/`, as on the reference client). */
    updateDashletComponent(
      appId: string,
      dashboardId: string,
      componentId: string,
      changes: Partial<DashletComponentInput>,
    ): Promise<DashletComponent> {
      return request.put(slashed(r.updateDashletComponent, [appId, dashboardId, componentId]), changes);
    },

    /** A signed link to one file, valid 10 minutes without the developer key. */
    getDashletComponentFileDownloadLink(
      appId: string,
      dashboardId: string,
      componentId: string,
      fileId: string,
    ): Promise<{ url: string; expires: number }> {
      return request.route(r.getDashletComponentFileDownloadLink, [appId, dashboardId, componentId], {
        query: { fileId },
      });
    },

    /** The component's files. */
    loadDashletComponentFilesList(
      appId: string,
      dashboardId: string,
      componentId: string,
    ): Promise<DashletComponentFile[]> {
      return request.route(r.loadDashletComponentFilesList, [appId, dashboardId, componentId]);
    },

    /** One file with its text. */
    loadDashletComponentFileContent(
      appId: string,
      dashboardId: string,
      componentId: string,
      fileName: string,
    ): Promise<{ name: string; content: string }> {
      return request.route(r.loadDashletComponentFileContent, [appId, dashboardId, componentId, fileName]);
    },

    /** Adds files (`[{name, content}]`); a name already there is replaced. */
    uploadDashletComponentFiles(
      appId: string,
      dashboardId: string,
      componentId: string,
      files: ComponentFile[],
    ): Promise<DashletComponentFile[]> {
      return request.route(r.uploadDashletComponentFiles, [appId, dashboardId, componentId], { body: files });
    },

    /** Replaces the text of existing files. */
    updateDashletComponentFiles(
      appId: string,
      dashboardId: string,
      componentId: string,
      files: ComponentFile[],
    ): Promise<DashletComponentFile[]> {
      return request.route(r.updateDashletComponentFiles, [appId, dashboardId, componentId], { body: files });
    },
  };
}
