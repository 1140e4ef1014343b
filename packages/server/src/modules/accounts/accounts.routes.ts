import type { FastifyInstance, FastifyReply } from 'fastify';
import { Routes, type DeveloperAccount } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { AUTH_COOKIE } from '../../http/auth.js';
import { AccountsService, permissionList } from './accounts.service.js';
import { acceptTeamInvitation, findTeamInvitation } from '../team/index.js';

const r = Routes.user;

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext, service: AccountsService): void {
  /** Puts the new key where the reference client looks: `auth-key` header and `dev-auth-key` cookie. */
  const signedIn = (reply: FastifyReply, account: DeveloperAccount) => {
    reply.header('auth-key', account.authKey);
    // httpOnly: page scripts never see it (the client falls back to the header); `secure` follows the
    // request's scheme so plain-HTTP self-hosting on localhost keeps working.
    reply.setCookie(AUTH_COOKIE, account.authKey, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: Math.floor(ctx.config.sessionIdleMs / 1000),
    });
    return account;
  };

  // Only the declared fields: a client cannot claim a team invitation it does not have.
  handle(app, ctx, r.register, ({ body }) =>
    service.register({ email: body.email, password: body.password, name: body.name, inviteId: body.inviteId }),
  );

  for (const route of [r.login, r.cloudLogin]) {
    handle(app, ctx, route, async ({ req, reply, body }) => {
      const result = await service.login(body.login, body.password, req.ip);
      return result.otp ?? signedIn(reply, result.account!);
    });
  }
  for (const route of [r.loginWithTOTP, r.cloudLoginWithTOTP]) {
    handle(app, ctx, route, async ({ reply, body }) =>
      signedIn(reply, await service.twoFactor.login(body.sessionId, body.otpCode)),
    );
  }

  handle(app, ctx, r.loginWithRecoveryCode, async ({ reply, body }) =>
    signedIn(reply, await service.twoFactor.loginWithRecoveryCode(body.sessionId, body.recoveryCode)),
  );

  handle(app, ctx, r.logout, async ({ reply, developer }) => {
    await service.logout(developer.authKey);
    reply.clearCookie(AUTH_COOKIE, { path: '/' });
    return { success: true };
  });

  handle(app, ctx, r.getAccountInfo, ({ developer }) => service.getAccount(developer.id, developer.authKey));
  handle(app, ctx, r.updateProfile, ({ developer, body }) =>
    service.updateProfile(developer.id, developer.authKey, body),
  );
  handle(app, ctx, r.changePassword, async ({ developer, body }) => {
    await service.changePassword(developer.id, developer.authKey, body);
    return { success: true };
  });

  handle(app, ctx, r.restorePassword, async ({ body }) => {
    const email = typeof body === 'string' ? (new URLSearchParams(body).get('email') ?? undefined) : body?.email;
    if (!email || typeof email !== 'string' || email.length > 254)
      throw ApiError.field('BAD_REQUEST', 'email', 'Send the account email as email=…');
    await service.restorePassword(email);
    return { success: true, message: 'If an account uses this email, a reset link is on its way.' };
  });
  handle(app, ctx, r.resetPassword, async ({ body }) => {
    await service.resetPassword(body.token, body.password);
    return { success: true };
  });
  handle(app, ctx, r.resendConfirmEmail, async ({ query }) => {
    if (!query.email || typeof query.email !== 'string')
      throw ApiError.field('BAD_REQUEST', 'email', 'Add ?email= to the request');
    await service.resendConfirmation(query.email);
    return { success: true };
  });
  handle(app, ctx, r.confirmEmail, async ({ body }) => {
    await service.confirmEmail(body.token);
    return { success: true };
  });

  handle(app, ctx, r.suicide, async ({ reply, developer }) => {
    await service.deleteAccount(developer.id);
    reply.clearCookie(AUTH_COOKIE, { path: '/' });
    return { success: true };
  });

  handle(app, ctx, r.getPermissions, ({ access }) => permissionList(access.role, access.permissions));

  handle(app, ctx, r.get2FAState, ({ developer }) => service.twoFactor.state(developer.id));
  handle(app, ctx, r.update2FAState, ({ developer, body }) =>
    service.twoFactor.set(developer.id, body.enabled, body.otpCode),
  );
  handle(app, ctx, r.regenerateRecoveryCodes, ({ developer, body }) =>
    service.twoFactor.regenerateRecoveryCodes(developer.id, body ?? {}),
  );
  handle(app, ctx, r.confirm2FA, ({ developer, body }) => service.twoFactor.confirm(developer.id, body.otpCode));

  // Social sign-in belongs to a later area.
  // Workspace joins, forum sign-on and marketplace payouts belong to the flows, community and
  // marketplace areas; until they land these routes say so.
  const later: Array<[keyof typeof r, string]> = [
    ['registerAndJoinWorkspace', 'Joining a flows workspace'],
    ['loginToDiscourse', 'Community forum sign-on'],
    ['completeStripeConnection', 'Marketplace payouts'],
    ['getStripeConnectToken', 'Marketplace payouts'],
    ['getStripeConnectAccountId', 'Marketplace payouts'],
    ['setStripeConnectAccountId', 'Marketplace payouts'],
  ];
  for (const [name, what] of later) {
    handle(app, ctx, r[name], () => {
      throw ApiError.notAvailableYet(what);
    });
  }
  handle(app, ctx, r.loginSocial, () => {
    throw ApiError.notAvailableYet('Social sign-in for developers');
  });
  // The invitation's code proves the email, so the new account starts confirmed. An existing account
  // joins by signing in with its password instead (its email got the code too).
  handle(app, ctx, r.registerAndJoinAppTeam, async ({ req, reply, params, query, body }) => {
    const invitation = await findTeamInvitation(ctx, params.appId, String(query['confirmation-code'] ?? ''));
    const fields = body && typeof body === 'object' ? body : {};
    const password = fields.password;
    if (typeof password !== 'string' || password.length < 8 || password.length > 256)
      throw ApiError.field('BAD_REQUEST', 'password', 'Choose a password of 8 to 256 characters');
    const name = typeof fields.name === 'string' ? fields.name.slice(0, 200) : undefined;
    const existing = await service.repo.findByEmail(invitation.email);
    if (!existing) {
      await service.register({ email: invitation.email, password, name, teamInvitation: true });
      const created = await service.repo.findByEmail(invitation.email);
      if (created) await service.repo.update(created.id, { email_confirmed: 1 });
    }
    const result = await service.login(invitation.email, password, req.ip);
    if (!result.account)
      throw ApiError.field('BAD_REQUEST', 'password', 'Sign in with two-factor first, then ask for a new invitation');
    await acceptTeamInvitation(ctx, params.appId, invitation.id, result.account.id, req);
    return signedIn(reply, result.account);
  });
}
