import type { OAuthProvider } from '@basalt/shared';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { userFacts, userTokenOf, type AppCaller } from '../../../http/app-auth.js';
import { ApiError } from '../../../http/api-error.js';
import { findOAuthProvider, getAuth0Settings, getLoginSettings } from '../../users-config/index.js';
import { auth0Profile, oauth1Profile, oauth2Profile } from './oauth-fetch.js';
import { jwtScopes, mapFields, readProfile, requestMapping, scopeList } from './oauth-profile.js';
import type { OAuthSignIn, SignInInput } from './oauth-signin.service.js';

type Rec = Record<string, unknown>;

const MAX_TOKEN = 8192;

function tokenField(body: Rec, name: string): string {
  const v = body[name];
  if (typeof v !== 'string' || !v || v.length > MAX_TOKEN)
    throw new ApiError('BAD_REQUEST', `'${name}' must be a non-empty string of at most ${MAX_TOKEN} characters`);
  return v;
}

export function bodyOf(body: unknown): Rec {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Rec) : {};
}

/**
 * Sign-in of app users with a token the app already holds: OAuth 2 (`accessToken`), OAuth 1
 * (`accessToken` + `accessTokenSecret`) and Auth0. The token is checked by asking the provider
 * for the profile; nothing in the request is trusted about who the user is.
 */
export class OAuthLogin {
  constructor(
    private readonly ctx: ServerContext,
    private readonly signIn: OAuthSignIn,
  ) {}

  /** An enabled provider of the app by code; unknown → 404 (3100), disabled → 403 (3101). */
  async enabledProvider(appId: string, version: 1 | 2, code: string): Promise<OAuthProvider> {
    const provider = /^[a-z][a-z0-9_-]{0,49}$/.test(code)
      ? await findOAuthProvider(this.ctx, appId, version, code)
      : undefined;
    if (!provider)
      throw new ApiError('OAUTH_PROVIDER_UNKNOWN', `The app has no OAuth ${version} provider '${code.slice(0, 50)}'`);
    if (!provider.enabled)
      throw new ApiError('OAUTH_PROVIDER_DISABLED', `Sign-in with '${provider.code}' is disabled for this app`);
    return provider;
  }

  /**
   * The guest to upgrade: only the caller's own guest session counts, so nobody can take over
   * another guest by naming its objectId.
   */
  async guestOf(req: FastifyRequest, appId: string, guestUser: unknown): Promise<string | undefined> {
    const id = bodyOf(guestUser).objectId;
    const token = userTokenOf(req);
    if (typeof id !== 'string' || !token) return undefined;
    const session = await this.ctx.security.sessions.resolve(appId, token);
    if (session?.userId !== id) return undefined;
    return (await userFacts(this.ctx, appId, id))?.userStatus === 'GUEST' ? id : undefined;
  }

  /** `/users/social/{code}/login`: OAuth 1 when a token secret is sent, else OAuth 2. */
  async tokenLogin(req: FastifyRequest, caller: AppCaller, code: string, rawBody: unknown): Promise<Rec> {
    const body = bodyOf(rawBody);
    const accessToken = tokenField(body, 'accessToken');
    const v1 = body.accessTokenSecret !== undefined;
    const provider = await this.enabledProvider(caller.appId, v1 ? 1 : 2, code);
    const allowPrivate = this.ctx.config.remoteFetchPrivate;
    const raw = v1
      ? await oauth1Profile(provider, accessToken, tokenField(body, 'accessTokenSecret'), allowPrivate)
      : await oauth2Profile(provider, accessToken, allowPrivate);
    return this.signIn.signIn(caller, {
      ...(await this.providerInput(
        caller.appId,
        provider,
        raw,
        body.fieldsMapping,
        [...scopeList(raw.scope), ...jwtScopes(accessToken, String(raw.sub ?? raw.id ?? ''))],
        await this.guestOf(req, caller.appId, body.guestUser),
      )),
      events: { family: 'Social', provider: provider.code },
    });
  }

