import { HiveStoreTypes } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { hasControlCharacters } from '../counters/index.js';
import type { Collection, StoreType } from './hive-store.js';

/** Size limits of hives (bytes are of the JSON text). */
export const HiveLimits = {
  keyLength: 255,
  /** A key-value value. */
  valueBytes: 1024 * 1024,
  /** A list item or map value. */
  itemBytes: 64 * 1024,
  /** A set or sorted-set member, or a map field: they are indexed, so they stay small. */
  memberBytes: 1024,
  /** Items in one request. */
  itemsPerRequest: 10_000,
  /** Items in one collection key. */
  itemsPerKey: 100_000,
} as const;

const HIVE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkHiveName(name: string, field = 'hiveName'): string {
  if (typeof name !== 'string' || !HIVE_NAME.test(name))
    throw ApiError.field(
      'BAD_REQUEST',
      field,
      `A hive name has 1 to 64 letters, digits, '_' or '-', got '${String(name).slice(0, 80)}'`,
    );
  return name;
}

export function checkStoreType(type: string): StoreType {
  if (!(HiveStoreTypes as readonly string[]).includes(type))
    throw ApiError.field(
      'BAD_REQUEST',
      'storeType',
      `Unknown store type '${type.slice(0, 40)}': use ${HiveStoreTypes.join(', ')}`,
    );
  return type as StoreType;
}

export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > HiveLimits.keyLength)
    throw ApiError.field('BAD_REQUEST', 'key', `A key has 1 to ${HiveLimits.keyLength} characters`);
  if (hasControlCharacters(key)) throw ApiError.field('BAD_REQUEST', 'key', 'A key cannot contain control characters');
  return key;
}

/** JSON text of a value, refused when it is missing or beyond `limit` bytes. */
export function toText(value: unknown, limit: number, what: string): string {
  if (value === undefined) throw ApiError.field('BAD_REQUEST', 'value', `The ${what} is missing`);
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > limit) throw ApiError.tooLarge(`A ${what} holds at most ${limit} bytes of JSON`);
  return text;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw ApiError.field('BAD_REQUEST', 'value', `The ${what} must be a JSON array`);
  if (value.length > HiveLimits.itemsPerRequest)
    throw ApiError.tooLarge(`At most ${HiveLimits.itemsPerRequest} items per request`);
  return value;
}

function score(raw: unknown): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw ApiError.field(
      'BAD_REQUEST',
      'value',
      `A sorted-set score must be a finite number, got ${JSON.stringify(raw)?.slice(0, 40)}`,
    );
  return n;
}

/**
 * Turns a request value into the collection content of a store type: list and set take an array
 * (a single value is one item when `single` allows it), map an object, sorted-set `[[score, member]]`.
 */
export function toCollection(type: Exclude<StoreType, 'key-value'>, value: unknown, single: boolean): Collection {
  if (type === 'map') {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw ApiError.field('BAD_REQUEST', 'value', 'A map value must be a JSON object');
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > HiveLimits.itemsPerRequest)
      throw ApiError.tooLarge(`At most ${HiveLimits.itemsPerRequest} items per request`);
    return {
      type,
      entries: entries.map(([field, v]) => {
        if (Buffer.byteLength(field) > HiveLimits.memberBytes)
          throw ApiError.tooLarge(`A map field holds at most ${HiveLimits.memberBytes} bytes`);
        return [field, toText(v, HiveLimits.itemBytes, 'map value')];
      }),
    };
  }
  if (type === 'sorted-set') {
    const pairs = list(value, 'sorted-set value ([[score, member], …])');
    return {
      type,
      items: pairs.map((pair) => {
        if (!Array.isArray(pair) || pair.length !== 2)
          throw ApiError.field('BAD_REQUEST', 'value', 'Each sorted-set item is a [score, member] pair');
        return [score(pair[0]), toText(pair[1], HiveLimits.memberBytes, 'sorted-set member')];
      }),
    };
  }
  const items = single && !Array.isArray(value) ? [value] : list(value, `${type} value`);
  const limit = type === 'set' ? HiveLimits.memberBytes : HiveLimits.itemBytes;
  return { type, items: items.map((v) => toText(v, limit, `${type} item`)) };
}

/** The wire form of a stored collection. */
export function fromCollection(c: Collection): unknown {
  if (c.type === 'map') return Object.fromEntries(c.entries.map(([field, v]) => [field, JSON.parse(v)]));
  if (c.type === 'sorted-set') return c.items.map(([s, m]) => [s, JSON.parse(m)]);
  return c.items.map((v) => JSON.parse(v));
}

export function collectionSize(c: Collection): number {
  return c.type === 'map' ? c.entries.length : c.items.length;
}
