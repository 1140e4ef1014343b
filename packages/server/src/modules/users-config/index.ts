import type {
  Auth0Settings,
  OAuthProvider,
  ScopeBinding,
  UserProperty,
  UsersLoginSettings,
  UsersRegistrationSettings,
} from '@basalt/shared';
import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { UsersConfigService } from './users-config.service.js';
import { OAuthProvidersService } from './oauth.service.js';
import { registerUsersConfigRoutes } from './users-config.routes.js';
import { usersConfigSystemMigrations } from './users-config.migrations.js';
import { OAuthLoginRepo } from './oauth-login.repo.js';

export { OAuthLoginRepo, STATE_TTL_MS } from './oauth-login.repo.js';
export {
  callProvider,
  oauth1Header,
  providerUrl,
  ProviderError,
  PROVIDER_MAX_BYTES,
  PROVIDER_TIMEOUT_MS,
} from './oauth-http.js';

/*
 * What the app API's registration and login follow. Each call reads the stored settings (a primary
 * key lookup), so a change in the console applies to the next request on every node.
 */

/** Registration properties: whether sign-up is open, email confirmation, default role. */
export function getRegistrationSettings(ctx: ServerContext, appId: string): Promise<UsersRegistrationSettings> {
  return new UsersConfigService(ctx).registration(appId);
}

/**
 * Login properties: identity column, multiple logins, session timeout (seconds, 0 = none), failed
 * login lock, and `sessionsNotBefore` (tokens issued earlier must be refused: "log out all users").
 */
export function getLoginSettings(ctx: ServerContext, appId: string): Promise<UsersLoginSettings> {
  return new UsersConfigService(ctx).login(appId);
}

/** User properties with their identity/required/registration flags. */
export function getUserProperties(ctx: ServerContext, appId: string): Promise<UserProperty[]> {
  return new UsersConfigService(ctx).properties(appId);
}

/** Configured OAuth providers of one protocol version. */
export function getOAuthProviders(ctx: ServerContext, appId: string, version: 1 | 2): Promise<OAuthProvider[]> {
  const users = new UsersConfigService(ctx);
  return new OAuthProvidersService(ctx, users.repo).list(appId, version);
}

/** One provider by code (any state: the caller refuses a disabled one with its own error). */
export async function findOAuthProvider(
  ctx: ServerContext,
  appId: string,
  version: 1 | 2,
  code: string,
): Promise<OAuthProvider | undefined> {
  return (await getOAuthProviders(ctx, appId, version)).find((p) => p.code === code);
}

/** The app API callback a provider sends a browser back to (the URL shown in the console). */
export function getOAuthCallbackUrl(ctx: ServerContext, appId: string, version: 1 | 2, code: string): string {
  const users = new UsersConfigService(ctx);
  return new OAuthProvidersService(ctx, users.repo).callbackUrl(appId, version, code).callbackUrl;
}

/** Pending browser sign-ins and the provider identities linked to app users. */
export function oauthLoginRepo(ctx: ServerContext): OAuthLoginRepo {
  return new OAuthLoginRepo(ctx.dbs);
}

export function getAuth0Settings(ctx: ServerContext, appId: string): Promise<Auth0Settings> {
  return new UsersConfigService(ctx).auth0(appId);
}

/** Auth0 scope → role bindings: a user whose token carries the scope gets the role. */
export function getScopeRoleBindings(ctx: ServerContext, appId: string): Promise<ScopeBinding[]> {
  return new UsersConfigService(ctx).bindings(appId);
}

/** Users configuration: registration and login properties, user properties, OAuth, Auth0. */
export const usersConfigModule: ServerModule = {
  area: 'users',
  name: 'users-config',
  systemMigrations: usersConfigSystemMigrations,
  register(app, ctx) {
    const users = new UsersConfigService(ctx);
    registerUsersConfigRoutes(app, ctx, users, new OAuthProvidersService(ctx, users.repo));
  },
};
