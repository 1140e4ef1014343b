import multipart from '@fastify/multipart';
import type { ServerModule } from '../../module.js';
import { isStorageError } from '../../../storage/index.js';
import { toApiError } from '../../files/files.http.js';
import { landingMigrations } from './landing.migrations.js';
import { registerLandingRoutes } from './landing.routes.js';
import { LandingService } from './landing.service.js';

/**
 * Settings › Landing page: the app's page content, built-in templates, publish into the app's
 * files at `web/index.html` (served by the app's web files route) and the page's images.
 */
export const landingPageModule: ServerModule = {
  name: 'landing-page',
  partOf: ['settings'],
  systemMigrations: landingMigrations,
  async register(app, ctx) {
    await app.register(async (scope) => {
      // Multipart (the page's images) is parsed only in this scope, with the files' upload limit.
      await scope.register(multipart, { limits: { fileSize: ctx.config.uploadLimit + 1, files: 1, parts: 10 } });
      // Refusals of the storage layer (a name leaving the folder, a file over the limit) are API errors.
      scope.setErrorHandler((err) => {
        throw isStorageError(err) ? toApiError(err) : err;
      });
      registerLandingRoutes(scope, ctx, new LandingService(ctx));
    });
  },
};
