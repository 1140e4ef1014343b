import { ERRORS, ErrorCodes, type ErrorCode, type ErrorDetails, type FieldError } from '@basalt/shared';

/**
 * The one error type of the server. Services throw it; the error handler turns it into
 * `{ code, message, details? }` with `status`. The status comes from the code's row of the
 * registry (`ERRORS` in @basalt/shared), never from the call site. Anything else that escapes
 * becomes a 500 whose body says nothing about internals (no SQL, no stack).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The code written on the wire: `code`, unless `answer.code` names another (see `ApiErrorAnswer`). */
  readonly wireCode: ErrorCode | string | number;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: ErrorDetails,
    answer?: ApiErrorAnswer,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = answer?.status ?? ERRORS[code].status;
    this.wireCode = answer?.code ?? code;
  }

  static badRequest(message: string, details?: ErrorDetails) {
    return new ApiError(ErrorCodes.BAD_REQUEST, message, details);
  }
  /** An error about one input (`VALIDATION`, `CONFLICT`…): the form shows `message` under `field`. */
  static field(code: ErrorCode, field: string, message: string, details?: ErrorDetails) {
    return new ApiError(code, message, { ...details, fields: [fieldError(field, message, code)] });
  }
  static unauthorized(message = 'Authentication required') {
    return new ApiError(ErrorCodes.UNAUTHORIZED, message);
  }
  static forbidden(message = 'You do not have permission to do this', details?: ErrorDetails) {
    return new ApiError(ErrorCodes.FORBIDDEN, message, details);
  }
  static notFound(message = 'Not found') {
    return new ApiError(ErrorCodes.NOT_FOUND, message);
  }
  static conflict(message: string, details?: ErrorDetails) {
    return new ApiError(ErrorCodes.CONFLICT, message, details);
  }
  static tooLarge(message: string) {
    return new ApiError(ErrorCodes.PAYLOAD_TOO_LARGE, message);
  }
  static rateLimited(message: string) {
    return new ApiError(ErrorCodes.RATE_LIMITED, message);
  }
  static notAvailableYet(what: string) {
    return new ApiError(ErrorCodes.NOT_AVAILABLE_YET, `${what} is not available yet`);
  }
  static unavailable(message: string) {
    return new ApiError(ErrorCodes.SERVICE_UNAVAILABLE, message);
  }
}

/**
 * The one exception to "the status belongs to the code": developer cloud code that throws
 * `ServerCode.Error(code, message, httpStatus)` decides its own answer (code `CLOUD_CODE_REJECTED`
 * server-side; the body carries the developer's code, the status is theirs). Nothing else uses it.
 */
export interface ApiErrorAnswer {
  status?: number;
  code?: string | number;
}

/** One entry of `details.fields`. */
export function fieldError(field: string, message: string, code: ErrorCode = ErrorCodes.VALIDATION): FieldError {
  return { field, code, message };
}
