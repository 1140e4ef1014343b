import type { HttpMethod } from '@basalt/shared';
import type { ResponseCache } from './cache.js';
import type { Query } from './encode.js';

/** Which of the client's request channels a request goes through. */
export type TransportKind = 'main' | 'billing' | 'community' | 'sqlService' | 'automation' | 'nodeAPI';

/**
 * A request as `options.middleware` sees it: after the `auth-key` header was set, before the
 * channel's host and path rewrite. The middleware may change any field.
 */
export interface OutgoingRequest {
  method: HttpMethod;
  /** Path as the group built it (or an absolute URL). */
  path: string;
  query: Query | undefined;
  headers: Record<string, string>;
  body: unknown;
  transport: TransportKind;
}

/** Called on every request of a client (see `OutgoingRequest`). */
export type Middleware = (req: OutgoingRequest) => void | Promise<void>;

/** The subset of `fetch` the transport uses; tests pass a recording fake. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal;
    credentials?: 'omit' | 'same-origin' | 'include';
  },
) => Promise<Response>;

/**
 * State one client shares between its transports and groups: the developer's key, the destroyed
 * flag and memoised requests. Groups read and write `authKey` (sign-in stores it, sign-out clears it).
 */
export interface ClientContext {
  /** Base URL of the server; empty means paths stay relative (same-origin browser use). */
  serverUrl: string;
  /** Sent as header `auth-key` while set. */
  authKey: string | null | undefined;
  /** Set by `destroy()`; every later request rejects. */
  destroyed: boolean;
  middleware?: Middleware;
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchLike;
  /** `credentials` mode for browser fetches (cookies); the default leaves the runtime's default. */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Defaults to the process-wide cache. */
  cache: ResponseCache;
  /** Requests shared between calls (e.g. the status memo), by name. */
  memo: Map<string, Promise<unknown>>;
}
