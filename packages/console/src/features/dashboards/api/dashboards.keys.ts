/** Query keys of dashboards and charts; everything of one app sits under `['dashboards', appId]`. */
export const dashboardsKeys = {
  all: (appId: string) => ['dashboards', appId] as const,
  list: (appId: string) => [...dashboardsKeys.all(appId), 'list'] as const,
  charts: (appId: string) => [...dashboardsKeys.all(appId), 'charts'] as const,
  dashletData: (appId: string, dashboardId: string, dashletId: string) =>
    [...dashboardsKeys.all(appId), 'data', dashboardId, dashletId] as const,
};
