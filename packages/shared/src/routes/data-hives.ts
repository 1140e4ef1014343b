import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

/** The five store types of a hive. */
export const HiveStoreTypes = ['key-value', 'list', 'map', 'set', 'sorted-set'] as const;
export type HiveStoreType = (typeof HiveStoreTypes)[number];

/** A hive name: letters, digits, `_` and `-` (it becomes part of storage key names). */
export const HiveNameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const KeyList = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 1000 });
const ValueList = Type.Array(Type.Unknown(), { maxItems: 10000 });
const ValueBody = Type.Object({ value: Type.Unknown() });

/** A hive as created or renamed: `{name}`. */
export const HiveSchema = Type.Object({ name: Type.String() });

/** A page of store keys; `cursorId` "0" means there are no more. */
export const HiveKeysPageSchema = Type.Object({ keys: Type.Array(Type.String()), cursorId: Type.String() });
export type HiveKeysPage = Static<typeof HiveKeysPageSchema>;

/** How many keys, items or members a write touched (or, for list appends, the new length). */
const CountSchema = Type.Integer();

const base = '/:appId/console/hive';
const store = `${base}/:hiveName/:storeType`;
const storeKey = `${store}/:key`;

/**
 * Hives (`dataHives` group of the reference client). Two reference methods use several paths:
 * `loadHiveStoreValues` (batch key-value read, one key of any store, sorted-set range by rank) and
 * `setKeyExpiration` (relative `ttl` or absolute `unixTime`); each path has its own key here and
 * carries the method's name. Store keys named `keys` cannot be addressed (that segment lists keys).
 */
