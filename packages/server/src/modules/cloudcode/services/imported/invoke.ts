import { ApiError } from '../../../../http/api-error.js';
import type { RemoteMethod } from '../../../../http/remote-fetch.js';
import { callRemote, remoteError } from '../remote-call.js';
import type { StoredMethod } from '../method-routes.js';
import { CONFIG } from './document.js';

function parsed(text: string, contentType: string | undefined): unknown {
  if (text === '') return null;
  if (contentType && !/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An HTTP header name (RFC 9110 token); anything else would let a value smuggle other headers. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const oneLine = (v: string) => !/[\r\n\0]/.test(v);

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** What the remote API said, shortened: its `message`/`error` field, else the start of its text. */
function said(value: unknown): string {
  if (value && typeof value === 'object') {
    for (const k of ['message', 'error', 'detail', 'title']) {
      const m = (value as Record<string, unknown>)[k];
      if (typeof m === 'string' && m) return m.slice(0, 500);
    }
    return JSON.stringify(value).slice(0, 500);
  }
  return typeof value === 'string' && value ? value.slice(0, 500) : 'no message';
}

/**
 * The remote request of one call: the base URL plus the method's path with its path parameters,
 * query parameters in the query, header parameters as headers, the `body` parameter as JSON, and
 * the configured authentication.
 */
export function remoteRequestOf(
  method: StoredMethod,
  args: unknown[],
  config: Record<string, unknown>,
  serviceName: string,
): { url: URL; verb: string; headers: Record<string, string>; body?: string } {
  const base = config[CONFIG.baseUrl];
  if (typeof base !== 'string' || !base)
    throw ApiError.field(
      'VALIDATION',
      CONFIG.baseUrl,
      `The service '${serviceName}' has no base URL: set its configuration item '${CONFIG.baseUrl}'`,
    );
  let path = method.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  method.params.forEach((p, i) => {
    const v = args[i];
    if (v === undefined || v === null) {
      if (p.required && p.in === 'path')
        throw ApiError.field(
          'VALIDATION',
          p.name,
          `Parameter '${p.name}' of ${serviceName}.${method.name} is required`,
        );
      return;
    }
    switch (p.in) {
      case 'path':
        path = path.replace(`{${p.name}}`, encodeURIComponent(asText(v)));
        break;
      case 'query':
        if (Array.isArray(v)) for (const x of v) query.append(p.name, asText(x));
        else query.append(p.name, asText(v));
        break;
      case 'header':
        if (!HEADER_NAME.test(p.name) || !oneLine(asText(v)))
          throw ApiError.field('VALIDATION', p.name, `Parameter '${p.name}' must be a single line`);
        headers[p.name.toLowerCase()] = asText(v);
        break;
      default:
        body = JSON.stringify(v);
        headers['content-type'] = 'application/json';
    }
  });
  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, '')}${path === '/' ? '' : path}`);
  } catch {
    throw ApiError.field('VALIDATION', CONFIG.baseUrl, `The base URL of '${serviceName}' is not a valid URL`);
  }
  for (const [k, v] of query) url.searchParams.append(k, v);
  const auth = config[CONFIG.authType];
  if (auth === 'apiKey') {
    const header = typeof config[CONFIG.apiKeyHeader] === 'string' ? (config[CONFIG.apiKeyHeader] as string) : '';
    const key = config[CONFIG.apiKey];
    if (!HEADER_NAME.test(header) || typeof key !== 'string' || !key || !oneLine(key))
      throw ApiError.field(
        'VALIDATION',
        CONFIG.apiKey,
        `The service '${serviceName}' needs its API key header and API key`,
      );
    headers[header.toLowerCase()] = key;
  } else if (auth === 'bearer') {
    const token = config[CONFIG.bearerToken];
    if (typeof token !== 'string' || !token || !oneLine(token))
      throw ApiError.field('VALIDATION', CONFIG.bearerToken, `The service '${serviceName}' needs its bearer token`);
    headers.authorization = `Bearer ${token}`;
  }
  return { url, verb: method.method, headers, body };
}

/**
 * Calls one operation of an imported service's remote API through the server's outbound guard
 * (public addresses only unless BASALT_REMOTE_FETCH_PRIVATE), with a whole-call deadline. The
 * answer (JSON, else text) is the result; a 4xx/5xx answer is 400 CLOUD_CODE_REMOTE_ERROR naming
 * the status and what the remote API said; running past the deadline is CLOUD_CODE_TIMEOUT.
 */
export async function invokeImported(
  serviceName: string,
  method: StoredMethod,
  args: unknown[],
  config: Record<string, unknown>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<unknown> {
  const req = remoteRequestOf(method, args, config, serviceName);
  const res = await callRemote(
    req.url,
    { method: req.verb as RemoteMethod, headers: req.headers, body: req.body },
    opts,
    {
      timeout: (ms) =>
        `Task execution is aborted due to timeout: ${serviceName}.${method.name} got no answer from ${req.url.host} in ${ms} ms`,
      failed: (why) => `${serviceName}.${method.name} could not call the remote API: ${why}`,
    },
  );
  const contentType = Object.entries(res.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const value = parsed(res.text, contentType);
  if (res.status < 200 || res.status >= 300)
    throw remoteError(
      `The remote API answered ${res.status} to ${req.verb} ${req.url.pathname} (${serviceName}.${method.name}): ${said(value)}`,
    );
  return value;
}
