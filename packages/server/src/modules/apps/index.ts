import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AppsService } from './apps.service.js';
import { registerAppRoutes } from './apps.routes.js';

export { AppsService } from './apps.service.js';

/** Removes every application a developer owns (used before the developer account is deleted). */
export function deleteAppsOwnedBy(ctx: ServerContext, developerId: string): Promise<void> {
  return new AppsService(ctx).deleteOwnedBy(developerId);
}

/**
 * Resolves an app-facing API key: answers the app id and the key's device type (ANDROID, IOS, JS,
 * REST, WP, AS, BL), or undefined when the key does not belong to that app.
 */
export async function resolveApiKey(ctx: ServerContext, appId: string, apiKey: string): Promise<{ appId: string; deviceType: string } | undefined> {
  if (!appId || !apiKey || appId.length > 64 || apiKey.length > 64) return undefined;
  const row = await ctx.dbs.system.selectFrom('api_keys').select(['app_id', 'device_type']).where('app_id', '=', appId).where('api_key', '=', apiKey).executeTakeFirst();
  return row ? { appId: row.app_id, deviceType: row.device_type } : undefined;
}

/** Applications: list, create (with data store and API keys), rename, delete, info, logo, options. */
export const appsModule: ServerModule = {
  name: 'apps',
  register(app, ctx) {
    registerAppRoutes(app, ctx, new AppsService(ctx));
  },
};
