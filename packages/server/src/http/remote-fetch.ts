import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { ErrorCodes } from '@basalt/shared';
import { ApiError } from './api-error.js';

export interface RemoteFetchOptions {
  /** Largest body accepted, in bytes; a larger Content-Length is refused before reading. */
  maxBytes: number;
  /** Whole-request deadline (connect, headers and body). */
  timeoutMs?: number;
  /** Allow loopback, private, link-local and other non-public addresses (config `remoteFetchPrivate`). */
  allowPrivate: boolean;
  maxRedirects?: number;
}

export interface RemoteBody {
  stream: Readable;
  contentType?: string;
  /** Announced length, when the remote server sent one. */
  length?: number;
}

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** True for addresses a server-side download must not reach unless private fetching is allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return BLOCKED.check(mapped, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return BLOCKED.check(address, 'ipv4');
}

/**
 * Checks every address at connection time (not before), so a host name that resolves to a public
 * address for a check and to an internal one for the connection still cannot reach the internal one.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        const e = Object.assign(new Error(`The address of ${hostname} is not reachable from the server`), {
          code: 'EPRIVATE',
        });
        return callback(e, '', 0);
      }
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

function parseUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048)
    throw ApiError.field('BAD_REQUEST', 'url', "'url' must be an http(s) URL of at most 2048 characters");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ApiError.field('BAD_REQUEST', 'url', `'url' is not a valid URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.field('BAD_REQUEST', 'url', `'url' must use http or https, not ${url.protocol}`);
  if (url.username || url.password)
    throw ApiError.field('BAD_REQUEST', 'url', "'url' must not carry a user name or password");
  return url;
}

function once(url: URL, options: RemoteFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  // A literal IP address skips the lookup, so it is checked here.
  const refused = refusedLiteral(url.hostname, options.allowPrivate);
  if (refused) return Promise.reject(ApiError.field('BAD_REQUEST', 'url', refused));
  return new Promise((resolve, reject) => {
    const req = lib.get(
      url,
      { lookup: guardedLookup(options.allowPrivate), signal, headers: { 'user-agent': 'Basalt', accept: '*/*' } },
      resolve,
    );
    req.on('error', reject);
  });
}

/**
 * Downloads a URL for the server itself (an app's "upload from URL"): http(s) only, public addresses
 * only unless configured otherwise, a few redirects (each target checked again), a deadline and a size
 * cap. Answers the body as a stream; the caller's writer still enforces the byte limit while copying.
 */
export async function fetchRemote(rawUrl: unknown, options: RemoteFetchOptions): Promise<RemoteBody> {
  let url = parseUrl(rawUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
  try {
    for (let hop = 0; ; hop++) {
      let res: http.IncomingMessage;
      try {
        res = await once(url, options, controller.signal);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'EPRIVATE')
          throw ApiError.field('BAD_REQUEST', 'url', `${url.hostname} is not reachable from the server`);
        if (controller.signal.aborted)
          throw new ApiError(ErrorCodes.GATEWAY_TIMEOUT, `Downloading ${url.hostname} took too long`);
        throw new ApiError(
          ErrorCodes.BAD_GATEWAY,
          `Could not download from ${url.hostname}: ${code ?? 'connection failed'}`,
        );
      }
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= (options.maxRedirects ?? 3))
          throw new ApiError(ErrorCodes.BAD_GATEWAY, `Too many redirects from ${url.hostname}`);
        url = parseUrl(new URL(res.headers.location, url).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new ApiError(ErrorCodes.BAD_GATEWAY, `${url.hostname} answered ${status}`);
      }
      const length = res.headers['content-length'] !== undefined ? Number(res.headers['content-length']) : undefined;
      if (length !== undefined && length > options.maxBytes) {
        res.destroy();
        throw ApiError.tooLarge(`The remote file is ${length} bytes; the limit is ${options.maxBytes}`);
      }
      // The deadline keeps running while the body is copied; it ends with the stream.
      res.once('close', () => clearTimeout(timer));
      return { stream: res, contentType: res.headers['content-type'], length };
    }
  } catch (err) {
    clearTimeout(timer);
    throw err;
  }
}

