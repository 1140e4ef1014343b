import type { FastifyInstance } from 'fastify';
import { Routes, type BodyOf, type ParamsOf, type QueryOf, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, sendJson } from '../../http/route.js';
import type { HivesService } from './hives.service.js';

const r = Routes.dataHives;
const ok = { success: true } as const;

const listBase = '/:appId/console/hive/:hiveName/list/:key';

/** A generic key route declared once more under `list/`: the same route with no `:storeType`. */
type UnderList<R extends RouteDef, S extends string> = Omit<R, 'path'> & { path: `${typeof listBase}/${S}` };

/**
 * The list routes `…/list/:key/add-last`, `…/list/:key/:index` sit beside the generic
 * `…/:storeType/:key/add|expire|…` routes; the router prefers the static `list` segment, so
 * `…/list/k/expire` would reach `:index`. Declaring the generic ones once more under `list/`
 * keeps them working for lists.
 */
function underList<const R extends RouteDef, const S extends string>(route: R, suffix: S): UnderList<R, S> {
  return { ...route, path: `${listBase}/${suffix}` as const };
}

/** Params of a key route, generic or under `list/` (where the store type is the list). */
type KeyParams = ParamsOf<typeof r.setKeyExpiration> | ParamsOf<UnderList<typeof r.setKeyExpiration, 'expire'>>;
const type = (p: KeyParams) => ('storeType' in p ? p.storeType : 'list');

export function registerHiveRoutes(app: FastifyInstance, ctx: ServerContext, service: HivesService): void {
  handle(app, ctx, r.getHiveNames, ({ params }) => service.names(params.appId));
  handle(app, ctx, r.createHive, ({ params }) => service.create(params.appId, params.hiveName));
  handle(app, ctx, r.renameHive, ({ params, query }) => service.rename(params.appId, params.hiveName, query.newName));
  handle(app, ctx, r.deleteHive, ({ params }) => service.delete(params.appId, params.hiveName));

  handle(app, ctx, r.loadHiveStoreKeys, ({ params, query }) =>
    service.keys(params.appId, params.hiveName, params.storeType, query),
  );
  handle(app, ctx, r.loadHiveStoreValues, ({ params, body }) => service.keyValues(params.appId, params.hiveName, body));
  // A stored value may be a bare string or null: serialise it ourselves, as Fastify would send a
  // string as plain text.
  handle(app, ctx, r.loadHiveStoreKeyValues, async ({ params, reply }) =>
    sendJson(reply, await service.value(params.appId, params.hiveName, params.storeType, params.key)),
  );
  handle(app, ctx, r.loadHiveSortedSetRange, ({ params, query }) =>
    service.range(
      params.appId,
      params.hiveName,
      params.key,
      query.startRank ?? 0,
      query.stopRank ?? 99,
      query.withScores ?? false,
    ),
  );

  handle(app, ctx, r.setHiveStoreValue, async ({ params, body }) => {
    await service.set(params.appId, params.hiveName, params.storeType, params.key, body.value);
    return ok;
  });

  const add = ({ params, body }: { params: KeyParams; body: BodyOf<typeof r.addHiveStoreValue> }) =>
    service.add(params.appId, params.hiveName, type(params), params.key, body);
  handle(app, ctx, r.addHiveStoreValue, add);
  handle(app, ctx, underList(r.addHiveStoreValue, 'add'), add);

  handle(app, ctx, r.removeHiveStoreRecords, ({ params, body }) =>
    service.removeKeys(params.appId, params.hiveName, params.storeType, body),
  );
  handle(app, ctx, r.removeHiveStoreValue, ({ params, body }) =>
    service.removeValues(params.appId, params.hiveName, params.storeType, params.key, body),
  );
  handle(app, ctx, r.removeHiveSetStoreItemByValue, ({ params, body }) =>
    service.removeValues(params.appId, params.hiveName, 'set', params.key, body),
  );

  const expire = async ({ params, query }: { params: KeyParams; query: QueryOf<typeof r.setKeyExpiration> }) => {
    await service.expireIn(params.appId, params.hiveName, type(params), params.key, query.ttl);
    return ok;
  };
  handle(app, ctx, r.setKeyExpiration, expire);
  handle(app, ctx, underList(r.setKeyExpiration, 'expire'), expire);

  const expireAt = async ({ params, query }: { params: KeyParams; query: QueryOf<typeof r.setKeyExpirationAt> }) => {
    await service.expireAtUnix(params.appId, params.hiveName, type(params), params.key, query.unixTime);
    return ok;
  };
  handle(app, ctx, r.setKeyExpirationAt, expireAt);
  handle(app, ctx, underList(r.setKeyExpirationAt, 'expire-at'), expireAt);

  const clear = async ({ params }: { params: KeyParams }) => {
    await service.clearExpiration(params.appId, params.hiveName, type(params), params.key);
    return ok;
  };
  handle(app, ctx, r.clearKeyExpiration, clear);
  handle(app, ctx, underList(r.clearKeyExpiration, 'clear-expiration'), clear);

  handle(app, ctx, r.getKeyExpirationTTL, ({ params }) =>
    service.ttl(params.appId, params.hiveName, params.storeType, params.key),
  );
  handle(app, ctx, r.getKeySecondsSinceLastOperation, ({ params }) =>
    service.secondsSinceLastOperation(params.appId, params.hiveName, params.storeType, params.key),
  );

  handle(app, ctx, r.addHiveListStoreItems, ({ params, body }) =>
    service.listAppend(params.appId, params.hiveName, params.key, body),
  );
  handle(app, ctx, r.removeHiveListStoreItemByValue, ({ params, body }) =>
    service.listDeleteValue(params.appId, params.hiveName, params.key, body.value, body.count ?? 0),
  );
  handle(app, ctx, r.updateHiveListStoreItemByIndex, async ({ params, body }) => {
    await service.listSetAt(params.appId, params.hiveName, params.key, params.index, body.value);
    return ok;
  });
  handle(app, ctx, r.addHiveSetStoreItems, ({ params, body }) =>
    service.add(params.appId, params.hiveName, 'set', params.key, body),
  );
}
