import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, registeredRouteNames } from '../../http/route.js';
import type { UsersConfigService } from './users-config.service.js';
import type { OAuthProvidersService } from './oauth.service.js';

const r = Routes.users;

// Every handler's params, body and answer are typed by its route's schemas.
export function registerUsersConfigRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: UsersConfigService,
  oauth: OAuthProvidersService,
): void {
  handle(app, ctx, r.getUsersRegs, ({ params }) => users.registration(params.appId));
  handle(app, ctx, r.updateUsersRegs, ({ params, body }) => users.updateRegistration(params.appId, body));
  handle(app, ctx, r.getUsersLogin, ({ params }) => users.login(params.appId));
  handle(app, ctx, r.updateUsersLogin, ({ params, body }) => users.updateLogin(params.appId, body));
  handle(app, ctx, r.logoutAllUsers, ({ params }) => users.logoutAll(params.appId));
  handle(app, ctx, r.getUsersProps, ({ params }) => users.properties(params.appId));
  handle(app, ctx, r.updateUsersProps, ({ params, body }) =>
    users.updateProperty(params.appId, params.propertyName, body),
  );
  handle(app, ctx, r.updateSocialParams, ({ params, body }) => users.updateSocialParams(params.appId, body));
  // Same method and path as `user.loginSocial`, whose handler (accounts) serves both names.
  registeredRouteNames.add(r.getUserSocialLogin.name);

  for (const v of [1, 2] as const) {
    const k = v === 1 ? 'OAuth1' : 'OAuth2';
    handle(app, ctx, r[`get${k}ProviderTemplates`], () => oauth.templates(v));
    handle(app, ctx, r[`get${k}Providers`], ({ params }) => oauth.list(params.appId, v));
    handle(app, ctx, r[`get${k}Provider`], ({ params }) => oauth.get(params.appId, v, params.providerId));
    handle(app, ctx, r[`update${k}Provider`], ({ params, body }) =>
      oauth.update(params.appId, v, params.providerId, body),
    );
    handle(app, ctx, r[`create${k}ProviderFromTemplate`], ({ params, body }) =>
      oauth.createFromTemplate(params.appId, v, body),
    );
    handle(app, ctx, r[`remove${k}Provider`], async ({ params }) => {
      await oauth.remove(params.appId, v, params.providerId);
      return { success: true };
    });
    handle(app, ctx, r[`get${k}CallbackUrls`], ({ params }) => oauth.callbackUrl(params.appId, v, params.providerCode));
  }
  handle(app, ctx, r.createOAuth2Provider, ({ params, body }) => oauth.create(params.appId, 2, body));

  handle(app, ctx, r.getAuth0Configuration, ({ params }) => users.auth0(params.appId));
  handle(app, ctx, r.updateAuth0Configuration, ({ params, body }) => users.updateAuth0(params.appId, body));
  handle(app, ctx, r.getAuth0ScopeBindings, ({ params }) => users.bindings(params.appId));
  handle(app, ctx, r.createAuth0ScopeBinding, ({ params, body }) => users.createBinding(params.appId, body));
  handle(app, ctx, r.updateAuth0ScopeBinding, ({ params, body }) =>
    users.updateBinding(params.appId, params.bindingId, body),
  );
  handle(app, ctx, r.deleteAuth0ScopeBinding, async ({ params }) => {
    await users.deleteBinding(params.appId, params.bindingId);
    return { success: true };
  });
}
