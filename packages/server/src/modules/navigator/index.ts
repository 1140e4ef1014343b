import { Areas, Routes, type NavigatorLogInput, type NavigatorOptions } from '@basalt/shared';
import type { ServerModule } from '../module.js';
import { ApiError } from '../../http/api-error.js';
import { handle } from '../../http/route.js';
import { navigatorMigrations } from './navigator.migrations.js';
import { NavigatorRepo } from './navigator.repo.js';

/** How many places the navigator answers, and keeps per developer. */
const RECENT = 20;
const KEPT = 50;

/**
 * The console's navigator (decision 0065): the areas the command palette can open (with whether
 * this server has them) and the developer's recent places, recorded by `log` and kept on the
 * server so they follow the developer from browser to browser.
 */
export const navigatorModule: ServerModule = {
  area: 'navigator',
  name: 'navigator',
  systemMigrations: navigatorMigrations,
  register(app, ctx) {
    const repo = new NavigatorRepo(ctx.dbs);
    handle(app, ctx, Routes.navigator.loadNavigatorOptions, async ({ developer }): Promise<NavigatorOptions> => {
      const status = (await app.inject({ method: 'GET', url: Routes.system.loadStatus.path })).json() as {
        areas: Record<string, string>;
      };
      return {
        areas: Areas.map((a) => ({
          id: a.id,
          title: a.title,
          group: a.group,
          segment: a.segment,
          ...(a.parent ? { parent: a.parent } : {}),
          available: status.areas[a.id] !== 'not-available',
        })),
        recent: await repo.recent(developer.id, RECENT),
      };
    });
    handle(app, ctx, Routes.navigator.log, async ({ developer, body }) => {
      const visit = checked(body);
      await repo.visit(developer.id, visit);
      await repo.trim(developer.id, KEPT);
      return { success: true };
    });
  },
};

function checked(body: NavigatorLogInput) {
  // A console path only: never a URL to somewhere else that the palette would then offer.
  if (!body.path.startsWith('/') || body.path.startsWith('//'))
    throw ApiError.field('BAD_REQUEST', 'path', "'path' must be a console path starting with '/'");
  const appId = typeof body.appId === 'string' && body.appId ? body.appId : null;
  return { path: body.path, title: body.title?.trim() || body.path, appId, at: Date.now() };
}
