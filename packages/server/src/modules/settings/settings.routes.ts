import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { ApiKeysService } from './api-keys.service.js';
import type { WarningsService } from './warnings.service.js';

const r = Routes.settings;

/** App settings with its API keys, the key rows, and the app's warnings. */
export function registerSettingsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  keys: ApiKeysService,
  warnings: WarningsService,
): void {
  handle(app, ctx, r.getAppSettings, ({ access }) => keys.settings(access.app));
  handle(app, ctx, r.getAPIKey, ({ params }) => keys.get(params.appId, params.apiKeyId));
  handle(app, ctx, r.createAPIKey, ({ params, body, developer, req }) =>
    keys.create(params.appId, body ?? {}, { developerId: developer.id, origin: req }),
  );
  handle(app, ctx, r.updateAPIKey, ({ params, body, developer, req }) =>
    keys.update(params.appId, params.apiKeyId, body ?? {}, { developerId: developer.id, origin: req }),
  );
  handle(app, ctx, r.regenerateAPIKey, ({ params, developer, req }) =>
    keys.regenerate(params.appId, params.apiKeyId, { developerId: developer.id, origin: req }),
  );
  handle(app, ctx, r.deleteAPIKey, ({ params, developer, req }) =>
    keys.remove(params.appId, params.apiKeyId, { developerId: developer.id, origin: req }),
  );

  handle(app, ctx, Routes.system.warning, ({ params }) => warnings.list(params.appId));
}
