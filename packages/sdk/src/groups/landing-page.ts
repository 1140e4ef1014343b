import { Routes, type LandingPage, type LandingPageInput, type LandingTemplate, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';
import { uploadBody } from './files.js';

const r = Routes.landingPage;

/** The landing page methods of the reference client's `settings` group. */
export function landingPageMethods({ request }: GroupContext) {
  return {
    /** The saved content (a template's defaults before any save), when it was saved and published. */
    getLandingPageData(appId: string): Promise<LandingPage> {
      return request.route(r.getLandingPageData, [appId]);
    },

    /** The built-in templates with the content each starts from. */
    getLandingPageTemplates(appId: string): Promise<LandingTemplate[]> {
      return request.route(r.getLandingPageTemplates, [appId]);
    },

    /** Saves the content (fields left out keep their values); the published page changes on publish. */
    saveLandingPageData(appId: string, data: LandingPageInput): Promise<LandingPage> {
      return request.route(r.saveLandingPageData, [appId], { body: data });
    },

    /** Saves and writes the page to the app's files at `web/index.html`. */
    publishLandingPageData(appId: string, data: LandingPageInput): Promise<LandingPage> {
      return request.route(r.publishLandingPageData, [appId], { body: data });
    },

    /** An image for the page (multipart), stored at `web/landing/{section}/{name}`. */
    uploadLandingPageFile(
      appId: string,
      file: Blob | FormData | ArrayBuffer | ArrayBufferView | string,
      section: string,
      name: string,
    ): Promise<ResponseOf<typeof r.uploadLandingPageFile>> {
      // Always a form with field `file`, as the reference client sends it (a text goes in as a field).
      let body = uploadBody(file, name);
      if (typeof body === 'string') {
        const form = new FormData();
        form.append('file', body);
        body = form;
      }
      return request.route(r.uploadLandingPageFile, [appId], { query: { section, name }, body });
    },
  };
}
