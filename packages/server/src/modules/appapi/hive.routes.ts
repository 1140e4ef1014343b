import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HiveStoreTypes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { rankSlice } from '../hives/index.js';
import { sendJson } from '../../http/route.js';

/** `field` is a map field, `index` a list position (their routes only). */
type Params = { appId: string; apiKey: string; hive: string; key: string; field: string; index: string };
type R = FastifyRequest<{ Params: Params; Querystring: Record<string, string | undefined>; Body: unknown }>;

function keyList(body: unknown): string[] {
  if (!Array.isArray(body) || body.some((k) => typeof k !== 'string'))
    throw new ApiError('BAD_REQUEST', 'Send the keys as a JSON array of strings');
  return body as string[];
}

function number(value: string | undefined, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = value !== undefined && /^-?\d{1,15}(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new ApiError('BAD_REQUEST', `'${field}' must be a number`);
  return n;
}

/**
 * Hives through the app API (`/{appId}/{apiKey}/hive/…`) in the shapes of the `backendless` SDK's
 * `Hive` group: hive names, the operations every store type shares (keys, delete, exist, touch,
 * rename, expiry), the key-value, map, list, set and sorted-set stores, and set algebra, over the
 * same stores the console's hive browser edits.
 * Guarded by the app's API key and panic mode, as counters and cache are.
 */
export function registerHiveAppRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const base = '/:appId/:apiKey/hive';
  // The server's one hives service (ctx.hives, built by app.ts).
  const hives = ctx.hives;
  const appId = async (req: R) => (await authenticateApp(ctx, req)).appId;
  const done = (reply: FastifyReply) => sendJson(reply, null);

  app.get(base, async (req: R) => hives.names(await appId(req)));
  app.post(`${base}/:hive`, async (req: R, reply) => {
    await hives.create(await appId(req), req.params.hive);
    return done(reply);
  });
  app.delete(`${base}/:hive`, async (req: R) => hives.delete(await appId(req), req.params.hive));
  app.put(`${base}/:hive`, async (req: R, reply) => {
    const id = await appId(req);
    if (!req.query.newName) throw new ApiError('BAD_REQUEST', "Name the hive's new name in 'newName'");
    await hives.rename(id, req.params.hive, req.query.newName);
    return done(reply);
  });

  // Operations every store type shares. Each type is a literal path segment (no `:type`), so the
  // router never has to choose between a type and a key-value key of the same shape.
  for (const type of HiveStoreTypes) {
    const store = `${base}/:hive/${type}`;
    app.get(`${store}/keys`, async (req: R) => {
      const id = await appId(req);
      const pageSize =
        req.query.pageSize === undefined
          ? 100
          : Math.min(1000, Math.max(1, Math.trunc(number(req.query.pageSize, 'pageSize'))));
      return hives.keys(id, req.params.hive, type, {
        pageSize,
        cursor: req.query.cursor,
        filterPattern: req.query.filterPattern,
      });
    });
    app.delete(store, async (req: R) => hives.removeKeys(await appId(req), req.params.hive, type, keyList(req.body)));
    app.post(`${store}/action/exist`, async (req: R) =>
      hives.existing(await appId(req), req.params.hive, type, keyList(req.body)),
    );
    app.put(`${store}/action/touch`, async (req: R, reply) => {
      await hives.touch(await appId(req), req.params.hive, type, keyList(req.body));
      return done(reply);
    });
    app.put(`${store}/:key/rename`, async (req: R, reply) => {
      const id = await appId(req);
      await hives.renameKey(
        id,
        req.params.hive,
        type,
        req.params.key,
        req.query.newKey ?? '',
        req.query.overwrite === 'true',
      );
      return done(reply);
    });
    app.get(`${store}/:key/get-expiration-ttl`, async (req: R) =>
      hives.ttl(await appId(req), req.params.hive, type, req.params.key),
    );
    app.put(`${store}/:key/clear-expiration`, async (req: R, reply) => {
      await hives.clearExpiration(await appId(req), req.params.hive, type, req.params.key);
      return done(reply);
    });
    app.put(`${store}/:key/expire`, async (req: R, reply) => {
      const id = await appId(req);
      await hives.expireIn(id, req.params.hive, type, req.params.key, number(req.query.ttl, 'ttl'));
      return done(reply);
    });
    app.put(`${store}/:key/expire-at`, async (req: R, reply) => {
      const id = await appId(req);
      await hives.expireAtUnix(id, req.params.hive, type, req.params.key, number(req.query.unixTime, 'unixTime'));
      return done(reply);
    });
    app.get(`${store}/:key/seconds-since-last-operation`, async (req: R) =>
      hives.secondsSinceLastOperation(await appId(req), req.params.hive, type, req.params.key),
    );
  }

  // The key-value store.
  const kv = `${base}/:hive/key-value`;
  app.post(kv, async (req: R) => hives.keyValues(await appId(req), req.params.hive, keyList(req.body)));
  app.put(kv, async (req: R) => {
    await hives.kvSetMany(await appId(req), req.params.hive, req.body);
    return true;
  });
  app.get(`${kv}/:key`, async (req: R, reply) =>
    sendJson(reply, await hives.kvValueOrNull(await appId(req), req.params.hive, req.params.key)),
  );
  app.put(`${kv}/:key`, async (req: R) => {
    const id = await appId(req);
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ApiError('BAD_REQUEST', 'Send {value, ttl?, expireAt?, condition?}');
    return hives.kvSetWith(id, req.params.hive, req.params.key, body as Record<string, unknown>);
  });
  app.put(`${kv}/:key/increment`, async (req: R) =>
    hives.kvIncrement(await appId(req), req.params.hive, req.params.key, number(req.query.value, 'value', 1)),
  );
  app.put(`${kv}/:key/decrement`, async (req: R) =>
    hives.kvIncrement(await appId(req), req.params.hive, req.params.key, -number(req.query.value, 'value', 1)),
  );

  // The map store.
  const map = `${base}/:hive/map/:key`;
  const read = async (req: R) => hives.mapRead(await appId(req), req.params.hive, req.params.key);
  const valueOf = (body: unknown) =>
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { value?: unknown }).value : undefined;
  app.post(map, async (req: R) =>
    hives.mapRead(await appId(req), req.params.hive, req.params.key, req.body === undefined ? [] : keyList(req.body)),
  );
  app.get(`${map}/get/:field`, async (req: R, reply) => {
    const all = await read(req);
    return sendJson(reply, Object.prototype.hasOwnProperty.call(all, req.params.field) ? all[req.params.field] : null);
  });
  app.get(`${map}/exists/:field`, async (req: R) =>
    Object.prototype.hasOwnProperty.call(await read(req), req.params.field),
  );
  app.get(`${map}/length`, async (req: R) => Object.keys(await read(req)).length);
  app.get(`${map}/keys`, async (req: R) => Object.keys(await read(req)));
  app.get(`${map}/values`, async (req: R) => Object.values(await read(req)));
  // Answers how many fields were new (existing ones are overwritten).
  app.put(map, async (req: R) => {
    const id = await appId(req);
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body))
      throw new ApiError('BAD_REQUEST', 'Send the fields and values as one JSON object');
    return hives.add(id, req.params.hive, 'map', req.params.key, { value: req.body });
  });
  // Answers whether the field was new.
  app.put(`${map}/set/:field`, async (req: R) => {
    const id = await appId(req);
    return (
      (await hives.add(id, req.params.hive, 'map', req.params.key, {
        value: { [req.params.field]: valueOf(req.body) },
      })) === 1
    );
  });
  // Answers whether the value was written: without overwrite, only a new field is.
  app.put(`${map}/set-with-overwrite/:field`, async (req: R) => {
    const id = await appId(req);
    const body = (req.body ?? {}) as { value?: unknown; overwrite?: unknown };
    if (body.overwrite === false)
      return hives.mapSetIfAbsent(id, req.params.hive, req.params.key, req.params.field, body.value);
    await hives.add(id, req.params.hive, 'map', req.params.key, { value: { [req.params.field]: body.value } });
    return true;
  });
  app.put(`${map}/increment/:field`, async (req: R) =>
    hives.mapIncrement(
      await appId(req),
      req.params.hive,
      req.params.key,
      req.params.field,
      number(req.query.count, 'count', 1),
    ),
  );
  app.put(`${map}/decrement/:field`, async (req: R) =>
    hives.mapIncrement(
      await appId(req),
      req.params.hive,
      req.params.key,
      req.params.field,
      -number(req.query.count, 'count', 1),
    ),
  );
  app.delete(`${map}/by-obj-keys`, async (req: R) =>
    hives.removeValues(await appId(req), req.params.hive, 'map', req.params.key, keyList(req.body)),
  );

  const values = (body: unknown): unknown[] => {
    if (!Array.isArray(body)) throw new ApiError('BAD_REQUEST', 'Send the values as a JSON array');
    return body;
  };
  const count = (req: R) => Math.trunc(number(req.query.count, 'count', 1));

  // The set store, and the set algebra sets and sorted sets share.
  const set = `${base}/:hive/set/:key`;
  app.get(set, async (req: R) => hives.items(await appId(req), req.params.hive, 'set', req.params.key));
  app.get(`${set}/length`, async (req: R) => hives.size(await appId(req), req.params.hive, 'set', req.params.key));
  app.get(`${set}/random`, async (req: R) =>
    hives.setRandom(await appId(req), req.params.hive, req.params.key, count(req)),
  );
  app.put(`${set}/random`, async (req: R) =>
    hives.setPop(await appId(req), req.params.hive, req.params.key, count(req)),
  );
  app.put(`${set}/add`, async (req: R) =>
    hives.add(await appId(req), req.params.hive, 'set', req.params.key, values(req.body)),
  );
  app.delete(`${set}/values`, async (req: R) =>
    hives.removeValues(await appId(req), req.params.hive, 'set', req.params.key, values(req.body)),
  );
  app.post(`${set}/contains`, async (req: R) =>
    hives.setContains(await appId(req), req.params.hive, req.params.key, values(req.body)),
  );
  for (const type of ['set', 'sorted-set'] as const) {
    for (const op of ['difference', 'intersection', 'union'] as const) {
      app.post(`${base}/:hive/${type}/action/${op}`, async (req: R) =>
        hives.setAlgebra(await appId(req), req.params.hive, type, op, keyList(req.body)),
      );
    }
  }

  // The list store.
  const list = `${base}/:hive/list/:key`;
  app.get(list, async (req: R) => {
    const items = await hives.items(await appId(req), req.params.hive, 'list', req.params.key);
    if (req.query.from === undefined && req.query.to === undefined) return items;
    return rankSlice(items, Math.trunc(number(req.query.from, 'from', 0)), Math.trunc(number(req.query.to, 'to', -1)));
  });
  app.get(`${list}/length`, async (req: R) => hives.size(await appId(req), req.params.hive, 'list', req.params.key));
  app.get(`${list}/:index`, async (req: R, reply) => {
    const items = await hives.items(await appId(req), req.params.hive, 'list', req.params.key);
    const i = Math.trunc(number(req.params.index, 'index'));
    return sendJson(reply, rankSlice(items, i, i)[0] ?? null);
  });
  app.put(`${list}/insert-before`, async (req: R) =>
    hives.listInsert(await appId(req), req.params.hive, req.params.key, 'before', req.body),
  );
  app.put(`${list}/insert-after`, async (req: R) =>
    hives.listInsert(await appId(req), req.params.hive, req.params.key, 'after', req.body),
  );
  app.put(`${list}/delete-value`, async (req: R) => {
    const id = await appId(req);
    const body = (req.body ?? {}) as { value?: unknown; count?: unknown };
    const n = body.count === undefined ? 0 : Number(body.count);
    if (!Number.isSafeInteger(n)) throw new ApiError('BAD_REQUEST', "'count' must be a whole number");
    return hives.listDeleteValue(id, req.params.hive, req.params.key, body.value, n);
  });
  app.put(`${list}/add-first`, async (req: R) =>
    hives.listAddFirst(await appId(req), req.params.hive, req.params.key, values(req.body)),
  );
  app.put(`${list}/add-last`, async (req: R) =>
    hives.add(await appId(req), req.params.hive, 'list', req.params.key, values(req.body)),
  );
  app.put(`${list}/get-first-and-delete`, async (req: R) =>
    hives.listPop(await appId(req), req.params.hive, req.params.key, 'first', count(req)),
  );
  app.put(`${list}/get-last-and-delete`, async (req: R) =>
    hives.listPop(await appId(req), req.params.hive, req.params.key, 'last', count(req)),
  );

  // The sorted-set store.
  const zs = `${base}/:hive/sorted-set/:key`;
  const flag = (v: string | undefined) => v === 'true';
  const scoreRange = (q: R['query']) => {
    const bound = (name: string, b: string | undefined) => {
      if (b === undefined || b === 'Include' || b === 'Exclude' || b === 'Infinity') return b;
      throw new ApiError('BAD_REQUEST', `'${name}' is 'Include', 'Exclude' or 'Infinity'`);
    };
    const minBound = bound('minBound', q.minBound);
    const maxBound = bound('maxBound', q.maxBound);
    return {
      by: 'score' as const,
      min: minBound === 'Infinity' || q.minScore === undefined ? undefined : number(q.minScore, 'minScore'),
      max: maxBound === 'Infinity' || q.maxScore === undefined ? undefined : number(q.maxScore, 'maxScore'),
      minExclusive: minBound === 'Exclude',
      maxExclusive: maxBound === 'Exclude',
    };
  };
  const valueField = (body: unknown) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_REQUEST', 'Send {value}');
    return body as { value?: unknown; reverse?: unknown };
  };
  app.put(`${zs}/add`, async (req: R) => hives.zAdd(await appId(req), req.params.hive, req.params.key, req.body));
  app.put(`${zs}/increment`, async (req: R) =>
    hives.zIncrement(await appId(req), req.params.hive, req.params.key, req.body, 1),
  );
  app.put(`${zs}/decrement`, async (req: R) =>
    hives.zIncrement(await appId(req), req.params.hive, req.params.key, req.body, -1),
  );
  app.put(`${zs}/get-with-max-score-and-delete`, async (req: R) =>
    hives.zPop(await appId(req), req.params.hive, req.params.key, 'max', count(req)),
  );
  app.put(`${zs}/get-with-min-score-and-delete`, async (req: R) =>
    hives.zPop(await appId(req), req.params.hive, req.params.key, 'min', count(req)),
  );
  app.get(`${zs}/get-random`, async (req: R) =>
    hives.zRandom(await appId(req), req.params.hive, req.params.key, count(req), flag(req.query.withScores)),
  );
  app.post(`${zs}/get-score`, async (req: R, reply) =>
    sendJson(reply, await hives.zScore(await appId(req), req.params.hive, req.params.key, valueField(req.body).value)),
  );
  app.post(`${zs}/get-rank`, async (req: R, reply) => {
    const body = valueField(req.body);
    return sendJson(
      reply,
      await hives.zRank(await appId(req), req.params.hive, req.params.key, body.value, body.reverse === true),
    );
  });
  app.get(`${zs}/get-range-by-rank`, async (req: R) =>
    hives.zRangeByRank(
      await appId(req),
      req.params.hive,
      req.params.key,
      Math.trunc(number(req.query.startRank, 'startRank', 0)),
      Math.trunc(number(req.query.stopRank, 'stopRank', -1)),
      flag(req.query.withScores),
      flag(req.query.reverse),
    ),
  );
  app.get(`${zs}/get-range-by-score`, async (req: R) => {
    const id = await appId(req);
    const page = {
      offset: Math.max(0, Math.trunc(number(req.query.offset, 'offset', 0))),
      pageSize: Math.min(10_000, Math.max(1, Math.trunc(number(req.query.pageSize, 'pageSize', 100)))),
    };
    return hives.zRangeByScore(
      id,
      req.params.hive,
      req.params.key,
      scoreRange(req.query),
      page,
      flag(req.query.withScores),
      flag(req.query.reverse),
    );
  });
  app.delete(`${zs}/values`, async (req: R) =>
    hives.removeValues(await appId(req), req.params.hive, 'sorted-set', req.params.key, values(req.body)),
  );
  app.delete(`${zs}/delete-by-rank`, async (req: R) =>
    hives.zRemoveRange(await appId(req), req.params.hive, req.params.key, {
      by: 'rank',
      start: Math.trunc(number(req.query.startRank, 'startRank')),
      stop: Math.trunc(number(req.query.stopRank, 'stopRank')),
    }),
  );
  app.delete(`${zs}/delete-by-score`, async (req: R) =>
    hives.zRemoveRange(await appId(req), req.params.hive, req.params.key, scoreRange(req.query)),
  );
  app.get(`${zs}/length`, async (req: R) =>
    hives.size(await appId(req), req.params.hive, 'sorted-set', req.params.key),
  );
  app.get(`${zs}/count`, async (req: R) =>
    hives.zCount(await appId(req), req.params.hive, req.params.key, scoreRange(req.query)),
  );
}
