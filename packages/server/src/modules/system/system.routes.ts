import type { FastifyInstance } from 'fastify';
import { Areas, Routes, sidebarAreas, type AreaState, type StatusInfo } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';

export const VERSION = '0.1.0';

function stateOf(id: string, available: Set<string>, partial: Set<string>): AreaState {
  if (available.has(id)) return 'available';
  return partial.has(id) ? 'partial' : 'not-available';
}

export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  availableAreas: Set<string>,
  partialAreas = new Set<string>(),
): void {
  handle(app, ctx, Routes.system.loadStatus, (): StatusInfo => ({
    ready: true,
    version: VERSION,
    database: ctx.dbs.kind,
    mail: ctx.mailer.mode,
    areas: Object.fromEntries(Areas.map((a) => [a.id, stateOf(a.id, availableAreas, partialAreas)])),
    features: { ...ctx.config.features },
  }));

  handle(app, ctx, Routes.system.loadMainMenu, () =>
    sidebarAreas().map((a) => ({
      id: a.id,
      title: a.title,
      group: a.group,
      available: stateOf(a.id, availableAreas, partialAreas) !== 'not-available',
    })),
  );

  // `warning(appId)` is answered by the settings module, which reads each state where it lives.
}
