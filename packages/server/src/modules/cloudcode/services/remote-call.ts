import { ErrorCodes } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { RemoteRequestError, requestRemote, type RemoteMethod } from '../../../http/remote-fetch.js';
import { DEFAULT_LIMITS } from '../../../sandbox/limits.js';

/** Largest remote answer relayed (Lambda's synchronous answer is at most 6 MB; imported APIs get the same). */
const MAX_ANSWER = 6 * 1024 * 1024;

export const remoteError = (message: string) => new ApiError(ErrorCodes.CLOUD_CODE_REMOTE_ERROR, message);

/**
 * One call of a remote service (AWS Lambda, an imported API) through the server's outbound guard
 * with a whole-call deadline: past it the call is CLOUD_CODE_TIMEOUT like code in the sandbox, and
 * a call that cannot be made is CLOUD_CODE_REMOTE_ERROR. `says` words both messages for the caller.
 */
export async function callRemote(
  url: URL,
  req: { method: RemoteMethod; headers: Record<string, string>; body?: string },
  opts: { allowPrivate: boolean; timeoutMs?: number },
  says: { timeout: (ms: number) => string; failed: (why: string) => string },
): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_LIMITS.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await requestRemote(url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      allowPrivate: opts.allowPrivate,
      timeoutMs,
      signal: controller.signal,
      maxAnswerBytes: MAX_ANSWER,
      overCap: 'fail',
    });
  } catch (err) {
    if (!(err instanceof RemoteRequestError)) throw err;
    if (err.code === 'ETIMEDOUT') throw new ApiError(ErrorCodes.CLOUD_CODE_TIMEOUT, says.timeout(timeoutMs));
    throw remoteError(says.failed(err.message));
  } finally {
    clearTimeout(timer);
  }
}
