import { requestRemote, RemoteRequestError, type RemoteMethod } from '../../../../http/remote-fetch.js';
import { textOf } from '../expressions.js';
import {
  isRec,
  oneOf,
  str,
  type ElementKit,
  type ElementRun,
  type ElementSpec,
  type Outcome,
  type Rec,
} from './types.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
/** Answer text at most this long is kept from an HTTP step. */
const HTTP_ANSWER_BYTES = 256 * 1024;
const HTTP_TIMEOUT_MS = 15_000;

function checkRetry(c: Rec): string | undefined {
  if (c.retry === undefined) return undefined;
  const r = c.retry;
  if (!isRec(r) || !(Number.isInteger(r.count) && Number(r.count) >= 0 && Number(r.count) <= 10))
    return "'retry.count' must be a whole number from 0 to 10";
  if (!(Number(r.delayMs) >= 0 && Number(r.delayMs) <= 3_600_000)) return "'retry.delayMs' must be 0 to 3600000";
  return undefined;
}

async function http(r: ElementRun, kit: ElementKit): Promise<Outcome> {
  const c = r.config;
  // The step key lets the far side recognise a step repeated after a crash.
  const headers: Record<string, string> = { 'idempotency-key': r.stepKey };
  if (isRec(c.headers)) for (const [k, v] of Object.entries(c.headers)) headers[k.toLowerCase()] = textOf(v);
  let body: string | undefined;
  if (c.body !== undefined && c.body !== null && c.method !== 'GET' && c.method !== 'HEAD') {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    if (typeof c.body !== 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
  }
  try {
    const res = await requestRemote(textOf(c.url), {
      method: String(c.method) as RemoteMethod,
      headers,
      body,
      allowPrivate: kit.ctx.config.remoteFetchPrivate,
      timeoutMs: HTTP_TIMEOUT_MS,
      maxAnswerBytes: HTTP_ANSWER_BYTES,
      overCap: 'cut',
    });
    let answer: unknown = res.text;
    if ((res.headers['content-type'] ?? '').includes('json'))
      try {
        answer = JSON.parse(res.text);
      } catch {
        // Kept as text: the server said JSON but sent something else.
      }
    if (res.status >= 400)
      return { kind: 'fail', code: `HTTP_${res.status}`, message: `${textOf(c.url)} answered ${res.status}` };
    return { kind: 'done', output: { status: res.status, headers: res.headers, body: answer }, port: 'out' };
  } catch (err) {
    const code = err instanceof RemoteRequestError ? err.code : 'HTTP_ERROR';
    return { kind: 'fail', code, message: (err as Error).message };
  }
}

export const HTTP_ELEMENTS: Record<string, ElementSpec> = {
  'action.http': {
    ports: ['out', 'error'],
    checks: [str('url'), oneOf('method', HTTP_METHODS), checkRetry],
    run: http,
  },
};
