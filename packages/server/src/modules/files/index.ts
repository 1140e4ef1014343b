import multipart from '@fastify/multipart';
import type { ServerModule } from '../module.js';
import { createStorage, isStorageError } from '../../storage/index.js';
import { FilesService } from './files.service.js';
import { registerFilesConsoleRoutes } from './files.routes.js';
import { registerFilesAppRoutes } from './files.app-api.js';
import { toApiError } from './files.http.js';
import { registerSiteRoutes } from './files.site.js';

export { FilesService } from './files.service.js';

/**
 * Files: the console's file manager and the app API's file routes, on the configured storage
 * driver (local disk under `<dataDir>/apps/<appKey>/files`, or an S3-compatible bucket with
 * BASALT_STORAGE=s3 so servers that share no disk see the same files). File permissions for app users come with the
 * security area; see files.app-api.ts.
 */
let unsubscribe: (() => void) | undefined;

export const filesModule: ServerModule = {
  area: 'files',
  name: 'files',
  async register(app, ctx) {
    const service = new FilesService(ctx, createStorage(ctx.config));
    unsubscribe = ctx.bus.on('app.deleted', ({ appId }) => {
      service.storage
        .removeApp(appId)
        .catch((err: unknown) => ctx.log.error({ err, appId }, 'Removing the files of a deleted app failed'));
    });
    await app.register(async (scope) => {
      // Multipart is parsed only here. The per-file limit is one byte over the upload limit so that
      // the driver's own count sees the excess and refuses the file (busboy would silently truncate).
      await scope.register(multipart, {
        limits: { fileSize: ctx.config.uploadLimit + 1, fieldSize: 1024 * 1024, fields: 50, parts: 100 },
      });
      // Refusals of the storage layer become API errors; the parent handler writes them.
      scope.setErrorHandler((err) => {
        throw isStorageError(err) ? toApiError(err) : err;
      });
      registerFilesConsoleRoutes(scope, ctx, service);
      registerFilesAppRoutes(scope, ctx, service);
      // The web files custom domains publish (decision 0062).
      registerSiteRoutes(scope, ctx, service);
    });
  },
  close() {
    unsubscribe?.();
  },
};
