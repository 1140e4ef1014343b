import { Routes, type GeneratePdf, type PdfTemplate, type PdfTemplateInput, type Success } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.pdf;

export type { GeneratePdf, PdfTemplate, PdfTemplateInput };

/** PDF templates and documents printed from them (`pdf` group of the reference client). */
export function createPdfGroup({ request }: GroupContext) {
  return {
    /**
     * Prints a template filled with a record: `{templateId | content, record | table + objectId}`.
     * Sent on the node API channel, as the reference client does; answers the PDF's bytes.
     */
    async generatePDF(appId: string, payload: GeneratePdf): Promise<ArrayBuffer> {
      const bytes: unknown = await request.nodeAPI.route(r.generatePDF, [appId], {
        body: payload,
        responseType: 'arraybuffer',
      });
      return bytes as ArrayBuffer;
    },

    /** The app's PDF templates, by name. */
    listTemplates(appId: string): Promise<PdfTemplate[]> {
      return request.route(r.listTemplates, [appId]);
    },

    /** One template with its HTML. */
    loadTemplate(appId: string, templateId: string): Promise<PdfTemplate> {
      return request.route(r.loadTemplate, [appId, templateId]);
    },

    /** Saves a new template `{name, content}`. */
    createTemplate(appId: string, template: PdfTemplateInput): Promise<PdfTemplate> {
      return request.route(r.createTemplate, [appId], { body: template });
    },

    /** Replaces a template; its id is `template.id`. */
    updateTemplate(appId: string, template: PdfTemplateInput & { id: string }): Promise<PdfTemplate> {
      return request.route(r.updateTemplate, [appId, template.id], { body: template });
    },

    /** Deletes a template. */
    deleteTemplate(appId: string, templateId: string): Promise<Success> {
      return request.route(r.deleteTemplate, [appId, templateId]);
    },
  };
}
