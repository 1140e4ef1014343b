import multipart from '@fastify/multipart';
import type { ServerModule } from '../module.js';
import { uiBuilderMigrations } from './ui-builder.migrations.js';
import { registerUiBuilderRoutes } from './ui-builder.routes.js';
import { ContainersService } from './containers.service.js';
import { DocumentsService } from './documents.service.js';
import { UiOrigin } from './serve/ui-origin.js';
import { PublishService } from './publish.service.js';
import { registerPublicPages } from './serve/public-pages.js';
import { uiLookMigrations } from './look/look.migrations.js';
import { LookService } from './look/look.service.js';
import { registerLookRoutes } from './look/look.routes.js';
import { registerLookAssets } from './look/assets.js';
import { PWA_ICON_MAX } from './look/images.js';
import { AppData } from '../appapi/data-access.js';
import { uiVisualMigrations } from './visual/visual.migrations.js';
import { ChartsService } from './visual/charts.service.js';
import { DashboardsService } from './visual/dashboards.service.js';
import { VisualizationsService } from './visual/visualizations.service.js';
import { QuickAppsService } from './visual/quick-apps.service.js';
import { PreviewService } from './visual/preview.service.js';
import { registerVisualRoutes } from './visual/visual.routes.js';

/**
 * The UI Builder (decision 0080): containers, pages and layouts with their UI documents and
 * logic, publishing, and the UI origin that serves published pages on its own port. Themes,
 * i18n, components and the rest of the group still answer 501, so the area is partial. With it
 * (decision 0093): the chart builder, visualizations, quick apps, the console preview token and
 * dashboards (whose marketplace install and upgrade of dashlet components still answer 501).
 */
export const uiBuilderModule: ServerModule = {
  partOf: ['ui', 'dashboards'],
  areas: ['charts', 'visualizations', 'quick-apps', 'console-preview'],
  name: 'ui-builder',
  systemMigrations: { ...uiBuilderMigrations, ...uiLookMigrations, ...uiVisualMigrations },
  register(app, ctx) {
    const ui = new UiOrigin(ctx);
    const containers = new ContainersService(ctx, ui);
    const look = new LookService(ctx, containers);
    const docs = new DocumentsService(ctx, containers, (id) => look.i18nKeys(id));
    const publish = new PublishService(ctx, containers, ui, look);
    registerUiBuilderRoutes(app, ctx, containers, docs, publish);
    const charts = new ChartsService(ctx, new AppData(ctx), containers);
    const preview = new PreviewService(ctx, containers, publish, ui);
    registerVisualRoutes(app, ctx, {
      charts,
      dashboards: new DashboardsService(ctx, charts),
      visualizations: new VisualizationsService(ctx, containers, charts, ui),
      quickApps: new QuickAppsService(ctx, containers, docs, publish, ui),
      preview,
    });
    // Favicon and PWA icon uploads: multipart is parsed only in this scope, with the icons' limit.
    void app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: PWA_ICON_MAX + 1, files: 1, parts: 5 } });
      registerLookRoutes(scope, ctx, look);
    });
    ui.serve((uiApp) => {
      registerLookAssets(uiApp, publish);
      registerPublicPages(uiApp, ctx, publish, preview);
    });
    // The UI origin listens when the console server does (tests that only inject start none).
    app.addHook('onListen', () => ui.start());
    app.addHook('onClose', () => ui.stop());
  },
};
