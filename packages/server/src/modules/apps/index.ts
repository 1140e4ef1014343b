import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AppsService } from './apps.service.js';
import { registerAppRoutes } from './apps.routes.js';

export { AppsService } from './apps.service.js';

/** Removes every application a developer owns (used before the developer account is deleted). */
export function deleteAppsOwnedBy(ctx: ServerContext, developerId: string): Promise<void> {
  return new AppsService(ctx).deleteOwnedBy(developerId);
}

/** Applications: list, create (with data store and API keys), rename, delete, info, logo, options. */
export const appsModule: ServerModule = {
  name: 'apps',
  register(app, ctx) {
    registerAppRoutes(app, ctx, new AppsService(ctx));
  },
};
