/**
 * Test support: a recording `fetch` and a client wired to it, for request-shape tests. Each call is
 * recorded as `{ url, method, headers, body }`; answers come from a queue (default: 200 `{}`).
 */
import { createClient, type BasaltClient, type ClientOptions } from '../client.js';
import { ResponseCache } from '../transport/cache.js';
import type { FetchLike } from '../transport/context.js';

export const TEST_HOST = 'http://test-host:3000';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Objects are JSON-encoded; strings are sent as they are; `undefined` means an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Throw like fetch does when no answer arrives. */
  networkError?: boolean;
}

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedCall[];
  /** Queues one answer. */
  reply(reply: FakeReply): void;
  /** Queues a JSON answer with status 200. */
  replyJson(body: unknown, headers?: Record<string, string>): void;
}

export function fakeFetch(): FakeFetch {
  const calls: RecordedCall[] = [];
  const queue: FakeReply[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: { ...init.headers }, body: init.body });
    const reply = queue.shift() ?? { body: {} };
    if (reply.networkError) throw new TypeError('fetch failed');
    const status = reply.status ?? 200;
    const text =
      reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: reply.headers ?? {},
    });
  };
  return {
    fetch,
    calls,
    reply: (reply) => queue.push(reply),
    replyJson: (body, headers) => queue.push({ body, headers }),
  };
}

/** A client on `http://test-host:3000` with a private cache, its fake fetch and its calls. */
export function recordingClient(
  authKey: string | null = 'test-key',
  options: ClientOptions = {},
): FakeFetch & { client: BasaltClient; cache: ResponseCache } {
  const fake = fakeFetch();
  const cache = new ResponseCache();
  const client = createClient(TEST_HOST, authKey, { fetch: fake.fetch, cache, ...options });
  return { ...fake, client, cache };
}

/** The JSON request headers a client with a key sends. */
export function jsonHeaders(authKey = 'test-key'): Record<string, string> {
  return { 'auth-key': authKey, 'Content-Type': 'application/json' };
}
