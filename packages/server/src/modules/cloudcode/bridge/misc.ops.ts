import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { RemoteRequestError, requestRemote } from '../../../http/remote-fetch.js';
import { countersFor } from '../../counters/index.js';
import { AppData } from '../../appapi/data-access.js';
import { optionalObject, text, type Args } from './args.js';
import type { OpFn } from './data.ops.js';

/** Largest answer `http.fetch` reads (the rest is refused). */
const MAX_FETCH_BYTES = 5 * 1024 * 1024;
const FETCH_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

function num(a: Args, name: string, op: string): number {
  const v = a[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw ApiError.badRequest(`${op}: '${name}' must be a whole number`);
  return v;
}

/** Users, cache, counters and outbound HTTP. */
export function miscOps(ctx: ServerContext): Record<string, OpFn> {
  const data = new AppData(ctx);
  const counters = countersFor(ctx);
  const counter: (f: (appId: string, name: string, a: Args, op: string) => Promise<unknown>, op: string) => OpFn =
    (f, op) => (p, a) =>
      f(p.appId, text(a, 'name', op), a, op);
  return {
    'users.findById': (p, a) => data.findById(p, 'Users', text(a, 'id', 'users.findById'), optionalObject(a, 'query')),
    'users.find': (p, a) =>
      data.find(p, 'Users', typeof a.query === 'string' ? { where: a.query } : optionalObject(a, 'query')),
    'users.currentUser': async (p) => (p.userId ? data.findById(p, 'Users', p.userId, undefined) : null),
    'users.update': async (p, a) => {
      const user = optionalObject(a, 'user');
      if (!user || typeof user.objectId !== 'string')
        throw ApiError.badRequest("users.update: 'user' needs its objectId");
      // Passwords change through the users API, which hashes them; never through a record write.
      const { password: _password, ...changes } = user;
      return data.update(p, 'Users', user.objectId, changes);
    },

    'cache.get': (p, a) => ctx.cache.get(p.appId, text(a, 'key', 'cache.get')),
    'cache.put': async (p, a) => {
      // ttl in seconds, as the SDK's timeToLive.
      const ttl = typeof a.ttl === 'number' && a.ttl > 0 ? Date.now() + Math.round(a.ttl * 1000) : undefined;
      await ctx.cache.put(p.appId, text(a, 'key', 'cache.put'), a.value, ttl);
      return null;
    },
    'cache.contains': (p, a) => ctx.cache.contains(p.appId, text(a, 'key', 'cache.contains')),
    'cache.expire': async (p, a) => {
      const ttl = typeof a.ttl === 'number' ? a.ttl : null;
      await ctx.cache.expireAt(p.appId, text(a, 'key', 'cache.expire'), ttl === null ? null : Date.now() + ttl * 1000);
      return null;
    },
    'cache.delete': async (p, a) => {
      await ctx.cache.remove(p.appId, text(a, 'key', 'cache.delete'));
      return null;
    },

    'counters.get': counter((appId, name) => counters.get(appId, name), 'counters.get'),
    'counters.incrementAndGet': counter(
      (appId, name) => counters.addAndGet(appId, name, 1),
      'counters.incrementAndGet',
    ),
    'counters.getAndIncrement': counter(
      (appId, name) => counters.getAndAdd(appId, name, 1),
      'counters.getAndIncrement',
    ),
    'counters.decrementAndGet': counter(
      (appId, name) => counters.addAndGet(appId, name, -1),
      'counters.decrementAndGet',
    ),
    'counters.addAndGet': counter(
      (appId, name, a, op) => counters.addAndGet(appId, name, num(a, 'value', op)),
      'counters.addAndGet',
    ),
    'counters.set': counter(async (appId, name, a, op) => {
      const value = num(a, 'value', op);
      await counters.reset(appId, name);
      return counters.addAndGet(appId, name, value);
    }, 'counters.set'),
    'counters.reset': counter(async (appId, name) => {
      await counters.reset(appId, name);
      return 0;
    }, 'counters.reset'),

    'http.fetch': async (_p, a) => {
      const url = text(a, 'url', 'http.fetch');
      const method = typeof a.method === 'string' ? a.method.toUpperCase() : 'GET';
      if (!FETCH_METHODS.has(method)) throw ApiError.badRequest(`http.fetch: the method ${method} is not supported`);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(optionalObject(a, 'headers') ?? {}))
        if (typeof v === 'string') headers[k] = v;
      const body =
        a.body === undefined || a.body === null
          ? undefined
          : typeof a.body === 'string'
            ? a.body
            : JSON.stringify(a.body);
      if (
        body !== undefined &&
        typeof a.body !== 'string' &&
        !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
      )
        headers['content-type'] = 'application/json';
      try {
        const res = await requestRemote(url, {
          method: method as 'GET',
          headers,
          body,
          allowPrivate: ctx.config.remoteFetchPrivate,
          timeoutMs: 10_000,
          maxAnswerBytes: MAX_FETCH_BYTES,
          overCap: 'fail',
        });
        return { status: res.status, body: res.text, headers: res.headers ?? {} };
      } catch (err) {
        if (err instanceof RemoteRequestError) throw ApiError.badRequest(`http.fetch: ${err.message}`);
        throw err;
      }
    },
  };
}
