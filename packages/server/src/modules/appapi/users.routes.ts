import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import type { AppUsers } from './users.service.js';
import type { UserLinksRepo } from './user-links.repo.js';
import { registerEmailConfirmationPage } from './email-confirmation.routes.js';
import { registerOAuthLoginRoutes } from './oauth/oauth-login.routes.js';

type P = { appId: string; apiKey: string; token: string; identity: string; userId: string; objectId: string };

/** `/{appId}/{apiKey}/users/…` as the `backendless` SDK calls them. */
export function registerUserRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: AppUsers,
  links: UserLinksRepo,
): void {
  const base = '/:appId/:apiKey/users';
  // Register and login ignore a stale token the SDK may still send.
  const anonymous = (req: FastifyRequest) => authenticateApp(ctx, req, { ignoreToken: true });
  const caller = (req: FastifyRequest) => authenticateApp(ctx, req);

  app.post(`${base}/register`, async (req) => users.register(await anonymous(req), req.body));
  app.post(`${base}/register/guest`, async (req) => users.guest(await anonymous(req)));
  app.post(`${base}/login`, async (req) => users.login(await anonymous(req), req.body, req.ip));
  app.get(`${base}/logout`, async (req, reply) => reply.send(await users.logout(await caller(req))));
  app.get<{ Params: P }>(`${base}/isvalidusertoken/:token`, async (req) => {
    const c = await anonymous(req);
    return users.isValidToken(c.appId, req.params.token);
  });
  app.get<{ Params: P }>(`${base}/restorepassword/:identity`, async (req, reply) => {
    // Each restore request counts against its client address first, whatever the key or identity.
    await users.resets.take(`reset-ip:${req.ip}`);
    const c = await anonymous(req);
    return reply.send(await users.restorePassword(c.appId, req.params.identity, c));
  });
  // The SDK spells this path so.
  app.post<{ Body: { password?: unknown } }>(`${base}/verifypassowrd`, async (req) =>
    users.verifyPassword(await caller(req), req.body?.password, req.ip),
  );
  app.get(`${base}/userroles`, async (req) => users.roles(await caller(req)));
  app.get<{ Params: P }>(`${base}/userroles/:userId`, async (req) => users.roles(await caller(req), req.params.userId));
  app.put<{ Params: P }>(`${base}/:objectId`, async (req) =>
    users.update(await caller(req), req.params.objectId, req.body),
  );
  // Identities are raw in these paths (the SDK does not encode them).
  app.post<{ Params: P }>(`${base}/resendconfirmation/:identity`, async (req, reply) => {
    await users.confirmations.take(`confirm-ip:${req.ip}`);
    const c = await anonymous(req);
    return reply.send(await users.resendConfirmation(c.appId, req.params.identity));
  });
  app.post<{ Params: P }>(`${base}/createEmailConfirmationURL/:identity`, async (req) =>
    users.confirmationUrl(await caller(req), req.params.identity),
  );
  registerEmailConfirmationPage(app, ctx, users.confirmations, links);
  registerOAuthLoginRoutes(app, ctx);
}
