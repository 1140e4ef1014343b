import { fieldErrorsOf, type FieldError } from '@basalt/shared';

/**
 * The error every failed request rejects with. Shaped like the reference client's errors so code
 * written against it keeps working: spreading it (`{...err}`) gives exactly `body`, `message` and
 * `status`, plus `code` when the server sent one; `headers` is there too but not enumerable.
 */
export class RequestError extends Error {
  /** The server's error code (`body.code`), when it sent one. */
  declare readonly code: string | number | undefined;
  /** HTTP status; 0 when no response arrived at all. */
  declare readonly status: number;
  /** Response headers, names in lower case (not enumerable). */
  declare readonly headers: Record<string, string>;
  /** The parsed response body (JSON when it parses, else text). */
  declare readonly body: unknown;
  /**
   * The fields the server blamed (`body.details.fields`), each with its own code and message, so
   * a form can put each message under its input. Not enumerable, like `headers`, so spreading the
   * error still gives the reference client's shape.
   */
  declare readonly fields: FieldError[];

  constructor(
    message: string,
    init: { code?: string | number; status: number; headers?: Record<string, string>; body?: unknown },
  ) {
    super(message);
    const field = (value: unknown, enumerable = true) => ({ value, enumerable, writable: true, configurable: true });
    Object.defineProperties(this, {
      message: field(message),
      status: field(init.status),
      body: field(init.body),
      headers: field(init.headers ?? {}, false),
      code: field(init.code, init.code !== undefined),
      fields: field(fieldErrorsOf(isRecord(init.body) ? init.body.details : undefined), false),
    });
  }
}

RequestError.prototype.name = 'RequestError';

/** Message of a 502 answer and of a request that never reached the server. */
export const NO_CONNECTION_MESSAGE = 'No connection with server';

/** Message every request rejects with once its client was destroyed. */
export const DESTROYED_MESSAGE = 'Client has been destroyed';

/**
 * Builds the error of a non-2xx answer: the body's `message`, or the body itself when it is a
 * non-empty string, or `Status Code <n> (<statusText>)`. A 502 always reads as a lost connection,
 * because that is what a gateway in front of a stopped server answers.
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  headers: Record<string, string>,
  body: unknown,
): RequestError {
  const code =
    isRecord(body) && (typeof body.code === 'string' || typeof body.code === 'number') ? body.code : undefined;
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
