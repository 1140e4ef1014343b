import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ApiError } from '../../http/api-error.js';
import { refusedLiteral, RemoteRequestError, requestRemote, type RemoteMethod } from '../../http/remote-fetch.js';

/** Deadline of each step with a remote MCP server (connect, list, call). */
export const MCP_TIMEOUT_MS = 15_000;
/** Most bytes of one answer of a remote MCP server. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * A `fetch` for the MCP SDK's client transport that goes through the server-side request guard
 * (http/remote-fetch.ts): http(s) only, private addresses only when the operator allows them,
 * checked at connection time, a deadline and a size cap. Answers are read whole; MCP's POST
 * answers (JSON, or an event stream that ends with the answer) are complete when the stream ends.
 */
export function guardedFetch(allowPrivate: boolean): FetchLike {
  return async (url, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const r = await requestRemote(String(url), {
      method: (init?.method ?? 'GET').toUpperCase() as RemoteMethod,
      headers,
      ...(body !== undefined ? { body } : {}),
      allowPrivate,
      timeoutMs: MCP_TIMEOUT_MS,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      overCap: 'fail',
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    const status = r.status >= 200 && r.status <= 599 ? r.status : 502;
    const empty = status === 204 || status === 304 || r.text === '';
    return new Response(empty ? null : r.text, { status, headers: r.headers });
  };
}

/** Refuses a URL that cannot be a remote MCP server before anything is stored or sent. */
export function checkServerUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ApiError.field('VALIDATION', 'url', `'url' is not a valid URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.field('VALIDATION', 'url', `'url' must use http or https, not ${url.protocol}`);
  if (url.username || url.password)
    throw ApiError.field('VALIDATION', 'url', "'url' must not carry a user name or password (use headers)");
  const refused = refusedLiteral(url.hostname, allowPrivate);
  if (refused)
    throw ApiError.field('VALIDATION', 'url', `${refused} (private addresses need BASALT_REMOTE_FETCH_PRIVATE)`);
  return url;
}

/** The reason of a failed exchange with a remote server, as a 422 that names its host (never a 502). */
function failure(url: URL, err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const message =
    err instanceof RemoteRequestError || err instanceof Error ? err.message : String(err ?? 'unknown error');
  return new ApiError('UNPROCESSABLE', `The MCP server at ${url.host} failed: ${message.slice(0, 500)}`);
}

/**
 * Opens a session with a remote MCP server (Streamable HTTP), runs `work` with it and closes it:
 * one short session per use, so nothing stays open between a flow's steps.
 */
export async function withRemoteClient<T>(
  url: URL,
  headers: Record<string, string>,
  allowPrivate: boolean,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ name: 'basalt', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: guardedFetch(allowPrivate),
    requestInit: { headers },
  });
  try {
    await client.connect(transport, { timeout: MCP_TIMEOUT_MS });
    return await work(client);
  } catch (err) {
    throw failure(url, err);
  } finally {
    await client.close().catch(() => undefined);
  }
}
