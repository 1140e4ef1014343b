import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { CountersService } from './counters.service.js';
import { registerCounterRoutes } from './counters.routes.js';
import { countersAppMigrations } from './counters.migrations.js';

export { CountersService } from './counters.service.js';
export { globToLike, globMatcher, hasControlCharacters } from './glob.js';

/**
 * The counters of one application for the app-facing API: atomic on both databases under
 * concurrent requests (`addAndGet`, `getAndAdd`, `compareAndSet`, `get`, `reset`).
 */
export function countersFor(ctx: ServerContext): CountersService {
  return new CountersService(ctx);
}

/** Atomic counters: console list, create, compare-and-set, delete; app-facing increments. */
export const countersModule: ServerModule = {
  name: 'counters',
  appMigrations: countersAppMigrations,
  register(app, ctx) {
    registerCounterRoutes(app, ctx, new CountersService(ctx));
  },
};
