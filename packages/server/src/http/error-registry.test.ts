import { expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { allRoutes, appErrorCode, ERRORS, isErrorCode, type ErrorCode } from '@basalt/shared';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { ApiError } from './api-error.js';
import { routesOf, type RouteSummary } from './route-list.js';

/**
 * The error registry (`ERRORS` in @basalt/shared) is the only source of error codes: every route
 * the server registers (the declared console routes and the app API) is sent bad input, and every
 * error answer must carry a code of the table with that code's status (the app API: a number of
 * the table for that status), and field errors only in the one shape `details.fields`.
 */

const APP_ROUTE = /^\/:appId\/:apiKey(\/|$)/;
/** Routes whose answer is a stream that stays open (server-sent events): inject would wait. */
/** Server-sent event streams: they answer by staying open, so there is no error answer to read. */
const STREAMS = new Set(['GET /:appId/console/data/schema/events']);
/**
 * Pages for an app user's browser (the links of password-reset and confirmation mails): they answer
 * HTML, their refusals included, since a person reads them.
 */
const PAGES = /^\/app-users\//;

// @ts-expect-error a code outside the registry does not compile
const notACode = () => new ApiError('NOT_A_CODE', 'never thrown');

it('takes its status from the table, for every code', () => {
  expect(notACode).toBeTypeOf('function');
  for (const code of Object.keys(ERRORS) as ErrorCode[]) {
    expect(new ApiError(code, 'x').status, code).toBe(ERRORS[code].status);
    expect(ERRORS[code].status, code).toBeGreaterThanOrEqual(400);
  }
  // The app API's numbers: from the table, or 8000/8001 by status for a code without one.
  expect(appErrorCode('INVALID_USER_TOKEN')).toBe(3064);
  expect(appErrorCode('INVALID_CREDENTIALS')).toBe(8000);
  expect(appErrorCode('GATEWAY_TIMEOUT')).toBe(8001);
});

/** Every app API number a given status may carry. */
function appNumbersOf(status: number): Set<number> {
  return new Set((Object.keys(ERRORS) as ErrorCode[]).filter((c) => ERRORS[c].status === status).map(appErrorCode));
}

/** What is wrong with an answer, or undefined when it is a success or a well-formed error. */
function problem(res: LightMyRequestResponse, app: boolean): string | undefined {
  if (res.statusCode < 400) return undefined;
  let body: { code?: unknown; message?: unknown; details?: Record<string, unknown> };
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  if (typeof body.message !== 'string') return 'no message';
  if (app) {
    if (typeof body.code !== 'number' || !appNumbersOf(res.statusCode).has(body.code))
      return `app code ${String(body.code)} is not a number of the table for ${res.statusCode}`;
  } else if (!isErrorCode(body.code) || ERRORS[body.code].status !== res.statusCode) {
    return `code ${String(body.code)} is not the table's code for ${res.statusCode}`;
  }
  const details = body.details ?? {};
  for (const loose of ['field', 'column', 'clause'])
    if (loose in details) return `details.${loose} outside details.fields`;
  if (details.fields !== undefined) {
    const fields = details.fields as Array<Record<string, unknown>>;
    if (!Array.isArray(fields) || !fields.length) return 'details.fields is not a list';
    for (const f of fields) {
      if (typeof f.field !== 'string' || typeof f.message !== 'string' || !isErrorCode(f.code))
        return `field error ${JSON.stringify(f)} is not {field, code, message}`;
    }
  }
  return undefined;
}

function fill(route: RouteSummary, f: AppFixture): string {
  return route.url
    .replace(':appId', f.appId)
    .replace(':apiKey', f.keys.REST!)
    .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x1')
    .replace('*', 'x1/x2');
}

/** Bad inputs: no body, wrong types everywhere, and text that is not JSON. */
const BAD_BODIES: Array<{ payload?: string; headers?: Record<string, string> }> = [
  {},
  {
    payload: JSON.stringify({
      name: ['x'],
      appName: 5,
      email: 'no',
      password: 1,
      where: 5,
      pageSize: -1,
      objectId: '../x',
      url: 'ftp://x',
      value: { a: [] },
    }),
    headers: { 'content-type': 'application/json' },
  },
  { payload: '{not json', headers: { 'content-type': 'application/json' } },
];
const BAD_QUERY = '?where=((&pageSize=-5&offset=x&props=%00&sortBy=nope%20desc';

/** Routes that end the session or remove the app go last, so the others meet a live caller. */
function order(routes: RouteSummary[]): RouteSummary[] {
  const late = (r: RouteSummary) => (r.method === 'DELETE' ? 2 : 0) + (/logout|transfer|ownership/.test(r.url) ? 1 : 0);
  return [...routes].sort((a, b) => late(a) - late(b));
}

/** A request that does not answer in time (a stream, a wait) is reported, not waited for. */
const PATIENCE_MS = 10_000;
async function ask(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PATIENCE_MS)));
  try {
    return await Promise.race([app.inject(opts), late]);
  } finally {
    clearTimeout(timer);
  }
}

