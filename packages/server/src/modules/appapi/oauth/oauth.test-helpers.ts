import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

type Rec = Record<string, unknown>;

/** An unsigned JWT-shaped token carrying claims (the stand-in issuer accepts it by its text). */
export function fakeJwt(claims: Rec): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

/** RFC 5849 encoding, written apart from the server's so the stand-in checks signatures independently. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** Verifies an `Authorization: OAuth …` HMAC-SHA1 header against the secrets the stand-in knows. */
function oauth1Valid(
  req: http.IncomingMessage,
  url: URL,
  consumerSecret: string,
  secrets: Map<string, string>,
  seen: (p: Record<string, string>) => void,
): string | undefined {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('OAuth ')) return undefined;
  const params: Record<string, string> = {};
  for (const m of header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g))
    params[decodeURIComponent(m[1])] = decodeURIComponent(m[2]);
  seen(params);
  const token = params.oauth_token ?? '';
  const tokenSecret = secrets.get(token) ?? '';
  const all: string[] = [];
  for (const [k, v] of url.searchParams) all.push(`${enc(k)}=${enc(v)}`);
  for (const [k, v] of Object.entries(params)) if (k !== 'oauth_signature') all.push(`${enc(k)}=${enc(v)}`);
  all.sort();
  const base = `${req.method}&${enc(`${url.protocol}//${url.host}${url.pathname}`)}&${enc(all.join('&'))}`;
  const expected = crypto
    .createHmac('sha1', `${enc(consumerSecret)}&${enc(tokenSecret)}`)
    .update(base)
    .digest('base64');
  return expected === params.oauth_signature ? token : undefined;
}

export interface StandIn {
  origin: string;
  /** Access token → profile the user info endpoint answers. */
  profiles: Map<string, Rec>;
  /** Authorization code → access token and granted scope the token endpoint answers. */
  codes: Map<string, { token: string; scope?: string }>;
  /** OAuth 1 token → its secret (request tokens and access tokens). */
  oauth1Secrets: Map<string, string>;
  /** OAuth 1 access token → profile. */
  oauth1Profiles: Map<string, Rec>;
  /** The oauth_callback of the last request token asked for (where the provider would send the browser). */
  lastCallback?: string;
  /** Bodies the token endpoint received (to check client credentials and redirect URI). */
  tokenRequests: URLSearchParams[];
  /** Every request path received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for OAuth 2, OAuth 1 and Auth0 providers: `/userinfo` (bearer),
 * `/token` (authorization code), `/1/request_token`, `/1/access_token`, `/1/userinfo` (signed).
 */
export async function startStandIn(consumerSecret = 'consumer-secret'): Promise<StandIn> {
  const s: Omit<StandIn, 'origin' | 'close'> & { lastCallback?: string } = {
    profiles: new Map(),
    codes: new Map(),
    oauth1Secrets: new Map(),
    oauth1Profiles: new Map(),
    tokenRequests: [],
    requests: [],
  };
  const server = http.createServer((req, res) => {
    s.requests.push(req.url ?? '/');
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/userinfo') {
        const profile = s.profiles.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        s.tokenRequests.push(form);
        const grant = s.codes.get(form.get('code') ?? '');
        if (!grant || form.get('client_secret') !== 'client-secret') return json(400, { error: 'invalid_grant' });
        s.codes.delete(form.get('code')!);
        return json(200, {
          access_token: grant.token,
          token_type: 'bearer',
          ...(grant.scope !== undefined ? { scope: grant.scope } : {}),
        });
      }
      if (url.pathname === '/big') return json(200, { sub: 'x', pad: 'x'.repeat(400_000) });
      const signed = url.pathname.startsWith('/1/')
        ? oauth1Valid(req, url, consumerSecret, s.oauth1Secrets, (p) => {
            if (p.oauth_callback) s.lastCallback = p.oauth_callback;
          })
        : undefined;
      if (url.pathname.startsWith('/1/') && signed === undefined) return json(401, { error: 'bad signature' });
      if (url.pathname === '/1/userinfo') {
        const profile = s.oauth1Profiles.get(signed!);
        return profile ? json(200, profile) : json(401, { error: 'unknown token' });
      }
      if (url.pathname === '/1/request_token') {
        s.oauth1Secrets.set('req-token', 'req-secret');
        res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
        return res.end('oauth_token=req-token&oauth_token_secret=req-secret&oauth_callback_confirmed=true');
      }
      if (url.pathname === '/1/access_token' && signed === 'req-token') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('oauth_token=acc-token&oauth_token_secret=acc-secret');
      }
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get lastCallback() {
      return s.lastCallback;
    },
    ...s,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
