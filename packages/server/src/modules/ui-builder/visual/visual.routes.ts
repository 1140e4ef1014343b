import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { handle } from '../../../http/route.js';
import type { ChartsService } from './charts.service.js';
import type { DashboardsService } from './dashboards.service.js';
import type { VisualizationsService } from './visualizations.service.js';
import type { QuickAppsService } from './quick-apps.service.js';
import type { PreviewService } from './preview.service.js';
import { Signer } from './signed.js';

/** How long a dashlet component file link works. */
const FILE_LINK_TTL_MS = 10 * 60_000;

export interface VisualServices {
  charts: ChartsService;
  dashboards: DashboardsService;
  visualizations: VisualizationsService;
  quickApps: QuickAppsService;
  preview: PreviewService;
}

/** The chart builder, dashboards, visualizations, quick apps and the console preview token (decision 0093). */
export function registerVisualRoutes(app: FastifyInstance, ctx: ServerContext, s: VisualServices): void {
  const C = Routes.chartBuilder;
  handle(app, ctx, C.getCharts, ({ params }) => s.charts.list(params.appId));
  handle(app, ctx, C.createChart, ({ params, body }) =>
    s.charts.create(params.appId, body.chartSource, body.chartTarget),
  );
  handle(app, ctx, C.updateChart, ({ params, body }) =>
    s.charts.update(params.appId, params.chartName, body.chartSource, body.chartTarget),
  );
  handle(app, ctx, C.deleteChart, ({ params }) => s.charts.remove(params.appId, params.chartName));
  handle(app, ctx, C.renameChart, ({ params, body }) =>
    s.charts.rename(params.appId, body.oldChartName, body.newChartName),
  );
  handle(app, ctx, C.getChartData, ({ params, query }) => s.charts.dataOf(params.appId, params.chartName, query));

  const D = Routes.dataToVisualize;
  const d = s.dashboards;
  handle(app, ctx, D.getDashboards, ({ params, query }) => d.list(params.appId, query));
  handle(app, ctx, D.createDashboard, ({ params, body }) => d.create(params.appId, body));
  handle(app, ctx, D.cloneDashboard, ({ params }) => d.clone(params.appId, params.dashboardId));
  handle(app, ctx, D.updateDashboard, ({ params, body }) => d.update(params.appId, params.dashboardId, body));
  handle(app, ctx, D.updateDashboards, ({ params, body }) => d.updateMany(params.appId, body));
  handle(app, ctx, D.updateDashboardSettings, ({ params, body }) =>
    d.updateSettings(params.appId, params.dashboardId, body),
  );
  handle(app, ctx, D.deleteDashboard, ({ params }) => d.remove(params.appId, params.dashboardId));
  handle(app, ctx, D.addDashboardDashlet, ({ params, body }) => d.addDashlet(params.appId, params.dashboardId, body));
  handle(app, ctx, D.createDashboardDashlets, ({ params, body }) =>
    d.addDashlets(params.appId, params.dashboardId, body),
  );
  handle(app, ctx, D.deleteDashboardDashlet, ({ params }) =>
    d.removeDashlet(params.appId, params.dashboardId, params.dashletId),
  );
  handle(app, ctx, D.updateDashboardDashlet, ({ params, body }) =>
    d.updateDashlet(params.appId, params.dashboardId, params.dashletId, body),
  );
  handle(app, ctx, D.getDashletData, ({ params, query }) =>
    d.dashletData(params.appId, params.dashboardId, params.dashletId, query),
  );
  handle(app, ctx, D.loadDashletComponents, ({ params }) => d.components(params.appId, params.dashboardId));
  handle(app, ctx, D.createDashletComponent, ({ params, body }) =>
    d.createComponent(params.appId, params.dashboardId, body),
  );
  handle(app, ctx, D.updateDashletComponent, ({ params, body }) =>
    d.updateComponent(params.appId, params.dashboardId, params.componentId, body),
  );
  handle(app, ctx, D.deleteDashletComponent, ({ params }) =>
    d.removeComponent(params.appId, params.dashboardId, params.componentId),
  );
  handle(app, ctx, D.loadDashletComponentFilesList, ({ params }) =>
    d.files(params.appId, params.dashboardId, params.componentId),
  );
  handle(app, ctx, D.loadDashletComponentFileContent, ({ params }) =>
    d.file(params.appId, params.dashboardId, params.componentId, params.fileName),
  );
  handle(app, ctx, D.uploadDashletComponentFiles, ({ params, body }) =>
    d.putFiles(params.appId, params.dashboardId, params.componentId, body, false),
  );
  handle(app, ctx, D.updateDashletComponentFiles, ({ params, body }) =>
    d.putFiles(params.appId, params.dashboardId, params.componentId, body, true),
  );

  // Signed file links: the claim names app, dashboard, component and file; the link works without
  // the developer key until it expires, and shows the file as it is then (never as a page).
  const files = new Signer(ctx.config.dataDir, 'dashlet-component-files');
  handle(app, ctx, D.getDashletComponentFileDownloadLink, async ({ params, query }) => {
    const { appId, dashboardId, componentId } = params;
    const file = await d.file(appId, dashboardId, componentId, query.fileId);
    const { token, expires } = files.sign({ a: appId, d: dashboardId, c: componentId, f: file.name }, FILE_LINK_TTL_MS);
    const base = ctx.config.publicUrl.replace(/\/$/, '');
    return { url: `${base}/${encodeURIComponent(appId)}/console/data-to-visualize/dashlet-files/${token}`, expires };
  });
  handle(app, ctx, D.downloadDashletComponentFile, async ({ params, reply }) => {
    const v = files.verify<{ a?: string; d?: string; c?: string; f?: string }>(params.token);
    if ('refused' in v)
      throw ApiError.forbidden(
        v.refused === 'expired' ? 'This download link has expired' : 'This download link is not valid',
      );
    const { a, d: dash, c, f } = v.claim;
    if (a !== params.appId || !dash || !c || !f) throw ApiError.forbidden('This download link is not valid');
    const file = await d.file(a, dash, c, f);
    const name = file.name
      .split('/')
      .pop()!
      .replace(/[^A-Za-z0-9_.-]/g, '_');
    return reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(file.content);
  });

  const V = Routes.visualizations;
  handle(app, ctx, V.getVisualizations, ({ params }) => s.visualizations.list(params.appId));
  handle(app, ctx, V.createVisualization, ({ params, body }) => s.visualizations.create(params.appId, body));
  handle(app, ctx, V.updateVisualization, ({ params, body }) =>
    s.visualizations.update(params.appId, params.visualizationId, body),
  );
  handle(app, ctx, V.deleteVisualizations, ({ params, query }) =>
    s.visualizations.remove(params.appId, query.visualizationIds),
  );
  handle(app, ctx, V.updateVisualizationResources, ({ params }) =>
    s.visualizations.refresh(params.appId, params.visualizationId),
  );
  handle(app, ctx, V.loadPublishedUIBuilderContainers, ({ params }) => s.visualizations.published(params.appId));

  const Q = Routes.quickApps;
  handle(app, ctx, Q.loadContainers, ({ params }) => s.quickApps.list(params.appId));
  handle(app, ctx, Q.loadContainer, ({ params }) => s.quickApps.load(params.appId, params.containerId));
  handle(app, ctx, Q.createContainer, ({ params, body }) => s.quickApps.create(params.appId, body));
  handle(app, ctx, Q.deleteContainer, ({ params }) => s.quickApps.remove(params.appId, params.containerId));
  handle(app, ctx, Q.deployContainer, ({ params, body, developer }) =>
    s.quickApps.deploy(params.appId, params.containerId, body, developer.email, developer.id),
  );

  handle(app, ctx, Routes.consolePreview.getPreviewInitToken, ({ params, query }) =>
    s.preview.token(params.appId, query.container || undefined),
  );
}
