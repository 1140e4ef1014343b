import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { handle } from '../../../http/route.js';
import type { LandingService } from './landing.service.js';

const r = Routes.landingPage;

/** The landing page rows of `settings`. */
export function registerLandingRoutes(app: FastifyInstance, ctx: ServerContext, landing: LandingService): void {
  handle(app, ctx, r.getLandingPageData, ({ params }) => landing.get(params.appId));
  handle(app, ctx, r.getLandingPageTemplates, () => landing.templates());
  handle(app, ctx, r.saveLandingPageData, ({ params, body }) => landing.save(params.appId, body));
  handle(app, ctx, r.publishLandingPageData, ({ params, body }) => landing.publish(params.appId, body));
  handle(app, ctx, r.uploadLandingPageFile, async ({ params, query, req }) => {
    if (!req.isMultipart()) throw ApiError.badRequest('Send the image as multipart/form-data');
    const part = await req.file();
    if (!part) throw ApiError.badRequest('The request holds no file');
    try {
      return await landing.upload(params.appId, query.section, query.name || part.filename, part.file);
    } catch (err) {
      // The rest of a refused image is read and thrown away (at most the upload limit), so the
      // connection stays usable for the client's next request.
      part.file.resume();
      req.raw.resume();
      throw err;
    }
  });
}
