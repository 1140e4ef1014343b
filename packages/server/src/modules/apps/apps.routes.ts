import type { FastifyInstance } from 'fastify';
import { Routes, sidebarAreas } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { AppsService, suggestSubdomains } from './apps.service.js';
import { applyBlueprint, blueprintCatalogue, type LoadedBlueprint } from '../blueprints/index.js';

const r = Routes.apps;

export function registerAppRoutes(app: FastifyInstance, ctx: ServerContext, service: AppsService): void {
  handle(app, ctx, r.getApps, ({ developer }) => service.list(developer.id));

  handle(app, ctx, r.createApp, async ({ developer, body, req }) => {
    const name = body.appName ?? body.name;
    if (!name) throw ApiError.field('BAD_REQUEST', 'appName', 'Give the application a name (appName)');
    // An unknown blueprint is refused before anything is made.
    const blueprint = body.blueprintId === undefined ? undefined : knownBlueprint(body.blueprintId);
    const created = await service.create(developer.id, name, body.description ?? '');
    if (blueprint) {
      // Half an app is no app: a blueprint that cannot be applied takes the new app with it.
      await applyBlueprint(app, req, created.id, blueprint).catch(async (err: unknown) => {
        await service.delete(created.id);
        throw err;
      });
    }
    return created;
  });

  handle(app, ctx, r.renameApp, ({ access, body, developer, req }) =>
    service.rename(access.app, body.appName, developer.id, req),
  );

  handle(app, ctx, r.deleteApp, async ({ params, access, developer, req }) => {
    await service.delete(params.appId);
    // The app's log went with it; this entry stays (no foreign key) as the record of who deleted what.
    ctx.bus.emit('console.changed', {
      appId: params.appId,
      developerId: developer.id,
      action: 'app.delete',
      target: params.appId,
      summary: `Deleted application ${access.app.name}`,
      origin: req,
    });
    return { success: true };
  });

  handle(app, ctx, r.getAppInfo, ({ access }) => service.info(access.app, access.role));
  handle(app, ctx, r.updateAppInfo, async ({ params, body, access }) => {
    const info = body.info ?? body.description ?? '';
    await service.updateInfo(params.appId, info);
    return service.info({ ...access.app, info }, access.role);
  });

  handle(app, ctx, r.updateAppLogo, async ({ params, body }) => {
    const logo = typeof body === 'string' ? body : (body?.logo ?? null);
    await service.updateLogo(params.appId, logo);
    return { logo };
  });
  handle(app, ctx, r.getAppLogo, ({ access }) => ({ logo: access.app.logo }));

  handle(app, ctx, r.loadAppsInfo, async ({ developer, query }) => {
    const wanted =
      query.appsIds === undefined ? undefined : new Set(Array.isArray(query.appsIds) ? query.appsIds : [query.appsIds]);
    const apps = await service.list(developer.id);
    return apps.filter((a) => !wanted || wanted.has(a.id));
  });

  handle(app, ctx, r.generateSubdomains, () => suggestSubdomains());

  handle(app, ctx, r.loadAppsMenuItems, () =>
    sidebarAreas().map((a) => ({ id: a.id, title: a.title, group: a.group, segment: a.segment })),
  );

  handle(app, ctx, r.getAppDevOptions, ({ access }) => JSON.parse(access.app.dev_options || '{}'));
  handle(app, ctx, r.updateAppDevOptions, ({ params, body }) => {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw ApiError.badRequest('Developer options must be a JSON object');
    return service.setDevOptions(params.appId, body as Record<string, unknown>);
  });

  // Clone, export, import and reset are the lifecycle module's routes (decision 0059).
  const later: Array<[keyof typeof r, string]> = [['loadAppFavorites', 'Favourite apps']];
  for (const [name, what] of later) {
    handle(app, ctx, r[name], () => {
      throw ApiError.notAvailableYet(what);
    });
  }
}

function knownBlueprint(id: string): LoadedBlueprint {
  const catalogue = blueprintCatalogue();
  const found = catalogue.find(id);
  if (!found)
    throw ApiError.field(
      'BAD_REQUEST',
      'blueprintId',
      `Unknown blueprint '${id}': the blueprints are ${catalogue.names()}`,
    );
  return found;
}
