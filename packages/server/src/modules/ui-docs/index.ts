import type { ServerModule } from '../module.js';
import { AppData } from '../appapi/data-access.js';
import { uiDocsMigrations } from './ui-docs.migrations.js';
import { FormsService } from './forms.service.js';
import { registerFormRoutes } from './forms.routes.js';
import { PdfRenderer } from './pdf.renderer.js';
import { PdfService } from './pdf.service.js';
import { registerPdfRoutes } from './pdf.routes.js';

/** Submissions one address may make to an app's forms per minute. */
const SUBMITS_PER_MINUTE = 30;

/**
 * Forms of the form editor (decision 0087): saved per app in the system database, launched as a
 * page without script, submitted through the app API's data access as the form's caller. Carries
 * the migrations of every table of `ui-docs` (forms, PDF templates, charts, dashboards).
 */
export const formsModule: ServerModule = {
  area: 'forms',
  name: 'forms',
  systemMigrations: uiDocsMigrations,
  register(app, ctx) {
    const limiter = ctx.cluster.limiter('form-submit', SUBMITS_PER_MINUTE, 60_000);
    registerFormRoutes(app, ctx, new FormsService(ctx, new AppData(ctx), limiter));
  },
};

/** PDF templates printed with one headless Chromium, reused and closed with the server (decision 0087). */
export const pdfModule: ServerModule = {
  area: 'pdf',
  name: 'pdf',
  register(app, ctx) {
    const renderer = new PdfRenderer(ctx.config.chromiumPath);
    registerPdfRoutes(app, ctx, new PdfService(ctx, renderer));
    app.addHook('onClose', () => renderer.close());
  },
};
