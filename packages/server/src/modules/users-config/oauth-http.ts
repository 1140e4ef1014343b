import crypto from 'node:crypto';
import { RemoteRequestError, requestRemote } from '../../http/remote-fetch.js';

/** Calls to a provider end after this long: a slow provider must not hold an app API request. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Profiles and token answers are small; anything bigger is refused rather than buffered. */
export const PROVIDER_MAX_BYTES = 256 * 1024;

/** Why a provider call failed: `rejected` = the provider refused the token (4xx), else unreachable or malformed. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Form-encoded body (token endpoints take `application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
}

/** Only http(s) URLs go out: a stored URL with another scheme (file:, data:) is never followed. */
export function providerUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ProviderError('unavailable', 'The provider URL is not valid');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new ProviderError('unavailable', 'The provider URL must be http or https');
  return u;
}

/**
 * One call to a provider with a timeout, a size limit and no redirects (a token must not follow a
 * redirect to another host). Provider URLs are set by teammates, so the call obeys the address
 * rules of every server-side request: no private addresses unless `allowPrivate` (config
 * `BASALT_REMOTE_FETCH_PRIVATE`). Answers the parsed JSON, or form-encoded pairs for OAuth 1 and
 * older OAuth 2 token endpoints.
 */
export async function callProvider(
  url: URL,
  req: ProviderRequest,
  allowPrivate: boolean,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', ...(req.headers ?? {}) };
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  }
  let res: { status: number; text: string };
  try {
    res = await requestRemote(url, {
      method: req.method ?? 'GET',
      headers,
      body,
      allowPrivate,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxAnswerBytes: PROVIDER_MAX_BYTES,
      overCap: 'fail',
    });
  } catch (err) {
    const code = err instanceof RemoteRequestError ? err.code : '';
    if (code === 'ETIMEDOUT') throw new ProviderError('unavailable', 'The provider did not answer in time');
    if (code === 'ETOOBIG')
      throw new ProviderError('unavailable', 'The provider answered more data than a profile can hold');
    if (code === 'EPRIVATE')
      throw new ProviderError('unavailable', 'The provider address is not reachable from the server');
    throw new ProviderError('unavailable', 'The provider could not be reached');
  }
  const text = res.text;
  if (res.status === 401 || res.status === 403 || res.status === 400)
    throw new ProviderError('rejected', `The provider refused the token (HTTP ${res.status})`);
  if (res.status < 200 || res.status >= 300)
    throw new ProviderError('unavailable', `The provider answered HTTP ${res.status}`);
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as Record<string, unknown>;
    } catch {
      throw new ProviderError('unavailable', 'The provider answered malformed JSON');
    }
  }
  if (trimmed.includes('=')) return Object.fromEntries(new URLSearchParams(trimmed));
  throw new ProviderError('unavailable', 'The provider answered neither JSON nor form data');
}

/** RFC 3986 percent-encoding as RFC 5849 §3.6 requires (encodeURIComponent leaves !'()* alone). */
export function oauthEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/**
 * The `Authorization: OAuth …` header of an RFC 5849 HMAC-SHA1 signed request. The signature base
 * string covers the method, the URL without query, and every query, body and oauth_ parameter
 * sorted by encoded name then value (§3.4.1). `extra` holds oauth_callback or oauth_verifier.
 */
export function oauth1Header(
  method: string,
  url: URL,
  creds: OAuth1Credentials,
  extra: Record<string, string> = {},
  form: Record<string, string> = {},
  now = Date.now(),
  nonce = crypto.randomBytes(16).toString('hex'),
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: creds.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(now / 1000)),
    oauth_version: '1.0',
    ...(creds.token ? { oauth_token: creds.token } : {}),
    ...extra,
  };
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of url.searchParams) pairs.push([oauthEncode(k), oauthEncode(v)]);
  for (const [k, v] of Object.entries(form)) pairs.push([oauthEncode(k), oauthEncode(v)]);
  for (const [k, v] of Object.entries(oauth)) pairs.push([oauthEncode(k), oauthEncode(v)]);
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  const params = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  // WHATWG URL already drops a default port and lower-cases the host, as §3.4.1.2 asks.
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`;
  const base = [method.toUpperCase(), oauthEncode(baseUrl), oauthEncode(params)].join('&');
  const key = `${oauthEncode(creds.consumerSecret)}&${oauthEncode(creds.tokenSecret ?? '')}`;
  oauth.oauth_signature = crypto.createHmac('sha1', key).update(base).digest('base64');
  return (
    'OAuth ' +
    Object.entries(oauth)
      .map(([k, v]) => `${oauthEncode(k)}="${oauthEncode(v)}"`)
      .join(', ')
  );
}
