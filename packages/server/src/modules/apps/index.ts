import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AppsService } from './apps.service.js';
import { registerAppRoutes } from './apps.routes.js';
import { accessGeneration, accessMemory } from '../../http/access-cache.js';
import { ApiKeysRepo, clientKindOf } from './api-keys.repo.js';

export { AppsService } from './apps.service.js';
export {
  ApiKeysRepo,
  CUSTOM_DEVICE_TYPE,
  clientKindOf,
  deviceOfClientKind,
  newApiKeyValue,
  roleOfClientKind,
} from './api-keys.repo.js';

/** Removes every application a developer owns (used before the developer account is deleted). */
export function deleteAppsOwnedBy(ctx: ServerContext, developerId: string): Promise<void> {
  return new AppsService(ctx).deleteOwnedBy(developerId);
}

/** Where a found key is remembered: per server (tests run several in one process), app and key. */
const keyOf = (ctx: ServerContext, appId: string, apiKey: string) => `${serverIdOf(ctx)}\u0000${appId}\u0000${apiKey}`;

/** A key found in the last moments, without waiting (see `apiKeys` below); undefined when it must be looked up. */
export function knownApiKey(
  ctx: ServerContext,
  appId: string,
  apiKey: string,
): { appId: string; deviceType: string } | undefined {
  return apiKeys.get(keyOf(ctx, appId, apiKey));
}

/**
 * Resolves an app-facing API key: answers the app id and the key's client kind (its device type:
 * ANDROID, IOS, JS, REST, WP, AS, BL, or for a custom key `CUSTOM` with its role, see
 * `clientKindOf`), or undefined when the key does not belong to that app.
 */
export async function resolveApiKey(
  ctx: ServerContext,
  appId: string,
  apiKey: string,
): Promise<{ appId: string; deviceType: string } | undefined> {
  if (!appId || !apiKey || appId.length > 64 || apiKey.length > 64) return undefined;
  const key = keyOf(ctx, appId, apiKey);
  const known = apiKeys.get(key);
  if (known) return known;
  const since = accessGeneration();
  const row = await new ApiKeysRepo(ctx.dbs).byValue(appId, apiKey);
  if (!row) return undefined;
  const found = { appId: row.app_id, deviceType: clientKindOf(row.device_type, row.role_id) };
  apiKeys.set(key, found, since);
  return found;
}

/**
 * Every app API request starts with its key, so keys that were found are remembered for at most
 * ACCESS_TTL_MS (http/access-cache.ts). New keys (a new app's, a new custom key) are values nobody
 * can have asked for yet, and unknown keys are never remembered, so no refusal outlives a key's
 * creation. Every write that retires a value or changes what a key gives calls
 * `forgetConsoleAccess()`: changing or deleting an app (AppsRepo), regenerating, deleting or
 * changing the role of a key (ApiKeysRepo). That empties this memory and keeps a lookup that
 * overlapped the write from storing its answer, so the old value is refused by the very next
 * request of this process; another process sharing the PostgreSQL database stops accepting it
 * within the TTL. Any future way to replace or revoke a key must do the same.
 */
const apiKeys = accessMemory<{ appId: string; deviceType: string }>();

/**
 * Tells servers of one process apart (tests run several), so one never answers from another's keys:
 * a number memoised per context, not a service found through it.
 */
const serverIds = new WeakMap<ServerContext, number>();
let nextServerId = 0;
function serverIdOf(ctx: ServerContext): number {
  let id = serverIds.get(ctx);
  if (id === undefined) serverIds.set(ctx, (id = ++nextServerId));
  return id;
}

/** Applications: list, create (with data store and API keys), rename, delete, info, logo, options. */
export const appsModule: ServerModule = {
  name: 'apps',
  register(app, ctx) {
    registerAppRoutes(app, ctx, new AppsService(ctx));
  },
};
