import { Routes, type BodyOf, type HiveStoreType, type QueryInputOf, type ResponseOf } from '@basalt/shared';
import { segment } from '../transport/encode.js';
import type { GroupContext } from './group-context.js';

const r = Routes.dataHives;

/** Answer of a hives route. */
type Answer<K extends keyof typeof r> = ResponseOf<(typeof r)[K]>;

/** Cursor paging of `loadHiveStoreKeys`; pass the answer's `cursorId` back as `cursor`. */
export type HiveKeysQuery = QueryInputOf<typeof r.loadHiveStoreKeys>;

/** Expiry of `setKeyExpiration`: `ttl` seconds from now wins; else `unixTime` (epoch seconds). */
export type HiveExpiration = Partial<
  QueryInputOf<typeof r.setKeyExpiration> & QueryInputOf<typeof r.setKeyExpirationAt>
>;

/** A body `{value}` of the set/add routes. */
export type HiveValuePayload = BodyOf<typeof r.setHiveStoreValue>;

// Hive names and keys become single URL segments (keys may hold `/`, `?`, `#` and spaces), encoded
// as the reference client sends them (`user:1` stays `user:1`).
const seg = segment;

/** Hives: key-value, list, map, set and sorted-set stores (`dataHives` group of the reference client). */
export function createDataHivesGroup({ request }: GroupContext) {
  return {
    /** Hive names, sorted. */
    getHiveNames(appId: string): Promise<Answer<'getHiveNames'>> {
      return request.route(r.getHiveNames, [appId]);
    },

    /** Creates an empty hive. */
    createHive(appId: string, hiveName: string): Promise<Answer<'createHive'>> {
      return request.route(r.createHive, [appId, seg(hiveName)]);
    },

    /** Renames a hive (the new name travels in the query). */
    renameHive(appId: string, oldName: string, newName: string): Promise<Answer<'renameHive'>> {
      return request.route(r.renameHive, [appId, seg(oldName)], { query: { newName } });
    },

    /** Deletes a hive with every store in it; answers the number of keys removed. */
    deleteHive(appId: string, hiveName: string): Promise<Answer<'deleteHive'>> {
      return request.route(r.deleteHive, [appId, seg(hiveName)]);
    },

    /** A page of the keys of one store: `{keys, cursorId}` ("0" = last page). */
    loadHiveStoreKeys(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      { pageSize, cursor, filterPattern }: HiveKeysQuery = {},
    ): Promise<Answer<'loadHiveStoreKeys'>> {
      return request.route(r.loadHiveStoreKeys, [appId, seg(hiveName), storeType], {
        query: { pageSize, cursor, filterPattern },
      });
    },

    /**
     * Values of keys, as an ARRAY OF REQUESTS (the reference's shape): key-value stores read all
     * keys in one request answering `{key: value}`; sorted sets read ranks 0–99 with scores
     * (`[[score, member]]`) per key; the other stores read each key's whole value.
     */
    loadHiveStoreValues(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      keys: BodyOf<typeof r.loadHiveStoreValues>,
    ): Array<
      Promise<Answer<'loadHiveStoreValues'> | Answer<'loadHiveSortedSetRange'> | Answer<'loadHiveStoreKeyValues'>>
    > {
      const hive = seg(hiveName);
      if (storeType === 'key-value') return [request.route(r.loadHiveStoreValues, [appId, hive], { body: keys })];
      if (storeType === 'sorted-set') {
        const query = { startRank: 0, stopRank: 99, withScores: true };
        return keys.map((key) => request.route(r.loadHiveSortedSetRange, [appId, hive, seg(key)], { query }));
      }
      return keys.map((key) => request.route(r.loadHiveStoreKeyValues, [appId, hive, storeType, seg(key)]));
    },

    /** Replaces the value of a key (list/set: array, map: object, sorted-set: `[[score, member]]`). */
    setHiveStoreValue(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      keyName: string,
      payload: HiveValuePayload,
    ): Promise<Answer<'setHiveStoreValue'>> {
      return request.route(r.setHiveStoreValue, [appId, seg(hiveName), storeType, seg(keyName)], { body: payload });
    },

    /** Adds to a collection key (sorted-set: `{value: [[score, member], …]}`). */
    addHiveStoreValue(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      keyName: string,
      payload: BodyOf<typeof r.addHiveStoreValue>,
    ): Promise<Answer<'addHiveStoreValue'>> {
      return request.route(r.addHiveStoreValue, [appId, seg(hiveName), storeType, seg(keyName)], { body: payload });
    },

    /** Deletes keys of a store; answers how many existed. */
    removeHiveStoreRecords(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      keys: BodyOf<typeof r.removeHiveStoreRecords>,
    ): Promise<Answer<'removeHiveStoreRecords'>> {
      return request.route(r.removeHiveStoreRecords, [appId, seg(hiveName), storeType], { body: keys });
    },

    /** Removes values (list items, set/sorted-set members, map fields) from a key. */
    removeHiveStoreValue(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      keyName: string,
      values: BodyOf<typeof r.removeHiveStoreValue>,
    ): Promise<Answer<'removeHiveStoreValue'>> {
      return request.route(r.removeHiveStoreValue, [appId, seg(hiveName), storeType, seg(keyName)], { body: values });
    },

    /** Sets a key's expiry: relative `ttl` seconds when given, else absolute `unixTime`. */
    setKeyExpiration(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      key: string,
      { ttl, unixTime }: HiveExpiration,
    ): Promise<Answer<'setKeyExpiration'>> {
      const params = [appId, seg(hiveName), storeType, seg(key)];
      if (ttl !== undefined) return request.route(r.setKeyExpiration, params, { query: { ttl } });
      return request.route(r.setKeyExpirationAt, params, { query: { unixTime } });
    },

    /** Seconds left; -1 when the key never expires, -2 when it does not exist. */
    getKeyExpirationTTL(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      key: string,
    ): Promise<Answer<'getKeyExpirationTTL'>> {
      return request.route(r.getKeyExpirationTTL, [appId, seg(hiveName), storeType, seg(key)]);
    },

    /** Makes a key live forever. */
    clearKeyExpiration(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      key: string,
    ): Promise<Answer<'clearKeyExpiration'>> {
      return request.route(r.clearKeyExpiration, [appId, seg(hiveName), storeType, seg(key)]);
    },

    /** Seconds since the key was last read or written. */
    getKeySecondsSinceLastOperation(
      appId: string,
      hiveName: string,
      storeType: HiveStoreType,
      key: string,
    ): Promise<Answer<'getKeySecondsSinceLastOperation'>> {
      return request.route(r.getKeySecondsSinceLastOperation, [appId, seg(hiveName), storeType, seg(key)]);
    },

    /** Appends items to a list; answers the new length. */
    addHiveListStoreItems(
      appId: string,
      hiveName: string,
      key: string,
      items: BodyOf<typeof r.addHiveListStoreItems>,
    ): Promise<Answer<'addHiveListStoreItems'>> {
      return request.route(r.addHiveListStoreItems, [appId, seg(hiveName), seg(key)], { body: items });
    },

    /** Removes every occurrence of a value from a list. */
    removeHiveListStoreItemByValue(
      appId: string,
      hiveName: string,
      key: string,
      value: unknown,
    ): Promise<Answer<'removeHiveListStoreItemByValue'>> {
      return request.route(r.removeHiveListStoreItemByValue, [appId, seg(hiveName), seg(key)], { body: { value } });
    },

    /** Sets the list item at `index` (negative counts from the end). */
    updateHiveListStoreItemByIndex(
      appId: string,
      hiveName: string,
      key: string,
      index: number,
      value: unknown,
    ): Promise<Answer<'updateHiveListStoreItemByIndex'>> {
      return request.route(r.updateHiveListStoreItemByIndex, [appId, seg(hiveName), seg(key), index], {
        body: { value },
      });
    },

    /** Adds members to a set; answers how many were new. */
    addHiveSetStoreItems(
      appId: string,
      hiveName: string,
      key: string,
      items: BodyOf<typeof r.addHiveSetStoreItems>,
    ): Promise<Answer<'addHiveSetStoreItems'>> {
      return request.route(r.addHiveSetStoreItems, [appId, seg(hiveName), seg(key)], { body: items });
    },

    /** Removes one member from a set (sent as a one-item list). */
    removeHiveSetStoreItemByValue(
      appId: string,
      hiveName: string,
      key: string,
      value: unknown,
    ): Promise<Answer<'removeHiveSetStoreItemByValue'>> {
      return request.route(r.removeHiveSetStoreItemByValue, [appId, seg(hiveName), seg(key)], { body: [value] });
    },
  };
}

/** The `dataHives` group's methods. */
export type DataHivesGroup = ReturnType<typeof createDataHivesGroup>;
