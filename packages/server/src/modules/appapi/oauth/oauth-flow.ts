import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { type AppCaller } from '../../../http/app-auth.js';
import { randomSecret } from '../../../http/secrets.js';
import { getOAuthCallbackUrl, oauthLoginRepo } from '../../users-config/index.js';
import { exchangeCode, oauth1AccessToken, oauth1Profile, oauth1RequestToken, oauth2Profile } from './oauth-fetch.js';
import { bodyOf, type OAuthLogin } from './oauth-login.service.js';
import { requestMapping, scopeList } from './oauth-profile.js';
import type { OAuthSignIn } from './oauth-signin.service.js';

type Rec = Record<string, unknown>;

/** What a pending browser sign-in remembers between the authorization URL and the callback. */
interface PendingSignIn {
  version: 1 | 2;
  code: string;
  deviceType: string;
  apiKey: string;
  /** The page that will receive the answer: postMessage goes to this origin only. */
  origin: string;
  fieldsMapping: Record<string, string>;
  scope: string[];
  /** OAuth 1: the request token and its secret, needed to get the access token. */
  requestToken?: string;
  requestSecret?: string;
}

/** An http(s) origin, or undefined. */
function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  try {
    const u = new URL(value.includes('://') ? value : `https://${value}`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser pop-up flow: `request_url` answers the provider's authorization URL with a single-use
 * state; the provider sends the browser to our callback, which signs the user in and answers a
 * page that hands the user JSON (or `{fault}`) to the window that opened it.
 */
export class OAuthFlow {
  constructor(
    private readonly ctx: ServerContext,
    private readonly login: OAuthLogin,
    private readonly signIn: OAuthSignIn,
  ) {}

  async requestUrl(req: FastifyRequest, caller: AppCaller, code: string, rawBody: unknown): Promise<string> {
    const body = bodyOf(rawBody);
    // A code exists in one version only in practice; OAuth 2 is asked first, as the SDK's methods are.
    const provider = await this.login.enabledProvider(caller.appId, 2, code).catch(async (err: unknown) => {
      if (err instanceof ApiError && err.code === 'OAUTH_PROVIDER_UNKNOWN')
        return this.login.enabledProvider(caller.appId, 1, code);
      throw err;
    });
    const asked = scopeList(body.permissions ?? body.scope);
    const pending: PendingSignIn = {
      version: provider.version,
      code: provider.code,
      deviceType: caller.deviceType,
      apiKey: caller.apiKey,
      origin:
        originOf(req.headers.origin) ?? originOf(body.callbackUrlDomain) ?? new URL(this.ctx.config.publicUrl).origin,
      fieldsMapping: requestMapping(body.fieldsMapping),
      scope: asked.length ? asked : provider.scope,
    };
    const callback = getOAuthCallbackUrl(this.ctx, caller.appId, provider.version, provider.code);
    const repo = oauthLoginRepo(this.ctx);
    if (provider.version === 1) {
      // OAuth 1 has no state parameter: ours rides in the callback URL given with the request token.
      const state = randomSecret(32);
      const request = await oauth1RequestToken(
        provider,
        `${callback}?state=${encodeURIComponent(state)}`,
        this.ctx.config.remoteFetchPrivate,
      );
      await repo.saveState(caller.appId, state, {
        ...pending,
        requestToken: request.token,
        requestSecret: request.secret,
      });
      const url = new URL(provider.authorizationUrl);
      url.searchParams.set('oauth_token', request.token);
      return url.toString();
    }
    const state = await repo.createState(caller.appId, pending);
    const url = new URL(provider.authorizationUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', callback);
    if (pending.scope.length) url.searchParams.set('scope', pending.scope.join(' '));
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The callback: never an error status, always the page, so the opener hears the outcome. */
  async callback(
    req: FastifyRequest,
    reply: FastifyReply,
    appId: string,
    version: 1 | 2,
    code: string,
  ): Promise<FastifyReply> {
    const q = bodyOf(req.query);
    let pending: PendingSignIn | undefined;
    try {
      const panic = await this.ctx.security.panic.state(appId);
      if (panic.enabled) throw new ApiError('PANIC', panic.message || 'The application is in panic mode');
      pending = (await oauthLoginRepo(this.ctx).consumeState(appId, typeof q.state === 'string' ? q.state : '')) as
        PendingSignIn | undefined;
      if (!pending || pending.code !== code || pending.version !== version)
        throw new ApiError(
          'OAUTH_STATE_INVALID',
          'The sign-in request is not valid, was already used or has expired; start the sign-in again',
        );
      if (typeof q.error === 'string')
        throw new ApiError('OAUTH_TOKEN_REJECTED', `The provider refused the sign-in: ${q.error.slice(0, 100)}`);
      const provider = await this.login.enabledProvider(appId, version, code);
      const caller: AppCaller = {
        ...(await this.ctx.security.callerFor(appId, pending.deviceType, null)),
        apiKey: pending.apiKey,
        token: null,
      };
      let raw: Rec;
      let scopes: string[];
      if (version === 2) {
        if (typeof q.code !== 'string' || !q.code || q.code.length > 4096)
          throw new ApiError('BAD_REQUEST', "The provider sent no authorization 'code'");
        const token = await exchangeCode(
          provider,
          q.code,
          getOAuthCallbackUrl(this.ctx, appId, 2, code),
          this.ctx.config.remoteFetchPrivate,
        );
        raw = await oauth2Profile(provider, token.accessToken, this.ctx.config.remoteFetchPrivate);
        // RFC 6749 §5.1: without a scope in the answer, the granted scope is the one asked for.
        scopes = token.scope !== undefined ? scopeList(token.scope) : pending.scope;
      } else {
        if (
          q.oauth_token !== pending.requestToken ||
          typeof q.oauth_verifier !== 'string' ||
          q.oauth_verifier.length > 1000
        )
          throw new ApiError('OAUTH_STATE_INVALID', 'The provider sent back another request token or no verifier');
        const access = await oauth1AccessToken(
          provider,
          pending.requestToken!,
          pending.requestSecret!,
          q.oauth_verifier,
          this.ctx.config.remoteFetchPrivate,
        );
        raw = await oauth1Profile(provider, access.token, access.secret, this.ctx.config.remoteFetchPrivate);
        scopes = [];
      }
      const user = await this.signIn.signIn(caller, {
        ...(await this.login.providerInput(appId, provider, raw, pending.fieldsMapping, scopes)),
        events: { family: 'OAuth', provider: provider.code },
      });
      return this.page(reply, user, pending.origin);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'The sign-in failed';
      if (!(err instanceof ApiError)) this.ctx.log.error({ err, appId }, 'OAuth callback failed');
      return this.page(reply, { fault: message }, pending?.origin ?? new URL(this.ctx.config.publicUrl).origin);
    }
  }

  /**
   * The page posts one JSON string to its opener (or parent frame), from our origin, to the
   * origin that asked for the URL only. Its one script is allowed by a nonce; nothing is cached.
   */
  private page(reply: FastifyReply, payload: Rec, targetOrigin: string): FastifyReply {
    const nonce = crypto.randomBytes(16).toString('base64');
    // JSON inside a script: `<` escaped so no value can close the script element.
    const js = (v: unknown) =>
      JSON.stringify(v)
        .replace(/</g, '\\u003c')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029');
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head><body><p>You can close this window.</p>` +
      `<script nonce="${nonce}">(function(){var m=${js(JSON.stringify(payload))};var o=${js(targetOrigin)};` +
      `var w=window.opener||(window.parent!==window?window.parent:null);if(w){w.postMessage(m,o);}window.close();})();</script></body></html>`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'`)
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }
}
