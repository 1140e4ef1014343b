import type { SecretBox } from '../../../../http/secret-box.js';
import { callRemote, remoteError } from '../remote-call.js';
import { awsEncode, signV4 } from './sigv4.js';
import type { LambdaFunction, LambdaSettings } from './settings.js';

/** What the function receives besides its arguments. */
export interface LambdaContext {
  userId: string | null;
  userRoles: string[];
  headers: Record<string, unknown>;
}

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `Invoke` URL of a function: `{endpoint}/2015-03-31/functions/{name[:alias]}/invocations`. */
export function invocationUrl(s: Pick<LambdaSettings, 'endpoint' | 'region'>, f: LambdaFunction): URL {
  const base = s.endpoint ?? `https://lambda.${s.region}.amazonaws.com`;
  const fn = awsEncode(f.alias ? `${f.name}:${f.alias}` : f.name);
  return new URL(`${base}/2015-03-31/functions/${fn}/invocations`);
}

/**
 * Calls one function synchronously (RequestResponse), SigV4-signed, through the server's outbound
 * guard. The function's own failure (`X-Amz-Function-Error`) and AWS refusing the call are both
 * 400 CLOUD_CODE_REMOTE_ERROR with the message they gave; running past the deadline is
 * CLOUD_CODE_TIMEOUT like code in the sandbox.
 */
export async function invokeLambda(
  settings: LambdaSettings,
  fn: LambdaFunction,
  payload: { args: unknown; context: LambdaContext },
  opts: { box: SecretBox; allowPrivate: boolean; timeoutMs?: number },
): Promise<unknown> {
  const url = invocationUrl(settings, fn);
  const body = JSON.stringify(payload);
  const headers = signV4(
    {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: opts.box.open(settings.secretAccessKey),
      region: settings.region,
      service: 'lambda',
    },
    { method: 'POST', url, headers: { 'content-type': 'application/json' }, body },
  );
  const res = await callRemote(url, { method: 'POST', headers, body }, opts, {
    timeout: (ms) =>
      `Task execution is aborted due to timeout: the Lambda function '${fn.name}' did not answer in ${ms} ms`,
    failed: (why) => `The Lambda function '${fn.name}' could not be called: ${why}`,
  });
  const value = parsed(res.text);
  const functionError = Object.entries(res.headers).find(([k]) => k.toLowerCase() === 'x-amz-function-error')?.[1];
  const said = (v: unknown, ...keys: string[]) => {
    if (v && typeof v === 'object')
      for (const k of keys) {
        const m = (v as Record<string, unknown>)[k];
        if (typeof m === 'string' && m) return m;
      }
    return typeof v === 'string' && v ? v.slice(0, 1000) : undefined;
  };
  if (functionError)
    throw remoteError(said(value, 'errorMessage') ?? `The Lambda function '${fn.name}' failed (${functionError})`);
  if (res.status < 200 || res.status >= 300)
    throw remoteError(
      `AWS Lambda refused the call of '${fn.name}' (${res.status}): ${said(value, 'message', 'Message') ?? 'no message'}`,
    );
  return value;
}
