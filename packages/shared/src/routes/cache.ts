import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';

const base = '/:appId/console/cache';

/** One cache entry of the `cache.get` map. */
export const CacheEntrySchema = Type.Object({
  value: Type.Unknown(),
  /** Epoch ms, or null when the item never expires. */
  expireAt: NullableSchema(Type.Number()),
});
export type CacheEntry = Static<typeof CacheEntrySchema>;

/** Application cache items (`cache` group of the reference client). */
export const cacheRoutes = {
  get: defineRoute({
    name: 'cache.get',
    method: 'GET',
    path: base,
    auth: 'developer',
    query: Type.Object({
      pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
    response: Type.Record(Type.String(), CacheEntrySchema),
    summary: 'A page of live items, sorted by key, as a map `{key: {value, expireAt}}` (expireAt epoch ms or null)',
  }),
  count: defineRoute({
    name: 'cache.count',
    method: 'GET',
    path: `${base}/count`,
    auth: 'developer',
    response: Type.Integer(),
    summary: 'Number of live items',
  }),
  update: defineRoute({
    name: 'cache.update',
    method: 'PUT',
    path: `${base}/:key`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    query: Type.Object({ expireAt: Type.Optional(Type.Integer({ minimum: 0 })) }),
    // The body is the value itself: parsed JSON (`application/json`) or a raw string (`text/plain`).
    body: Type.Unknown(),
    response: Type.Object({ key: Type.String(), value: Type.Unknown(), expireAt: NullableSchema(Type.Number()) }),
    summary:
      'Puts an item: the body is the JSON value; `expireAt` (epoch ms) in the query, none = no expiry; answers `{key, value, expireAt}`',
  }),
  remove: defineRoute({
    name: 'cache.remove',
    method: 'DELETE',
    path: `${base}/:key`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: SuccessSchema,
  }),
} satisfies Record<string, RouteDef>;
