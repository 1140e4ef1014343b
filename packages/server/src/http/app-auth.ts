import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import { appErrorCode, isErrorCode } from '@basalt/shared';
import { ApiError } from './api-error.js';
import { knownApiKey, resolveApiKey } from '../modules/apps/index.js';
import type { Caller } from '../modules/security/index.js';
import { DEFAULT_PANIC_MESSAGE, type PanicState } from '../modules/security/panic.service.js';
import type { TableMeta } from '../modules/data/index.js';
import { runNow } from '../db/run-now.js';
import { meterTagOf } from '../modules/analytics/meter.js';
import { corsHeaders } from '../modules/settings/domains/cors-origins.js';
import type { Refusal } from '../modules/billing/call-gate.js';

/**
 * The numeric code the app API answers for an error code. The numbers live in the error registry
 * (`ERRORS` in @basalt/shared, column `app`); the `backendless` SDK reads a number and reacts to
 * 3064 itself (drops its token), the rest reach the app. docs/security.md lists them.
 */
export function numericCode(code: unknown, status: number): number {
  if (typeof code === 'number') return code;
  if (isErrorCode(code)) return appErrorCode(code);
  return status >= 500 ? appErrorCode('INTERNAL') : appErrorCode('BAD_REQUEST');
}

/** An error answer of the app API: the same fields, with the numeric code the SDK reads. */
export function appApiErrorBody<T extends { code?: unknown }>(body: T, status: number): T & { code: number } {
  return { ...body, code: numericCode(body.code, status) };
}

/** An app API caller: the app, its key's device type, the user behind the token and all roles. */
export interface AppCaller extends Caller {
  apiKey: string;
  /** The `user-token` that identified the user (null when anonymous). */
  token: string | null;
}

/** Route patterns of the app API all start so (files and messaging included). */
const APP_ROUTE = /^\/:appId\/:apiKey(\/|$)/;

/** The app (as its path names it) of each request being metered: its in-flight count is ended with it. */
const meteredApp = new WeakMap<FastifyRequest, string>();

/** Memo per request: its caller is worked out once however many steps ask. */
const callers = new WeakMap<FastifyRequest, Promise<AppCaller>>();

