import { buildPath, type HttpMethod, type ResponseOf, type RouteDef } from '@basalt/shared';
import { COUNT_CACHE_TTL, DEFAULT_CACHE_TTL, type CacheTag } from './cache.js';
import type { ClientContext, OutgoingRequest, TransportKind } from './context.js';
import { encodePathSegments, isAbsoluteUrl, isRawBody, joinUrl, withQuery, type Query } from './encode.js';
import { DESTROYED_MESSAGE, NO_CONNECTION_MESSAGE, RequestError, errorFromResponse, isRecord } from './errors.js';

/** How the answer body is read. `auto`: JSON when it parses, else text; empty → `undefined`. */
export type ResponseType = 'auto' | 'text' | 'arraybuffer' | 'blob';

/** Everything about one request; groups build these (usually through `Transport.route`). */
export interface RequestSpec {
  method: HttpMethod;
  /** Path below the channel's base URL, or an absolute http(s) URL used as is. */
  path: string;
  query?: Query;
  /**
   * A plain object or array is sent as JSON (`Content-Type: application/json`); strings, FormData
   * (multipart), URLSearchParams (form), Blob and byte arrays are sent as they are.
   */
  body?: unknown;
  headers?: Record<string, string>;
  /** Content type of a raw body, e.g. `application/x-www-form-urlencoded; charset=UTF-8`. */
  contentType?: string;
  /** Read and write the response cache; `true` uses the default TTL (15 000 ms). */
  cache?: number | true;
  /** Tags of the cached answer; a successful non-GET with tags flushes matching entries. */
  cacheTags?: CacheTag[];
  /** Flush this request's tags before sending. */
  resetCache?: boolean;
  responseType?: ResponseType;
  signal?: AbortSignal;
}

/** The whole answer, for methods that need headers (sign-in reads `auth-key`). */
export interface FullResponse<T = unknown> {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: T;
}

/** Options of `Transport.route`: everything but the verb and path, which come from the route. */
export type RouteOptions = Omit<RequestSpec, 'method' | 'path'>;

/** Host and path rewrite of one channel. */
export interface ChannelConfig {
  /** Base URL of the channel; when empty the channel shares the main base URL. */
  baseUrl?: string | null;
  /** Leading path part removed when the channel has its own base URL (e.g. `/console/community`). */
  stripPrefix?: string;
  /** Headers added to every request of the channel (billing's basic auth). */
  headers?: Record<string, string>;
}

/** Keys a derived count request drops: they page and sort, which a count does not. */
export const COUNT_STRIPPED_KEYS = ['offset', 'pagesize', 'pageSize', 'sortBy', 'sortDirection'] as const;

/** Answer of `getWithData`. */
export interface DataWithTotal<T> {
  data: T;
  totalRows: number;
}

/**
 * One request channel of a client over `fetch`, usable in Node 20 and browsers. It adds the
 * `auth-key` header, encodes bodies and queries, maps failures to `RequestError`, and serves and
 * flushes the process-wide response cache.
 */
export class Transport {
  constructor(
    /** The client's shared state. */
    readonly context: ClientContext,
    /** Which channel this is (passed to the middleware). */
    readonly kind: TransportKind = 'main',
    private readonly channel: ChannelConfig = {},
  ) {}

  /** Sends a request and answers its body. */
  async send<T = unknown>(spec: RequestSpec): Promise<T> {
    return (await this.sendFull<T>(spec)).body;
  }

