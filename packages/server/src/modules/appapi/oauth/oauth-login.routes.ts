import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { authenticateApp } from '../../../http/app-auth.js';
import { AppData } from '../data-access.js';
import { OAuthFlow } from './oauth-flow.js';
import { OAuthLogin } from './oauth-login.service.js';
import { OAuthSignIn } from './oauth-signin.service.js';

type P = { appId: string; apiKey: string; provider: string };

/**
 * App-user sign-in through providers, as the `backendless` SDK calls it: token login for OAuth 1/2
 * (`/users/social/{code}/login`), Auth0 (`/users/oauth2/auth0/login`, a path of ours: the SDK has
 * no Auth0 method), and the browser flow (`/users/oauth/{code}/request_url` and the callbacks the
 * console shows, `/{appId}/users/oauth{1|2}/{code}/callback`).
 */
export function registerOAuthLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const signIn = new OAuthSignIn(ctx, new AppData(ctx));
  const login = new OAuthLogin(ctx, signIn);
  const flow = new OAuthFlow(ctx, login, signIn);
  const base = '/:appId/:apiKey/users';
  // A stale token the SDK still holds must not stop a sign-in (a guest's own token is read apart).
  const anonymous = (req: FastifyRequest) => authenticateApp(ctx, req, { ignoreToken: true });
  const code = (req: FastifyRequest<{ Params: P }>) => req.params.provider.toLowerCase();

  app.post<{ Params: P }>(`${base}/social/:provider/login`, async (req) =>
    login.tokenLogin(req, await anonymous(req), code(req), req.body),
  );
  app.post<{ Params: P }>(`${base}/oauth2/auth0/login`, async (req) =>
    login.auth0Login(req, await anonymous(req), req.body),
  );
  app.post<{ Params: P }>(`${base}/oauth/:provider/request_url`, async (req, reply) =>
    reply.type('text/plain; charset=utf-8').send(await flow.requestUrl(req, await anonymous(req), code(req), req.body)),
  );
  // The SDK's older provider methods (loginWithFacebookSdk, loginWithGooglePlusSdk and the pop-up
  // loginWithFacebook/GooglePlus/Twitter) reach the same sign-ins by these paths.
  // Their 'googleplus' is the provider this server calls 'google'.
  const legacy = (req: FastifyRequest<{ Params: P }>) => (code(req) === 'googleplus' ? 'google' : code(req));
  app.post<{ Params: P }>(`${base}/social/:provider/sdk/login`, async (req) =>
    login.tokenLogin(req, await anonymous(req), legacy(req), req.body),
  );
  app.post<{ Params: P }>(`${base}/social/oauth/:provider/request_url`, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(await flow.requestUrl(req, await anonymous(req), legacy(req), req.body)),
  );
  for (const v of [1, 2] as const) {
    app.get<{ Params: P }>(`/:appId/users/oauth${v}/:provider/callback`, async (req, reply) =>
      flow.callback(req, reply, req.params.appId, v, code(req)),
    );
  }
}
