import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

const base = '/:appId/console/cache';

/** Application cache items (`cache` group of the reference client). */
export const cacheRoutes = {
  get: defineRoute({
    name: 'cache.get', method: 'GET', path: base, auth: 'developer',
    query: Type.Object({
      pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
    summary: 'A page of live items, sorted by key, as a map `{key: {value, expireAt}}` (expireAt epoch ms or null)',
  }),
  count: defineRoute({ name: 'cache.count', method: 'GET', path: `${base}/count`, auth: 'developer', summary: 'Number of live items' }),
  update: defineRoute({
    name: 'cache.update', method: 'PUT', path: `${base}/:key`, auth: 'developer', devPermission: DevOperations.OBJECTS,
    query: Type.Object({ expireAt: Type.Optional(Type.Integer({ minimum: 0 })) }),
    summary: 'Puts an item: the body is the JSON value; `expireAt` (epoch ms) in the query, none = no expiry',
  }),
  remove: defineRoute({ name: 'cache.remove', method: 'DELETE', path: `${base}/:key`, auth: 'developer', devPermission: DevOperations.OBJECTS }),
} satisfies Record<string, RouteDef>;

/** One cache entry of the `cache.get` map. */
export interface CacheEntry {
  value: unknown;
  /** Epoch ms, or null when the item never expires. */
  expireAt: number | null;
}