  /** What a provider profile signs in as (also used by the browser flow's callback). */
  async providerInput(
    appId: string,
    provider: OAuthProvider,
    raw: Rec,
    fieldsMapping: unknown,
    scopes: string[],
    guestUserId?: string,
  ): Promise<SignInInput> {
    const profile = readProfile(raw);
    const mapping = { ...provider.fieldsMapping, ...requestMapping(fieldsMapping) };
    const fields = mapFields(raw, mapping, await this.signIn.writableColumns(appId));
    if (profile.email && profile.emailVerified && fields.email === undefined) fields.email = profile.email;
    if (!profile.emailVerified) delete fields.email;
    return {
      providerKey: `oauth${provider.version}:${provider.code}`,
      socialAccount: provider.code,
      profile,
      fields,
      match: profile.email && profile.emailVerified ? { column: 'email', value: profile.email } : undefined,
      scopes,
      guestUserId,
    };
  }

  /**
   * Auth0 with an access token: `https://{domain}/userinfo` decides whether it is valid. Only the
   * server's test-only BASALT_AUTH0_BASE_URL_OVERRIDE may point this elsewhere, never a request.
   */
  async auth0Login(req: FastifyRequest, caller: AppCaller, rawBody: unknown): Promise<Rec> {
    const body = bodyOf(rawBody);
    const accessToken = tokenField(body, 'accessToken');
    const settings = await getAuth0Settings(this.ctx, caller.appId);
    if (!settings.enabled || !settings.domain)
      throw new ApiError('OAUTH_PROVIDER_DISABLED', 'Sign-in with Auth0 is disabled for this app');
    const base = this.ctx.config.auth0BaseUrlOverride || `https://${settings.domain}`;
    // The override is the operator's own setting (a stand-in or proxy); a domain typed by a teammate obeys the address rules.
    const raw = await auth0Profile(
      base,
      accessToken,
      !!this.ctx.config.auth0BaseUrlOverride || this.ctx.config.remoteFetchPrivate,
    );
    const profile = readProfile(raw, 'sub');
    this.checkAudience(accessToken, profile.subject, settings.audience);
    const mapping = { email: 'email', name: 'name', ...requestMapping(body.fieldsMapping) };
    const fields = mapFields(raw, mapping, await this.signIn.writableColumns(caller.appId));
    if (!profile.emailVerified) delete fields.email;
    const match = await this.auth0Match(caller.appId, raw, settings.identityClaim, profile.emailVerified);
    if (match && match.column !== 'email') fields[match.column] = match.value;
    return this.signIn.signIn(caller, {
      providerKey: 'auth0',
      socialAccount: 'auth0',
      profile,
      fields,
      match,
      scopes: [...scopeList(raw.scope), ...jwtScopes(accessToken, profile.subject)],
      defaultRole: settings.defaultRole,
      guestUserId: await this.guestOf(req, caller.appId, body.guestUser),
      events: { family: 'OAuth', provider: 'auth0' },
    });
  }

  /**
   * The identity claim's value finds an existing user: an email claim the email column (only when
   * Auth0 says it is verified), any other claim the login identity column.
   */
  private async auth0Match(
    appId: string,
    raw: Rec,
    claim: string,
    emailVerified: boolean,
  ): Promise<SignInInput['match']> {
    const value = raw[claim];
    if (typeof value !== 'string' || !value || value.length > 254) return undefined;
    if (claim === 'email') return emailVerified ? { column: 'email', value: value.trim().toLowerCase() } : undefined;
    const { identityColumn } = await getLoginSettings(this.ctx, appId);
    return { column: identityColumn, value };
  }

  /** With an audience set, a JWT access token minted for another API is refused (opaque tokens carry none). */
  private checkAudience(token: string, subject: string, audience: string): void {
    if (!audience) return;
    const parts = token.split('.');
    if (parts.length !== 3) return;
    let aud: unknown;
    try {
      const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Rec;
      if (payload.sub !== subject) return;
      aud = payload.aud;
    } catch {
      return;
    }
    const list = Array.isArray(aud) ? aud : [aud];
    if (!list.includes(audience))
      throw new ApiError('OAUTH_TOKEN_REJECTED', 'The Auth0 token was issued for another audience');
  }
}