export const dataHivesRoutes = {
  getHiveNames: defineRoute({
    name: 'dataHives.getHiveNames',
    method: 'GET',
    path: base,
    auth: 'developer',
    summary: 'Hive names, sorted',
    response: Type.Array(Type.String()),
  }),
  createHive: defineRoute({
    name: 'dataHives.createHive',
    method: 'POST',
    path: `${base}/:hiveName`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    response: HiveSchema,
  }),
  renameHive: defineRoute({
    name: 'dataHives.renameHive',
    method: 'PUT',
    path: `${base}/:hiveName`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    query: Type.Object({ newName: HiveNameSchema }),
    response: HiveSchema,
  }),
  deleteHive: defineRoute({
    name: 'dataHives.deleteHive',
    method: 'DELETE',
    path: `${base}/:hiveName`,
    auth: 'developer',
    devPermission: DevOperations.TABLES,
    summary: 'Answers the number of keys removed',
    response: CountSchema,
  }),
  loadHiveStoreKeys: defineRoute({
    name: 'dataHives.loadHiveStoreKeys',
    method: 'GET',
    path: `${store}/keys`,
    auth: 'developer',
    query: Type.Object({
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      cursor: Type.Optional(Type.String({ maxLength: 1000 })),
      filterPattern: Type.Optional(Type.String({ maxLength: 255 })),
    }),
    response: HiveKeysPageSchema,
    summary:
      'A page of keys `{keys, cursorId}`; pass cursorId back as `cursor`; "0" means the last page. Pages may be shorter (or, on Redis, a little longer) than pageSize.',
  }),
  loadHiveStoreValues: defineRoute({
    name: 'dataHives.loadHiveStoreValues',
    method: 'POST',
    path: `${base}/:hiveName/key-value`,
    auth: 'developer',
    body: KeyList,
    response: Type.Record(Type.String(), Type.Unknown()),
    summary: 'Values of the listed key-value keys as `{key: value}` (missing keys left out)',
  }),
  loadHiveStoreKeyValues: defineRoute({
    name: 'dataHives.loadHiveStoreValues',
    method: 'GET',
    path: storeKey,
    auth: 'developer',
    // Any JSON value, a bare string or null included (sent by the handler itself).
    response: Type.Unknown(),
    summary: 'The whole value of one key: a JSON value, list array, set array, map object or `[[score, member]]`',
  }),
  loadHiveSortedSetRange: defineRoute({
    name: 'dataHives.loadHiveStoreValues',
    method: 'GET',
    path: `${base}/:hiveName/sorted-set/:key/get-range-by-rank`,
    auth: 'developer',
    query: Type.Object({
      startRank: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
      stopRank: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
      withScores: Type.Optional(Type.Boolean()),
    }),
    response: Type.Array(Type.Unknown()),
    summary:
      'Members by rank (inclusive, negative counts from the end): `[[score, member]]` with scores, else `[member]`',
  }),
  setHiveStoreValue: defineRoute({
    name: 'dataHives.setHiveStoreValue',
    method: 'PUT',
    path: storeKey,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: ValueBody,
    summary:
      'Replaces the value of a key (list/set: array, map: object, sorted-set: [[score, member]]); keeps its expiry',
    response: SuccessSchema,
  }),
  addHiveStoreValue: defineRoute({
    name: 'dataHives.addHiveStoreValue',
    method: 'PUT',
    path: `${storeKey}/add`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Union([ValueList, ValueBody]),
    summary: 'Adds to a collection key (list: append, set: members, map: fields, sorted-set: [[score, member]])',
    response: CountSchema,
  }),
  removeHiveStoreRecords: defineRoute({
    name: 'dataHives.removeHiveStoreRecords',
    method: 'DELETE',
    path: store,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: KeyList,
    summary: 'Deletes keys; answers how many existed',
    response: CountSchema,
  }),
  removeHiveStoreValue: defineRoute({
    name: 'dataHives.removeHiveStoreValue',
    method: 'DELETE',
    path: `${storeKey}/values`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: ValueList,
    summary: 'Removes values (list: every occurrence, set/sorted-set: members, map: fields); answers how many went',
    response: CountSchema,
  }),
  setKeyExpiration: defineRoute({
    name: 'dataHives.setKeyExpiration',
    method: 'PUT',
    path: `${storeKey}/expire`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    query: Type.Object({ ttl: Type.Integer({ minimum: 1, maximum: 10 * 365 * 24 * 3600 }) }),
    response: SuccessSchema,
  }),
  setKeyExpirationAt: defineRoute({
    name: 'dataHives.setKeyExpiration',
    method: 'PUT',
    path: `${storeKey}/expire-at`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    query: Type.Object({ unixTime: Type.Integer({ minimum: 0 }) }),
    response: SuccessSchema,
    summary: 'unixTime in seconds (values above 10^11 are taken as milliseconds)',
  }),
  getKeyExpirationTTL: defineRoute({
    name: 'dataHives.getKeyExpirationTTL',
    method: 'GET',
    path: `${storeKey}/get-expiration-ttl`,
    auth: 'developer',
    summary: 'Seconds left; -1 when the key never expires, -2 when it does not exist',
    response: CountSchema,
  }),
  clearKeyExpiration: defineRoute({
    name: 'dataHives.clearKeyExpiration',
    method: 'PUT',
    path: `${storeKey}/clear-expiration`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: SuccessSchema,
  }),
  getKeySecondsSinceLastOperation: defineRoute({
    name: 'dataHives.getKeySecondsSinceLastOperation',
    method: 'GET',
    path: `${storeKey}/seconds-since-last-operation`,
    auth: 'developer',
    response: CountSchema,
  }),
  addHiveListStoreItems: defineRoute({
    name: 'dataHives.addHiveListStoreItems',
    method: 'PUT',
    path: `${base}/:hiveName/list/:key/add-last`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: ValueList,
    summary: 'Appends items; answers the new length',
    response: CountSchema,
  }),
  removeHiveListStoreItemByValue: defineRoute({
    name: 'dataHives.removeHiveListStoreItemByValue',
    method: 'PUT',
    path: `${base}/:hiveName/list/:key/delete-value`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Object({
      value: Type.Unknown(),
      count: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
    }),
    response: CountSchema,
    summary: 'Removes occurrences of a value (count > 0 from the head, < 0 from the tail, 0 or none: all)',
  }),
  updateHiveListStoreItemByIndex: defineRoute({
    name: 'dataHives.updateHiveListStoreItemByIndex',
    method: 'PUT',
    path: `${base}/:hiveName/list/:key/:index`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: ValueBody,
    summary: 'Sets the item at an index (negative counts from the end)',
    response: SuccessSchema,
  }),
  addHiveSetStoreItems: defineRoute({
    name: 'dataHives.addHiveSetStoreItems',
    method: 'PUT',
    path: `${base}/:hiveName/set/:key/add`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Union([ValueList, ValueBody]),
    summary: 'Adds members; answers how many were new',
    response: CountSchema,
  }),
  removeHiveSetStoreItemByValue: defineRoute({
    name: 'dataHives.removeHiveSetStoreItemByValue',
    method: 'DELETE',
    path: `${base}/:hiveName/set/:key/values`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: ValueList,
    response: CountSchema,
  }),
} satisfies Record<string, RouteDef>;
