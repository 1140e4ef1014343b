/**
 * The one registry of error codes that the server answers with. Every error body on the wire is
 * `{ code, message }` (plus optional `details`) with a 4xx/5xx status.
 */
export const ErrorCodes = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_OTP: 'INVALID_OTP',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  NOT_AVAILABLE_YET: 'NOT_AVAILABLE_YET',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A remote server the request named (a URL to download) failed or answered badly. */
  BAD_GATEWAY: 'BAD_GATEWAY',
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | (string & {});

/** What every error response body looks like. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Optional structured detail, e.g. `{ field: 'email' }` so a form can place the message. */
  details?: Record<string, unknown>;
}
