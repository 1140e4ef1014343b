import type { OAuthProvider } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { callProvider, oauth1Header, ProviderError, providerUrl } from '../../users-config/index.js';

type Rec = Record<string, unknown>;

/** A provider failure as the app API answers it: a refused token is the caller's, the rest the provider's. */
export function providerFailure(err: unknown): never {
  if (err instanceof ProviderError) {
    if (err.kind === 'rejected') throw new ApiError('OAUTH_TOKEN_REJECTED', err.message);
    throw new ApiError('OAUTH_PROVIDER_UNAVAILABLE', err.message);
  }
  throw err;
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    return providerFailure(err);
  }
}

/** The profile behind an OAuth 2 access token: the provider's user info with the bearer token. */
export async function oauth2Profile(provider: OAuthProvider, accessToken: string, allowPrivate: boolean): Promise<Rec> {
  if (!provider.userInfoUrl)
    throw new ApiError(
      'NOT_AVAILABLE_YET',
      `The provider '${provider.code}' has no user info URL; sign-in with it is not available`,
    );
  return guarded(() =>
    callProvider(
      providerUrl(provider.userInfoUrl),
      { headers: { authorization: `Bearer ${accessToken}` } },
      allowPrivate,
    ),
  );
}

/** The profile behind an OAuth 1 token: the user info request signed with HMAC-SHA1 (RFC 5849). */
export async function oauth1Profile(
  provider: OAuthProvider,
  token: string,
  tokenSecret: string,
  allowPrivate: boolean,
): Promise<Rec> {
  if (!provider.userInfoUrl)
    throw new ApiError(
      'NOT_AVAILABLE_YET',
      `The provider '${provider.code}' has no user info URL; sign-in with it is not available`,
    );
  return guarded(async () => {
    const url = providerUrl(provider.userInfoUrl);
    const authorization = oauth1Header('GET', url, {
      consumerKey: provider.clientId,
      consumerSecret: provider.clientSecret,
      token,
      tokenSecret,
    });
    return callProvider(url, { headers: { authorization } }, allowPrivate);
  });
}

/** Exchanges an authorization code at the token URL (client credentials in the body, RFC 6749 §2.3.1). */
export async function exchangeCode(
  provider: OAuthProvider,
  code: string,
  redirectUri: string,
  allowPrivate: boolean,
): Promise<{ accessToken: string; scope?: string }> {
  const answer = await guarded(() =>
    callProvider(
      providerUrl(provider.tokenUrl),
      {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
        },
      },
      allowPrivate,
    ),
  );
  if (typeof answer.access_token !== 'string' || !answer.access_token)
    throw new ApiError('OAUTH_TOKEN_REJECTED', 'The provider did not issue an access token for this code');
  return { accessToken: answer.access_token, scope: typeof answer.scope === 'string' ? answer.scope : undefined };
}

/** OAuth 1 step one: a request token for our callback, signed with the consumer credentials only. */
export async function oauth1RequestToken(
  provider: OAuthProvider,
  callback: string,
  allowPrivate: boolean,
): Promise<{ token: string; secret: string }> {
  if (!provider.requestTokenUrl)
    throw new ApiError('BAD_REQUEST', `The provider '${provider.code}' has no request token URL`);
  const answer = await guarded(async () => {
    const url = providerUrl(provider.requestTokenUrl!);
    const authorization = oauth1Header(
      'POST',
      url,
      { consumerKey: provider.clientId, consumerSecret: provider.clientSecret },
      { oauth_callback: callback },
    );
    return callProvider(url, { method: 'POST', headers: { authorization }, form: {} }, allowPrivate);
  });
  if (typeof answer.oauth_token !== 'string' || typeof answer.oauth_token_secret !== 'string')
    throw new ApiError('OAUTH_PROVIDER_UNAVAILABLE', 'The provider did not issue a request token');
  return { token: answer.oauth_token, secret: answer.oauth_token_secret };
}

/** OAuth 1 step three: the verifier and request token become an access token and secret. */
export async function oauth1AccessToken(
  provider: OAuthProvider,
  token: string,
  secret: string,
  verifier: string,
  allowPrivate: boolean,
): Promise<{ token: string; secret: string }> {
  const answer = await guarded(async () => {
    const url = providerUrl(provider.tokenUrl);
    const authorization = oauth1Header(
      'POST',
      url,
      { consumerKey: provider.clientId, consumerSecret: provider.clientSecret, token, tokenSecret: secret },
      { oauth_verifier: verifier },
    );
    return callProvider(url, { method: 'POST', headers: { authorization }, form: {} }, allowPrivate);
  });
  if (typeof answer.oauth_token !== 'string' || typeof answer.oauth_token_secret !== 'string')
    throw new ApiError('OAUTH_TOKEN_REJECTED', 'The provider did not issue an access token');
  return { token: answer.oauth_token, secret: answer.oauth_token_secret };
}

/** Auth0's profile of an access token: `GET {base}/userinfo` with the bearer token. */
export async function auth0Profile(baseUrl: string, accessToken: string, allowPrivate: boolean): Promise<Rec> {
  return guarded(() =>
    callProvider(
      providerUrl(`${baseUrl.replace(/\/+$/, '')}/userinfo`),
      { headers: { authorization: `Bearer ${accessToken}` } },
      allowPrivate,
    ),
  );
}
