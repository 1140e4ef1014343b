import { expect } from 'vitest';
import type { AppFixture } from '../../appapi/appapi.test-helpers.js';

/** Deploys files into a model (default `default`) and expects success; answers the deployment. */
export async function deploy(
  f: AppFixture,
  files: Array<{ id: string; content: string }>,
  model = 'default',
): Promise<{ id: string; services: string[]; handlers: number; timers: number }> {
  const res = await f.console('PUT', `/servercode/${encodeURIComponent(model)}/production/JS`, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A raw app API call with any body and headers. */
export function appCall(
  f: AppFixture,
  call: (
    m: string,
    url: string,
    o: { payload?: string; headers?: Record<string, string> },
  ) => Promise<{ statusCode: number; body: string; json(): any }>,
  method: string,
  path: string,
  opts: { payload?: string; headers?: Record<string, string>; token?: string } = {},
) {
  return call(method, `/${f.appId}/${f.keys.REST}${path}`, {
    payload: opts.payload,
    headers: { ...(opts.headers ?? {}), ...(opts.token ? { 'user-token': opts.token } : {}) },
  });
}
