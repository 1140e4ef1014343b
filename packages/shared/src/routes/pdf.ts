import { plannedRoutes } from '../route.js';

const base = '/:appId/console/pdf';

/** PDF templates and documents generated from them (not built yet). */
export const pdfRoutes = plannedRoutes('pdf', 'pdf', {
  generatePDF: ['POST', '/api/node-server/manage/app/:appId/pdf/generate'],
  listTemplates: ['GET', base],
  loadTemplate: ['GET', `${base}/:templateId`],
  createTemplate: ['POST', base],
  updateTemplate: ['PUT', `${base}/:templateId`],
  deleteTemplate: ['DELETE', `${base}/:templateId`],
});
