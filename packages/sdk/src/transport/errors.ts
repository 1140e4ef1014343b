/**
 * The error every failed request rejects with. Shaped like the reference client's errors so code
 * written against it keeps working: `message`, `code`, `status`, `headers`, `body`.
 */
export class RequestError extends Error {
  /** The server's error code (`body.code`), when it sent one. */
  readonly code: string | number | undefined;
  /** HTTP status; 0 when no response arrived at all. */
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Record<string, string>;
  /** The parsed response body (JSON when it parses, else text). */
  readonly body: unknown;

  constructor(message: string, init: { code?: string | number; status: number; headers?: Record<string, string>; body?: unknown }) {
    super(message);
    this.name = 'RequestError';
    this.code = init.code;
    this.status = init.status;
    this.headers = init.headers ?? {};
    this.body = init.body;
  }
}

/** Message of a 502 answer and of a request that never reached the server. */
export const NO_CONNECTION_MESSAGE = 'No connection with server';

/** Message every request rejects with once its client was destroyed. */
export const DESTROYED_MESSAGE = 'Client has been destroyed';

/**
 * Builds the error of a non-2xx answer: the body's `message`, or the body itself when it is a
 * non-empty string, or `Status Code <n> (<statusText>)`. A 502 always reads as a lost connection,
 * because that is what a gateway in front of a stopped server answers.
 */
export function errorFromResponse(status: number, statusText: string, headers: Record<string, string>, body: unknown): RequestError {
  const code = isRecord(body) && (typeof body.code === 'string' || typeof body.code === 'number') ? body.code : undefined;
  let message: string;
  if (status === 502) message = NO_CONNECTION_MESSAGE;
  else if (isRecord(body) && typeof body.message === 'string' && body.message) message = body.message;
  else if (typeof body === 'string' && body) message = body;
  else message = `Status Code ${status} (${statusText})`;
  return new RequestError(message, { code, status, headers, body });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
