import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChartSource, DashboardSettings, DashletInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { dashboardsKeys } from './dashboards.keys';

export function useDashboards(appId: string) {
  return useQuery({
    queryKey: dashboardsKeys.list(appId),
    queryFn: () => getSdk().dataToVisualize.getDashboards(appId),
  });
}

/** A chart dashlet's points as the dashboard's caller sees them (a 403 is shown in the dashlet, not retried). */
export function useDashletData(appId: string, dashboardId: string, dashletId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardsKeys.dashletData(appId, dashboardId, dashletId),
    queryFn: () => getSdk().dataToVisualize.getDashletData(appId, dashboardId, dashletId),
    retry: false,
    meta: { errorToast: false },
  });
}

function useWrite<V, A>(appId: string, write: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Errors show where the write was made (in the dialog or the confirmation).
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardsKeys.all(appId) }),
  });
}

export function useCreateDashboard(appId: string) {
  return useWrite(appId, (name: string) => getSdk().dataToVisualize.createDashboard(appId, { name }));
}

export function useDeleteDashboard(appId: string) {
  return useWrite(appId, (id: string) => getSdk().dataToVisualize.deleteDashboard(appId, id));
}

/** Saves a chart aimed at the dashboard, then adds a dashlet showing it. */
export function useAddChartDashlet(appId: string) {
  return useWrite(
    appId,
    async (v: { dashboardId: string; source: ChartSource; dashlet: Omit<DashletInput, 'component'> }) => {
      const chart = await getSdk().chartBuilder.createChart(appId, v.source, {
        kind: 'dashboard',
        dashboardId: v.dashboardId,
      });
      return getSdk().dataToVisualize.addDashboardDashlet(appId, v.dashboardId, {
        ...v.dashlet,
        component: 'chart',
        config: { chartName: chart.name },
      });
    },
  );
}

export function useDeleteDashlet(appId: string) {
  return useWrite(appId, (v: { dashboardId: string; dashletId: string }) =>
    getSdk().dataToVisualize.deleteDashboardDashlet(appId, v.dashboardId, v.dashletId),
  );
}

/** Who the dashboard's charts read as: a role, or (none) the anonymous visitor. */
export function useUpdateDashboardSettings(appId: string) {
  return useWrite(appId, (v: { id: string; settings: DashboardSettings }) =>
    getSdk().dataToVisualize.updateDashboardSettings(appId, v.id, v.settings),
  );
}
