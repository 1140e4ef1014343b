import { isErrorCode } from '@basalt/shared';
import { ApiError } from '../http/api-error.js';
import type { WireError } from './protocol.js';

/**
 * A failure reported by the sandbox process as the ApiError the caller answers with. A
 * `ServerCode.Error(code, message, httpStatus)` keeps the developer's code and status on the wire
 * (code CLOUD_CODE_REJECTED server-side); a host error the code did not catch keeps its own code.
 */
export function toApiError(e: WireError): ApiError {
  switch (e.kind) {
    case 'timeout':
      return new ApiError('CLOUD_CODE_TIMEOUT', e.message);
    case 'memory':
      return new ApiError('CLOUD_CODE_MEMORY', e.message);
    case 'reset':
      return new ApiError('CLOUD_CODE_SANDBOX_CRASHED', e.message);
    case 'deploy':
      return new ApiError('CLOUD_CODE_DEPLOY_ERROR', e.message);
    case 'not-found':
      return ApiError.notFound(e.message);
    case 'rejected':
      return new ApiError('CLOUD_CODE_REJECTED', messageOf(e.message), undefined, {
        status: statusOf(e.status),
        ...(typeof e.code === 'number' || (typeof e.code === 'string' && e.code !== '')
          ? { code: wireCode(e.code) }
          : {}),
      });
    case 'api':
      if (isErrorCode(e.code)) return new ApiError(e.code, messageOf(e.message), e.details);
      return new ApiError('CLOUD_CODE_ERROR', messageOf(e.message));
    default:
      return new ApiError('CLOUD_CODE_ERROR', messageOf(e.message));
  }
}

/** A code given as digits ('4001') is the number the reference SDK reads; any other text stays text. */
function wireCode(code: string | number): string | number {
  return typeof code === 'string' && /^\d{1,9}$/.test(code) ? Number(code) : code;
}

/** The developer's status when it is an error status (400–599), else 400. */
function statusOf(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 400 && n <= 599 ? n : 400;
}

function messageOf(m: unknown): string {
  const s = typeof m === 'string' ? m : m === undefined || m === null ? '' : String(m);
  return s || 'Cloud code failed';
}

/** A bridge call refused before any op ran (unknown op): the code sees it as an error it may catch. */
export function bridgeFailure(message: string): ApiError {
  return new ApiError('CLOUD_CODE_ERROR', message);
}
