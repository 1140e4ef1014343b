import {
  Routes,
  type Chart,
  type ChartCallerQuery,
  type ChartData,
  type ChartSource,
  type ChartTarget,
  type Success,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.chartBuilder;

export type { Chart, ChartCallerQuery, ChartData, ChartSource, ChartTarget };

/** Charts of the chart builder (`chartBuilder` group of the reference client). */
export function createChartBuilderGroup({ request }: GroupContext) {
  return {
    /** The app's charts, by name. */
    getCharts(appId: string): Promise<Chart[]> {
      return request.route(r.getCharts, [appId]);
    },

    /** Saves a new chart: its source (table, x, aggregate, where) and where it shows. */
    createChart(appId: string, chartSource: ChartSource, chartTarget?: ChartTarget): Promise<Chart> {
      return request.route(r.createChart, [appId], { body: { chartSource, chartTarget } });
    },

    /** Replaces a chart; as on the reference client, the chart is named by `chartSource.name`. */
    updateChart(appId: string, chartSource: ChartSource, chartTarget?: ChartTarget): Promise<Chart> {
      return request.route(r.updateChart, [appId, chartSource.name], { body: { chartSource, chartTarget } });
    },

    /** Deletes a chart. */
    deleteChart(appId: string, chartName: string): Promise<Success> {
      return request.route(r.deleteChart, [appId, chartName]);
    },

    /** Renames a chart. */
    renameChart(appId: string, oldChartName: string, newChartName: string): Promise<Chart> {
      return request.route(r.renameChart, [appId], { body: { oldChartName, newChartName } });
    },

    /** The chart's points as a caller sees them: `{roleName}`, `{userId}`, or (neither) the anonymous visitor. */
    getChartData(appId: string, chartName: string, as: ChartCallerQuery = {}): Promise<ChartData> {
      return request.route(r.getChartData, [appId, chartName], { query: { ...as } });
    },
  };
}
