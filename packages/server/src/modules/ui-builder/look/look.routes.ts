import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { handle } from '../../../http/route.js';
import { FAVICON_MAX, PWA_ICON_MAX, readUpload } from './images.js';
import type { LookService } from './look.service.js';

/** The file of a multipart upload (field `field`, or the first file), read up to `max` bytes. */
async function uploaded(req: FastifyRequest, field: string, max: number): Promise<Buffer> {
  if (!req.isMultipart()) throw ApiError.badRequest(`Send the image as multipart/form-data (field '${field}')`);
  const part = await req.file({ limits: { fileSize: max + 1 } });
  if (!part) throw ApiError.badRequest('The request holds no file');
  try {
    return await readUpload(part.file, max, field === 'favicon' ? 'favicon' : 'PWA icon');
  } catch (err) {
    // The rest of a refused file is read and thrown away, so the connection stays usable.
    part.file.resume();
    req.raw.resume();
    throw err;
  }
}

/** Themes, container styles, i18n, settings and PWA of the `uiBuilder` group (decision 0086). */
export function registerLookRoutes(app: FastifyInstance, ctx: ServerContext, look: LookService): void {
  const R = Routes.uiBuilder;
  handle(app, ctx, R.searchThemes, () => []);
  handle(app, ctx, R.loadThemes, ({ params }) => look.themes(params.appId));
  handle(app, ctx, R.createTheme, ({ params, body }) => look.createTheme(params.appId, body));
  handle(app, ctx, R.updateTheme, ({ params, body }) => look.updateTheme(params.appId, params.themeId, body));
  handle(app, ctx, R.deleteTheme, ({ params }) => look.deleteTheme(params.appId, params.themeId));
  handle(app, ctx, R.publishTheme, ({ params }) => look.publishTheme(params.appId, params.themeId));
  handle(app, ctx, R.loadThemeStyle, ({ params }) => look.themeStyle(params.appId, params.themeId));
  handle(app, ctx, R.updateThemeStyle, ({ params, body }) =>
    look.updateThemeStyle(params.appId, params.themeId, body.content),
  );
  handle(app, ctx, R.applyContainerTheme, ({ params, body }) =>
    look.applyTheme(params.appId, params.containerName, body),
  );

  handle(app, ctx, R.loadContainerStyles, ({ params }) => look.styles(params.appId, params.containerName));
  handle(app, ctx, R.loadContainerStyle, ({ params }) => look.style(params.appId, params.containerName, params.name));
  handle(app, ctx, R.updateContainerStyle, ({ params, body }) =>
    look.putStyle(params.appId, params.containerName, params.name, body),
  );
  handle(app, ctx, R.deleteContainerStyle, ({ params }) =>
    look.deleteStyle(params.appId, params.containerName, params.name),
  );

  handle(app, ctx, R.loadContainerI18n, ({ params }) => look.i18n(params.appId, params.containerName));
  handle(app, ctx, R.updateContainerDefaultI18n, ({ params, body }) =>
    look.setDefault(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.saveContainerI18n, ({ params, body }) =>
    look.saveDictionary(params.appId, params.containerName, params.dictionaryName, body),
  );
  handle(app, ctx, R.deleteContainerI18n, ({ params }) =>
    look.deleteDictionary(params.appId, params.containerName, params.dictionaryName),
  );
  handle(app, ctx, R.updateContainerI18nKey, ({ params, body }) =>
    look.updateKey(params.appId, params.containerName, params.key, body),
  );
  handle(app, ctx, R.renameContainerI18nKey, ({ params, query }) =>
    look.renameKey(params.appId, params.containerName, params.oldKeyName, query.newKeyName),
  );
  handle(app, ctx, R.deleteContainerI18nKeys, ({ params, body }) =>
    look.deleteKeys(params.appId, params.containerName, body),
  );

  handle(app, ctx, R.loadContainerSettings, ({ params }) => look.settings(params.appId, params.containerName));
  handle(app, ctx, R.updateContainerSettings, ({ params, body }) =>
    look.updateSettings(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerCustomConfigs, ({ params, body }) =>
    look.updateConfigs(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerViewport, ({ params, body }) =>
    look.updateViewport(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerMetaTags, ({ params, body }) =>
    look.updateMetaTags(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerCustomHeadContent, ({ params, body }) =>
    look.updateHead(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerExternalLibraries, ({ params, body }) =>
    look.updateLibraries(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.updateContainerPWASettings, ({ params, body }) =>
    look.updatePwa(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.uploadContainerFavicon, async ({ params, req }) =>
    look.setFavicon(params.appId, params.containerName, await uploaded(req, 'favicon', FAVICON_MAX)),
  );
  handle(app, ctx, R.removeContainerFavicon, ({ params }) => look.setFavicon(params.appId, params.containerName, null));
  handle(app, ctx, R.updateContainerPWAIcon, async ({ params, req }) =>
    look.setPwaIcon(params.appId, params.containerName, await uploaded(req, 'file', PWA_ICON_MAX)),
  );
}