/** The `user-token` header as sent; the SDK never sends an empty one, some clients send "null". */
export function userTokenOf(req: FastifyRequest): string | null {
  const raw = req.headers['user-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/**
 * THE authentication of the app API, used by every app-facing route: the API key in the path
 * (401, code 8002, when it is not a key of that app), panic mode (503), and the `user-token`
 * header (401, code 3064, when it is unknown, revoked or another app's). `ignoreToken` is for
 * register and login, where the SDK may still send a stale token. Computed once per request.
 */
export function authenticateApp(
  ctx: ServerContext,
  req: FastifyRequest,
  opts: { ignoreToken?: boolean } = {},
): Promise<AppCaller> {
  const key = opts.ignoreToken ? undefined : req;
  const cached = key && callers.get(key);
  if (cached) return cached;
  const known = callerNow(ctx, req, !!opts.ignoreToken);
  const p = known ? Promise.resolve(known) : resolveCaller(ctx, req, !!opts.ignoreToken);
  if (key) callers.set(key, p);
  return p;
}

/**
 * `resolveCaller` without waiting, for the common call: a key found in the last moments, an app
 * known not to be in panic mode, no user token, and the app's roles remembered. Anything else
 * (a token, a first request, panic mode) takes `resolveCaller`, which decides refusals.
 */
function callerNow(ctx: ServerContext, req: FastifyRequest, ignoreToken: boolean): AppCaller | undefined {
  if (!ignoreToken && userTokenOf(req)) return undefined;
  const { appId, apiKey } = (req.params ?? {}) as { appId?: string; apiKey?: string };
  return appId && apiKey ? knownCaller(ctx, appId, apiKey) : undefined;
}

/**
 * The anonymous caller of an app's key when everything deciding it is in memory (the key found in
 * the last moments, the app known not to be in panic mode, its roles remembered); undefined
 * otherwise, and the caller then takes `resolveCaller`, which decides refusals. Used by
 * `authenticateApp` and by the fast lane (fast-lane.ts).
 */
export function knownCaller(ctx: ServerContext, appId: string, apiKey: string): AppCaller | undefined {
  const found = knownOpenKey(ctx, appId, apiKey);
  const caller = found && ctx.security.callerNow(found.appId, found.deviceType, null);
  return caller && anonymousCaller(caller, apiKey);
}

/**
 * The app and client kind of a key when both deciding facts are in memory: the key found in the
 * last moments and the app known not to be in panic mode; undefined otherwise (`resolveCaller`
 * then decides, refusals included). The fast lane takes a request with a user token only then.
 */
export function knownOpenKey(
  ctx: ServerContext,
  appId: string,
  apiKey: string,
): { appId: string; deviceType: string } | undefined {
  const found = knownApiKey(ctx, appId, apiKey);
  if (!found) return undefined;
  const panic = ctx.security.panic.known(found.appId);
  return panic && !panic.enabled ? found : undefined;
}

/**
 * The caller behind a `user-token`, for a key already accepted: the session (401, code 3064, when
 * it is unknown, revoked, another app's or ended by the app's login settings), then the user, read
 * on every request: it must still exist (3064) and not be disabled (401, 3090). A session found
 * before is taken from the process's session memory (decision 0042); every logout, revocation or
 * login-settings change drops it in every server process through the invalidation bus, so it is
 * refused by the next request. Used by `resolveCaller` (Fastify's routes) and by the fast lane
 * (decision 0025), so both decide a token alike.
 */
export async function userCaller(
  ctx: ServerContext,
  found: { appId: string; deviceType: string },
  apiKey: string,
  token: string,
): Promise<AppCaller> {
  const security = ctx.security;
  const session = await security.sessions.resolve(found.appId, token);
  const row = session ? await userFacts(ctx, found.appId, session.userId) : undefined;
  if (!session || !row) throw new ApiError('INVALID_USER_TOKEN', 'The user token is not valid or has expired');
  if (row.userStatus === 'DISABLED') throw new ApiError('USER_DISABLED', 'The user account is disabled');
  const caller =
    security.callerNow(found.appId, found.deviceType, row) ??
    (await security.callerFor(found.appId, found.deviceType, row));
  return { ...caller, apiKey, token };
}

/**
 * The anonymous caller of a key, made once per shared anonymous caller (security.service.ts) and
 * key, and frozen like it: nothing downstream may change a caller another request uses.
 */
function anonymousCaller(caller: Caller, apiKey: string): AppCaller {
  let byKey = anonymousByKey.get(caller);
  if (!byKey) anonymousByKey.set(caller, (byKey = new Map()));
  let out = byKey.get(apiKey);
  if (!out) byKey.set(apiKey, (out = Object.freeze({ ...caller, apiKey, token: null })));
  return out;
}
/** Memo per shared anonymous caller (replaced when the app's roles change): its form for each key. */
const anonymousByKey = new WeakMap<Caller, Map<string, AppCaller>>();

async function resolveCaller(ctx: ServerContext, req: FastifyRequest, ignoreToken: boolean): Promise<AppCaller> {
  const { appId, apiKey } = (req.params ?? {}) as { appId?: string; apiKey?: string };
  const found = await resolveApiKey(ctx, appId ?? '', apiKey ?? '');
  if (!found) throw new ApiError('INVALID_APP', 'The application id or API key is not valid');
  const security = ctx.security;
  const panic = security.panic.known(found.appId) ?? (await security.panic.state(found.appId));
  if (panic.enabled) throw new ApiError('PANIC', panic.message || DEFAULT_PANIC_MESSAGE);
  const token = ignoreToken ? null : userTokenOf(req);
  if (token) return userCaller(ctx, found, apiKey!, token);
  const caller = await security.callerFor(found.appId, found.deviceType, null);
  return { ...caller, apiKey: apiKey!, token };
}

/** The few Users columns the roles step needs; undefined when the user no longer exists. */
export async function userFacts(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<{ objectId: string; userStatus?: unknown; socialAccount?: unknown } | undefined> {
  const users = (ctx.data.schemaNow(appId) ?? (await ctx.data.schema(appId)))?.table('Users');
  if (!users) return undefined;
  const db = ctx.dbs.app(appId);
  const { rows } = await runNow(db, factsQuery(db, users, userId));
  const row = rows[0] as { objectId: unknown; userStatus?: unknown; socialAccount?: unknown } | undefined;
  return row
    ? { objectId: String(row.objectId), userStatus: row.userStatus, socialAccount: row.socialAccount }
    : undefined;
}

/**
 * The query of `userFacts`, built and compiled by Kysely once per Users table object (a schema
 * change makes a new one) and then reused with the user id as its only bound value: it runs for
 * every request with a user token, where building it cost more than running it. Kept only after
 * the compiled query was seen to bind exactly that one value.
 */
function factsQuery(db: Kysely<any>, users: TableMeta, userId: string): CompiledQuery {
  const text = factsText.get(users);
  if (text !== undefined) return CompiledQuery.raw(text, [userId]);
  const compiled = db
    .selectFrom(users.sqlName)
    .select(['objectId', 'userStatus', 'socialAccount'])
    .where('objectId', '=', userId)
    .compile();
  if (compiled.parameters.length === 1 && compiled.parameters[0] === userId) factsText.set(users, compiled.sql);
  return compiled;
}
const factsText = new WeakMap<TableMeta, string>();

/**
 * Hooks of every app API route (ours, files, messaging, app info): panic mode, CORS for browser
 * apps, the numeric error codes the SDK expects, and the preflight answer. They are attached to
 * each app API route as it is added (`onRoute`), so console requests never run them and app API
 * requests never test which route they are on; `buildApp` installs them before any route exists.
 * The fast lane (fast-lane.ts) answers some app API requests without these hooks and does their
 * work itself: a change here must be mirrored there (decision 0015).
 */
export function installAppApiHooks(app: FastifyInstance, ctx: ServerContext): void {
  // Panic mode stops every app API route, also those that authenticate on their own.
  // Callback hooks, not async ones: they run on every app API request, and with the panic state
  // fresh in this node's memory (the usual case) they answer without a promise or a queued tick.
  const refusal = (panic: PanicState) =>
    panic.enabled ? new ApiError('PANIC', panic.message || DEFAULT_PANIC_MESSAGE) : undefined;
  const panicked = (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    if (req.method === 'OPTIONS') return done();
    const { appId } = (req.params ?? {}) as { appId?: string };
    if (!appId || !/^[A-Za-z0-9-]{1,64}$/.test(appId)) return done();
    const panic = ctx.security.panic;
    const known = panic.known(appId);
    if (known) return done(refusal(known));
    panic.state(appId).then((state) => done(refusal(state)), done);
  };
  // Error bodies get the numeric code the SDK reads.
  const coded = (reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return done(null, payload);
    try {
      const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'number') return done(null, payload);
      return done(null, JSON.stringify(appApiErrorBody(body, reply.statusCode)));
    } catch {
      return done(null, payload);
    }
  };
  // CORS by the app's origins (Settings › CORS, decision 0062): from memory when it is fresh (the
  // usual case, no promise), else read once. No list grants any origin: the SDK sends no cookies.
  const answered = (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    const appId = appIdOf(req);
    const rule = appId === undefined ? null : ctx.cors.known(appId);
    if (rule !== undefined) {
      reply.headers(corsHeaders(rule, req.headers.origin));
      return coded(reply, payload, done);
    }
    ctx.cors.rule(appId!).then(
      (found) => {
        reply.headers(corsHeaders(found, req.headers.origin));
        coded(reply, payload, done);
      },
      (err: Error) => done(err),
    );
  };
  // Console paths have the app API's shape: `/console/navigator/log` reads as app `console` with key
  // `navigator`, `/{appId}/console/x` as key `console`. A console path that no console route serves
  // is a 404 "No route", never an app API answer (a 401 about an API key it never had). The fast
  // lane never takes these: no app and no key has such a name, so `knownCaller` hands them over.
  const consolePath = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const { appId, apiKey } = (req.params ?? {}) as { appId?: string; apiKey?: string };
    if (appId === 'console' || appId === 'api' || apiKey === 'console') return reply.callNotFound();
    done();
  };
  const list = <T>(hooks: T | T[] | undefined): T[] =>
    hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  const meter = ctx.meter;
  // Plan limits on API calls (modules/billing, decision 0082): only when some plan limits calls,
  // so the default catalogue adds no step at all.
  const limited = planGate(ctx);
  const last = limited ? [panicked, limited] : [panicked];
  app.addHook('onRoute', (route) => {
    if (!APP_ROUTE.test(route.url)) return;
    if (!meter.enabled) {
      route.onRequest = [consolePath, ...list(route.onRequest), ...last] as typeof route.onRequest;
      route.onSend = [...list(route.onSend), answered] as typeof route.onSend;
      return;
    }
    // Metering (decision 0058): a request is counted in memory when answered, by the service and
    // method worked out here once per route; nothing is written or awaited per request.
    const tag = meterTagOf(route.url, String(Array.isArray(route.method) ? route.method[0] : route.method));
    const begin = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const { appId } = (req.params ?? {}) as { appId?: string };
      if (appId && req.method !== 'OPTIONS') {
        meter.started(appId);
        meteredApp.set(req, appId);
      }
      done();
    };
    const end = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const appId = meteredApp.get(req);
      if (appId !== undefined) {
        const { apiKey } = req.params as { apiKey?: string };
        const found = knownApiKey(ctx, appId, apiKey ?? '');
        meter.answered(appId, found?.appId, found?.deviceType, tag, reply.statusCode, reply.elapsedTime);
      }
      done();
    };
    route.onRequest = [consolePath, begin, ...list(route.onRequest), ...last] as typeof route.onRequest;
    route.onSend = [...list(route.onSend), answered] as typeof route.onSend;
    route.onResponse = [...list(route.onResponse), end] as typeof route.onResponse;
  });
  // Returns the reply: an async handler that only calls send() lets Fastify answer a second time.
  // A preflight from an origin the app does not list gets no grant (the browser then refuses).
  app.options('/:appId/:apiKey/*', async (req, reply) => {
    const asked = req.headers['access-control-request-headers'];
    const appId = appIdOf(req);
    const rule = appId === undefined ? null : (ctx.cors.known(appId) ?? (await ctx.cors.rule(appId)));
    return reply
      .headers(corsHeaders(rule, req.headers.origin))
      .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
      .header(
        'access-control-allow-headers',
        typeof asked === 'string' && asked.length <= 2000 ? asked : 'content-type, user-token, bl-execution-type',
      )
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
}

/**
 * The app API's step for plan limits on calls: counts the call against the plan of the app its key
 * belongs to and refuses it with 429 and `Retry-After` when the plan's limit is used up. A key
 * that is not the app's is left to authentication (401). The fast lane makes the same check.
 */
function planGate(ctx: ServerContext) {
  const gate = ctx.plans.gate;
  if (!gate) return undefined;
  const decide = (reply: FastifyReply, appId: string, done: (err?: Error) => void) => {
    const verdict = gate.admit(appId);
    const settle = (r: Refusal | undefined) => {
      if (!r) return done();
      reply.header('retry-after', String(r.retryAfterSeconds));
      done(r.error);
    };
    if (verdict instanceof Promise) verdict.then(settle, done);
    else settle(verdict);
  };
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (req.method === 'OPTIONS') return done();
    const { appId, apiKey } = (req.params ?? {}) as { appId?: string; apiKey?: string };
    if (!appId || !apiKey) return done();
    const found = knownApiKey(ctx, appId, apiKey);
    if (found) return decide(reply, found.appId, done);
    resolveApiKey(ctx, appId, apiKey).then((f) => (f ? decide(reply, f.appId, done) : done()), done);
  };
}

/** The app id a request's path names, when it has an app id's shape (else the rule is "any"). */
function appIdOf(req: FastifyRequest): string | undefined {
  const { appId } = (req.params ?? {}) as { appId?: string };
  return appId && /^[A-Za-z0-9-]{1,64}$/.test(appId) ? appId : undefined;
}