  /** Sends a request and answers status, headers and body. */
  async sendFull<T = unknown>(spec: RequestSpec): Promise<FullResponse<T>> {
    const ctx = this.context;
    if (ctx.destroyed) throw new Error(DESTROYED_MESSAGE);
    // URL parsing resolves `.`/`..` segments (even encoded ones), so a file or record name of `..`
    // would silently address another route (e.g. the app itself): never send such a path.
    if (hasDotSegment(spec.path)) throw new Error(`Invalid path: '.' and '..' segments are not allowed: ${spec.path}`);

    const headers: Record<string, string> = {};
    if (ctx.authKey) headers['auth-key'] = ctx.authKey;
    Object.assign(headers, spec.headers);
    let body: unknown = spec.body;
    if (body !== undefined && body !== null && !isRawBody(body)) {
      body = JSON.stringify(body);
      if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
    } else if (spec.contentType && !hasHeader(headers, 'content-type')) {
      headers['Content-Type'] = spec.contentType;
    }

    const req: OutgoingRequest = {
      method: spec.method,
      path: spec.path,
      query: spec.query,
      headers,
      body,
      transport: this.kind,
    };
    if (ctx.middleware) await ctx.middleware(req);

    const url = this.urlOf(req);
    const cacheTtl = spec.cache === true ? DEFAULT_CACHE_TTL : spec.cache;
    const tags = spec.cacheTags ?? [];
    if (spec.resetCache && tags.length) ctx.cache.flushTags(tags);
    if (cacheTtl !== undefined) {
      const hit = ctx.cache.get(url);
      if (hit) return hit.value as FullResponse<T>;
    }

    const fetchFn = ctx.fetch ?? (globalThis.fetch as unknown as ClientContext['fetch']);
    if (!fetchFn) throw new RequestError(NO_CONNECTION_MESSAGE, { status: 0 });
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined && req.body !== null ? { body: req.body } : {}),
        ...(spec.signal ? { signal: spec.signal } : {}),
        ...(ctx.credentials ? { credentials: ctx.credentials } : {}),
      });
    } catch (err) {
      if (isAbort(err)) throw err;
      // fetch rejects only when no answer arrived: the same situation as a 502 from a gateway.
      throw new RequestError(NO_CONNECTION_MESSAGE, {
        status: 0,
        body: err instanceof Error ? err.message : undefined,
      });
    }

    const resHeaders = headersToObject(res.headers);
    if (!res.ok) {
      const errorBody = parseText(await safeText(res));
      throw errorFromResponse(res.status, res.statusText, resHeaders, errorBody);
    }
    const full: FullResponse<T> = {
      status: res.status,
      statusText: res.statusText,
      headers: resHeaders,
      body: (await readBody(res, spec.responseType)) as T,
    };
    if (cacheTtl !== undefined) ctx.cache.set(url, full, cacheTtl, tags);
    if (req.method !== 'GET' && tags.length) ctx.cache.flushTags(tags);
    return full;
  }

  /** GET `path`. */
  get<T = unknown>(path: string, options: Omit<RequestSpec, 'method' | 'path' | 'body'> = {}): Promise<T> {
    return this.send<T>({ ...options, method: 'GET', path });
  }

  /** POST `body` to `path`. */
  post<T = unknown>(path: string, body?: unknown, options: RouteOptions = {}): Promise<T> {
    return this.send<T>({ ...options, method: 'POST', path, body });
  }

  /** PUT `body` to `path`. */
  put<T = unknown>(path: string, body?: unknown, options: RouteOptions = {}): Promise<T> {
    return this.send<T>({ ...options, method: 'PUT', path, body });
  }

  /** PATCH `body` to `path`. */
  patch<T = unknown>(path: string, body?: unknown, options: RouteOptions = {}): Promise<T> {
    return this.send<T>({ ...options, method: 'PATCH', path, body });
  }

  /** DELETE `path`; a JSON body is allowed (several console routes take one). */
  delete<T = unknown>(path: string, body?: unknown, options: RouteOptions = {}): Promise<T> {
    return this.send<T>({ ...options, method: 'DELETE', path, body });
  }

  /**
   * The request of a declared route: verb from the declaration, path filled positionally from
   * `params` (throws `Invalid path params in route [name], arguments: …` when one is missing).
   */
  routeSpec(
    route: Pick<RouteDef, 'name' | 'path' | 'method'>,
    params: unknown[] = [],
    options: RouteOptions = {},
  ): RequestSpec {
    return { ...options, method: route.method, path: buildPath(route, ...params) };
  }

  /**
   * Sends the request of a declared route (see `routeSpec`) and answers its body, typed by the
   * route's response schema: a method's answer type comes from the contract, not from the group.
   */
  async route<R extends Pick<RouteDef, 'name' | 'path' | 'method' | 'response'>>(
    route: R,
    params: unknown[] = [],
    options: RouteOptions = {},
  ): Promise<ResponseOf<R>> {
    return this.send<ResponseOf<R>>(this.routeSpec(route, params, options));
  }

  /**
   * The count request derived from a list request: same URL plus `/count`, paging and sorting
   * keys removed (from the query of a GET, from the body of a POST), cached 30 000 ms with the
   * list's tags.
   */
  countSpec(list: RequestSpec): RequestSpec {
    const path = list.path.replace(/\/+$/, '') + '/count';
    const spec: RequestSpec = { ...list, path, cache: COUNT_CACHE_TTL, resetCache: false };
    if (list.method === 'GET') spec.query = withoutKeys(list.query);
    else spec.body = isRecord(list.body) ? withoutKeys(list.body) : list.body;
    return spec;
  }

  /** Sends the count request derived from `list` (see `countSpec`). */
  count<T = number>(list: RequestSpec): Promise<T> {
    return this.send<T>(this.countSpec(list));
  }

  /** Runs a list request, then (when it succeeded) its count: `{ data, totalRows }`. */
  async getWithData<T = unknown>(list: RequestSpec): Promise<DataWithTotal<T>> {
    const data = await this.send<T>(list);
    return { data, totalRows: toCount(await this.count<unknown>(list)) };
  }

  /** The final URL of a request on this channel. */
  private urlOf(req: OutgoingRequest): string {
    let path = req.path;
    let base = this.context.serverUrl;
    if (this.channel.headers)
      for (const [k, v] of Object.entries(this.channel.headers)) if (!hasHeader(req.headers, k)) req.headers[k] = v;
    if (this.channel.baseUrl) {
      base = this.channel.baseUrl;
      const prefix = this.channel.stripPrefix;
      if (prefix && !isAbsoluteUrl(path) && (path === prefix || path.startsWith(prefix + '/')))
        path = path.slice(prefix.length) || '/';
    }
    const full = isAbsoluteUrl(path) ? path : joinUrl(base, encodePathSegments(path));
    return withQuery(full, req.query);
  }
}

function withoutKeys<T extends Record<string, unknown>>(obj: T | undefined): T | undefined {
  if (!obj) return obj;
  const out: Record<string, unknown> = { ...obj };
  for (const key of COUNT_STRIPPED_KEYS) delete out[key];
  return out as T;
}

/** Count routes answer a number, or an object with a count field; both read as a number. */
function toCount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (isRecord(value))
    for (const key of ['count', 'totalRows', 'total']) if (typeof value[key] === 'number') return value[key] as number;
  return Number(value) || 0;
}

function hasDotSegment(path: string): boolean {
  const pathname = path.replace(/^https?:\/\/[^/]*/i, '');
  return pathname.split('/').some((seg) => /^(?:\.|%2e){1,2}$/i.test(seg));
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

function headersToObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

async function safeText(res: Response): Promise<string> {
  try {
    return await res.text();
  } catch {
    return '';
  }
}

function parseText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(res: Response, type: ResponseType = 'auto'): Promise<unknown> {
  if (type === 'arraybuffer') return res.arrayBuffer();
  if (type === 'blob') return res.blob();
  const text = await res.text();
  return type === 'text' ? text : parseText(text);
}

function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'AbortError';
}