describeEachDb('error registry on every route', (server) => {
  it('answers bad input on every route with a code of the table and its status', async () => {
    const registered = routesOf(server().app).filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !STREAMS.has(`${r.method} ${r.url}`) && !PAGES.test(r.url),
    );
    // Every declared route is registered, so walking the registered ones walks the contract. Some
    // declared routes share a verb and path with another (a view's records and a table's, a
    // directory's path and the files wildcard): compared with their parameters blanked.
    const shape = (method: string, url: string) => `${method} ${url.replace(/:[A-Za-z_][A-Za-z0-9_]*|\*/g, ':')}`;
    // File routes take the rest of the path as one wildcard (`…/createdir/*`).
    const known = new Set(registered.map((r) => shape(r.method, r.url)));
    const wildcards = registered.filter((r) => r.url.endsWith('/*')).map((r) => shape(r.method, r.url.slice(0, -1)));
    const served = (method: string, path: string) =>
      known.has(shape(method, path)) || wildcards.some((w) => shape(method, path).startsWith(w));
    const missing = allRoutes()
      .filter((r) => !served(r.method, r.path) && !STREAMS.has(`${r.method} ${r.path}`))
      .map((r) => r.name);
    expect(missing).toEqual([]);
    expect(registered.filter((r) => APP_ROUTE.test(r.url)).length).toBeGreaterThan(50);

    const f = await appFixture(server());
    const failures: string[] = [];
    const seen = new Map<number, number>();
    for (const route of order(registered)) {
      const app = APP_ROUTE.test(route.url);
      const url = fill(route, f);
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const tries = withBody ? BAD_BODIES : [{}, { query: BAD_QUERY }];
      for (const input of tries as Array<{ payload?: string; headers?: Record<string, string>; query?: string }>) {
        const res = await ask(server().app, {
          method: route.method as 'GET',
          url: url + (input.query ?? ''),
          headers: { ...(app ? {} : { 'auth-key': f.dev.authKey }), ...input.headers },
          ...(input.payload !== undefined ? { payload: input.payload } : {}),
        });
        if (!res) {
          failures.push(`${route.method} ${route.url}: no answer in ${PATIENCE_MS} ms`);
          continue;
        }
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        const wrong = problem(res, app);
        if (wrong) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${wrong}`);
      }
      // Without credentials: the refusal is a code of the table too.
      const anonymous = await ask(server().app, {
        method: route.method as 'GET',
        url: app ? url.replace(f.keys.REST!, 'not-a-key') : url,
      });
      const wrong = anonymous ? problem(anonymous, app) : `no answer in ${PATIENCE_MS} ms`;
      if (wrong) failures.push(`${route.method} ${route.url} (no credentials): ${anonymous?.statusCode} ${wrong}`);
    }
    expect(failures).toEqual([]);
    // The walk met the usual refusals, not only successes.
    for (const status of [400, 401, 404]) expect(seen.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(10);
  }, 900_000);
});
