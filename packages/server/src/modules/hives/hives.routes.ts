import type { FastifyInstance } from 'fastify';
import { Routes, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, sendJson } from '../../http/route.js';
import type { HivesService } from './hives.service.js';

const r = Routes.dataHives;
const ok = { success: true } as const;

type App = { appId: string };
type Hive = App & { hiveName: string };
/** storeType is absent on the list-only paths below. */
type Key = Hive & { storeType?: string; key: string };

/**
 * The list routes `…/list/:key/add-last`, `…/list/:key/:index` sit beside the generic
 * `…/:storeType/:key/add|expire|…` routes; the router prefers the static `list` segment, so
 * `…/list/k/expire` would reach `:index`. Declaring the generic ones once more under `list/`
 * keeps them working for lists.
 */
function underList(route: RouteDef, suffix: string): RouteDef {
  return { ...route, path: `/:appId/console/hive/:hiveName/list/:key/${suffix}` };
}

export function registerHiveRoutes(app: FastifyInstance, ctx: ServerContext, service: HivesService): void {
  const type = (p: Key) => p.storeType ?? 'list';

  handle<App>(app, ctx, r.getHiveNames, ({ params }) => service.names(params.appId));
  handle<Hive>(app, ctx, r.createHive, ({ params }) => service.create(params.appId, params.hiveName));
  handle<Hive, { newName: string }>(app, ctx, r.renameHive, ({ params, query }) => service.rename(params.appId, params.hiveName, query.newName));
  handle<Hive>(app, ctx, r.deleteHive, ({ params }) => service.delete(params.appId, params.hiveName));

  handle<Hive & { storeType: string }, { pageSize?: number; cursor?: string; filterPattern?: string }>(app, ctx, r.loadHiveStoreKeys, ({ params, query }) =>
    service.keys(params.appId, params.hiveName, params.storeType, query),
  );
  handle<Hive, object, string[]>(app, ctx, r.loadHiveStoreValues, ({ params, body }) => service.keyValues(params.appId, params.hiveName, body));
  // A stored value may be a bare string or null: serialise it ourselves, as Fastify would send a
  // string as plain text.
  handle<Key>(app, ctx, r.loadHiveStoreKeyValues, async ({ params, reply }) =>
    sendJson(reply, await service.value(params.appId, params.hiveName, type(params), params.key)),
  );
  handle<Key, { startRank?: number; stopRank?: number; withScores?: boolean }>(app, ctx, r.loadHiveSortedSetRange, ({ params, query }) =>
    service.range(params.appId, params.hiveName, params.key, query.startRank ?? 0, query.stopRank ?? 99, query.withScores ?? false),
  );

  handle<Key, object, { value: unknown }>(app, ctx, r.setHiveStoreValue, async ({ params, body }) => {
    await service.set(params.appId, params.hiveName, type(params), params.key, body.value);
    return ok;
  });

  const add = ({ params, body }: { params: Key; body: unknown }) => service.add(params.appId, params.hiveName, type(params), params.key, body);
  handle<Key, object, unknown>(app, ctx, r.addHiveStoreValue, add);
  handle<Key, object, unknown>(app, ctx, underList(r.addHiveStoreValue, 'add'), add);

  handle<Hive & { storeType: string }, object, string[]>(app, ctx, r.removeHiveStoreRecords, ({ params, body }) =>
    service.removeKeys(params.appId, params.hiveName, params.storeType, body),
  );
  const removeValues = ({ params, body }: { params: Key; body: unknown[] }) => service.removeValues(params.appId, params.hiveName, type(params), params.key, body);
  handle<Key, object, unknown[]>(app, ctx, r.removeHiveStoreValue, removeValues);
  handle<Key, object, unknown[]>(app, ctx, r.removeHiveSetStoreItemByValue, ({ params, body }) => removeValues({ params: { ...params, storeType: 'set' }, body }));

  const expire = async ({ params, query }: { params: Key; query: { ttl: number } }) => {
    await service.expireIn(params.appId, params.hiveName, type(params), params.key, query.ttl);
    return ok;
  };
  handle<Key, { ttl: number }>(app, ctx, r.setKeyExpiration, expire);
  handle<Key, { ttl: number }>(app, ctx, underList(r.setKeyExpiration, 'expire'), expire);

  const expireAt = async ({ params, query }: { params: Key; query: { unixTime: number } }) => {
    await service.expireAtUnix(params.appId, params.hiveName, type(params), params.key, query.unixTime);
    return ok;
  };
  handle<Key, { unixTime: number }>(app, ctx, r.setKeyExpirationAt, expireAt);
  handle<Key, { unixTime: number }>(app, ctx, underList(r.setKeyExpirationAt, 'expire-at'), expireAt);

  const clear = async ({ params }: { params: Key }) => {
    await service.clearExpiration(params.appId, params.hiveName, type(params), params.key);
    return ok;
  };
  handle<Key>(app, ctx, r.clearKeyExpiration, clear);
  handle<Key>(app, ctx, underList(r.clearKeyExpiration, 'clear-expiration'), clear);

  handle<Key>(app, ctx, r.getKeyExpirationTTL, ({ params }) => service.ttl(params.appId, params.hiveName, type(params), params.key));
  handle<Key>(app, ctx, r.getKeySecondsSinceLastOperation, ({ params }) => service.secondsSinceLastOperation(params.appId, params.hiveName, type(params), params.key));

  handle<Key, object, unknown[]>(app, ctx, r.addHiveListStoreItems, ({ params, body }) => service.listAppend(params.appId, params.hiveName, params.key, body));
  handle<Key, object, { value: unknown; count?: number }>(app, ctx, r.removeHiveListStoreItemByValue, ({ params, body }) =>
    service.listDeleteValue(params.appId, params.hiveName, params.key, body.value, body.count ?? 0),
  );
  handle<Key & { index: string }, object, { value: unknown }>(app, ctx, r.updateHiveListStoreItemByIndex, async ({ params, body }) => {
    await service.listSetAt(params.appId, params.hiveName, params.key, params.index, body.value);
    return ok;
  });
  handle<Key, object, unknown>(app, ctx, r.addHiveSetStoreItems, ({ params, body }) => service.add(params.appId, params.hiveName, 'set', params.key, body));
}
