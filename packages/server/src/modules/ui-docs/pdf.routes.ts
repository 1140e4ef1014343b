import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { PdfService } from './pdf.service.js';

/** PDF templates and printing (`pdf` group). */
export function registerPdfRoutes(app: FastifyInstance, ctx: ServerContext, pdf: PdfService): void {
  const R = Routes.pdf;
  handle(app, ctx, R.listTemplates, ({ params }) => pdf.list(params.appId));
  handle(app, ctx, R.loadTemplate, ({ params }) => pdf.load(params.appId, params.templateId));
  handle(app, ctx, R.createTemplate, ({ params, body }) => pdf.create(params.appId, body));
  handle(app, ctx, R.updateTemplate, ({ params, body }) => pdf.update(params.appId, params.templateId, body));
  handle(app, ctx, R.deleteTemplate, ({ params }) => pdf.remove(params.appId, params.templateId));
  handle(app, ctx, R.generatePDF, async ({ params, body, reply }) => {
    const { pdf: bytes, fileName } = await pdf.generate(params.appId, body);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
