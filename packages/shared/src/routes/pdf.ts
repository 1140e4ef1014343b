import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/pdf';

/** Most characters of a template's HTML. */
export const PDF_TEMPLATE_MAX = 200_000;

/** A PDF template: HTML whose `{{field}}` placeholders take a record's values, escaped. */
export const PdfTemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  content: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type PdfTemplate = Static<typeof PdfTemplateSchema>;

export const PdfTemplateInputSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  content: Type.String({ maxLength: PDF_TEMPLATE_MAX }),
});
export type PdfTemplateInput = Static<typeof PdfTemplateInputSchema>;

/**
 * What `generatePDF` prints: a template (saved, by `templateId`, or `content` as given) filled with
 * a record, either `record` itself or the record `objectId` of `table` as stored.
 */
export const GeneratePdfSchema = Type.Object({
  templateId: Type.Optional(Type.String({ maxLength: 64 })),
  content: Type.Optional(Type.String({ maxLength: PDF_TEMPLATE_MAX })),
  record: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 500 })),
  table: Type.Optional(Type.String({ maxLength: 100 })),
  objectId: Type.Optional(Type.String({ maxLength: 100 })),
  fileName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type GeneratePdf = Static<typeof GeneratePdfSchema>;

/** PDF templates and documents generated from them (`pdf` group). */
export const pdfRoutes = {
  generatePDF: defineRoute({
    name: 'pdf.generatePDF',
    method: 'POST',
    path: '/api/node-server/manage/app/:appId/pdf/generate',
    auth: 'developer',
    body: GeneratePdfSchema,
    response: Type.String({ description: 'application/pdf, written by the handler' }),
    summary: 'Prints a template filled with a record as a PDF (headless Chromium, no network, at most 50 pages)',
  }),
  listTemplates: defineRoute({
    name: 'pdf.listTemplates',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(PdfTemplateSchema),
    summary: "The app's PDF templates, by name",
  }),
  loadTemplate: defineRoute({
    name: 'pdf.loadTemplate',
    method: 'GET',
    path: `${base}/:templateId`,
    auth: 'developer',
    response: PdfTemplateSchema,
    summary: 'One PDF template with its HTML',
  }),
  createTemplate: defineRoute({
    name: 'pdf.createTemplate',
    method: 'POST',
    path: base,
    auth: 'developer',
    body: PdfTemplateInputSchema,
    response: PdfTemplateSchema,
    summary: 'Saves a new PDF template (409 when the name is taken)',
  }),
  updateTemplate: defineRoute({
    name: 'pdf.updateTemplate',
    method: 'PUT',
    path: `${base}/:templateId`,
    auth: 'developer',
    body: PdfTemplateInputSchema,
    response: PdfTemplateSchema,
    summary: 'Replaces a PDF template',
  }),
  deleteTemplate: defineRoute({
    name: 'pdf.deleteTemplate',
    method: 'DELETE',
    path: `${base}/:templateId`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a PDF template',
  }),
} satisfies Record<string, RouteDef>;