/** Why a server-side request to `host` is refused, or undefined; for literal IP addresses, which skip the lookup. */
export function refusedLiteral(host: string, allowPrivate: boolean): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  return net.isIP(bare) && !allowPrivate && isPrivateAddress(bare)
    ? `The address ${bare} is not reachable from the server`
    : undefined;
}

/** Verbs a server-side request may use (imported API services proxy every verb of their document). */
export type RemoteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface RemoteRequest {
  method: RemoteMethod;
  headers: Record<string, string>;
  body?: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Most answer bytes read; beyond it the answer is cut (`overCap: 'cut'`) or the call fails with ETOOBIG. */
  maxAnswerBytes?: number;
  overCap?: 'cut' | 'fail';
  /** Aborting it ends the call (connect, headers and body) with ETIMEDOUT: a whole-call deadline. */
  signal?: AbortSignal;
}

/** A failed server-side request; `code` says why: EPRIVATE (address refused), ETIMEDOUT, ETOOBIG, EURL or the socket's own code. */
export class RemoteRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One request for the server itself with a body or headers of its own (push providers' token and
 * send calls, OAuth providers' token and profile calls), under the same address rules as
 * downloads: http(s) only, public addresses only unless private fetching is allowed, checked when
 * connecting. Redirects are not followed (a token must not follow one to another host). Answers
 * the status and the answer text (capped).
 */
export function requestRemote(
  rawUrl: string | URL,
  r: RemoteRequest,
): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new RemoteRequestError('EURL', `Not a valid URL: ${String(rawUrl).slice(0, 100)}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new RemoteRequestError('EURL', `Only http(s) URLs can be called, not ${url.protocol}`));
  const literal = refusedLiteral(url.hostname, r.allowPrivate);
  if (literal)
    return Promise.reject(
      new RemoteRequestError('EPRIVATE', `${literal} (private addresses need BASALT_REMOTE_FETCH_PRIVATE)`),
    );
  const lib = url.protocol === 'https:' ? https : http;
  const cap = r.maxAnswerBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: r.method,
        headers: {
          'user-agent': 'Basalt',
          ...r.headers,
          ...(r.body !== undefined ? { 'content-length': String(Buffer.byteLength(r.body)) } : {}),
        },
        lookup: guardedLookup(r.allowPrivate),
        timeout: r.timeoutMs ?? 15_000,
        ...(r.signal ? { signal: r.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= cap) return;
          size += chunk.length;
          if (size > cap && r.overCap === 'fail') {
            res.destroy();
            reject(new RemoteRequestError('ETOOBIG', `${url.hostname} answered more than ${cap} bytes`));
            return;
          }
          chunks.push(size > cap ? chunk.subarray(0, chunk.length - (size - cap)) : chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            // Single-valued headers only (the answer's content type is what callers read).
            headers: Object.fromEntries(
              Object.entries(res.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
          }),
        );
        res.on('error', (err) =>
          reject(
            r.signal?.aborted ? new RemoteRequestError('ETIMEDOUT', `${url.hostname} did not answer in time`) : err,
          ),
        );
      },
    );
    req.on('timeout', () => req.destroy(new RemoteRequestError('ETIMEDOUT', `${url.hostname} did not answer in time`)));
    req.on('error', (err: Error & { code?: string }) => {
      if (err instanceof RemoteRequestError) return reject(err);
      if (r.signal?.aborted)
        return reject(new RemoteRequestError('ETIMEDOUT', `${url.hostname} did not answer in time`));
      if (err.code === 'EPRIVATE')
        return reject(
          new RemoteRequestError(
            'EPRIVATE',
            `${url.hostname} is not reachable from the server (private addresses need BASALT_REMOTE_FETCH_PRIVATE)`,
          ),
        );
      reject(new RemoteRequestError(err.code ?? 'ECONNECT', `${url.hostname} could not be reached: ${err.message}`));
    });
    req.end(r.body);
  });
}
