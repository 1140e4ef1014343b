import { ErrorCodes, type ErrorCode } from '@basalt/shared';

/**
 * The one error type of the server. Services throw it; the error handler turns it into
 * `{ code, message, details? }` with `status`. Anything else that escapes becomes a 500 whose body
 * says nothing about internals (no SQL, no stack).
 */
export class ApiError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, details?: Record<string, unknown>) {
    return new ApiError(ErrorCodes.BAD_REQUEST, 400, message, details);
  }
  static unauthorized(message = 'Authentication required') {
    return new ApiError(ErrorCodes.UNAUTHORIZED, 401, message);
  }
  static forbidden(message = 'You do not have permission to do this', details?: Record<string, unknown>) {
    return new ApiError(ErrorCodes.FORBIDDEN, 403, message, details);
  }
  static notFound(message = 'Not found') {
    return new ApiError(ErrorCodes.NOT_FOUND, 404, message);
  }
  static conflict(message: string, details?: Record<string, unknown>) {
    return new ApiError(ErrorCodes.CONFLICT, 409, message, details);
  }
  static tooLarge(message: string) {
    return new ApiError(ErrorCodes.PAYLOAD_TOO_LARGE, 413, message);
  }
  static rateLimited(message: string) {
    return new ApiError(ErrorCodes.RATE_LIMITED, 429, message);
  }
  static notAvailableYet(what: string) {
    return new ApiError(ErrorCodes.NOT_AVAILABLE_YET, 501, `${what} is not available yet`);
  }
  static unavailable(message: string) {
    return new ApiError(ErrorCodes.SERVICE_UNAVAILABLE, 503, message);
  }
}
