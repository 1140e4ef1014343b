import type { Kysely, Transaction } from 'kysely';
import { InvalidCursorError } from './hive-store.js';

/** Row types of the SQL hive tables (see hives.migrations.ts) and the keys-list cursor. */
export interface HiveTables {
  _hives: { name: string; created: number };
  _hive_keys: {
    hive: string;
    type: string;
    key: string;
    value: string | null;
    expire_at: number | null;
    touched_at: number;
  };
  _hive_list_items: { hive: string; type: string; key: string; pos: number; value: string };
  _hive_members: {
    hive: string;
    type: string;
    key: string;
    member: string;
    score: number | null;
    value: string | null;
  };
}
export type Db = Kysely<HiveTables> | Transaction<HiveTables>;
export type Items = '_hive_list_items' | '_hive_members';

export const encodeCursor = (key: string) => `k${Buffer.from(key).toString('base64url')}`;
export function decodeCursor(cursor: string): string | undefined {
  if (cursor === '' || cursor === '0') return undefined;
  if (!/^k[A-Za-z0-9_-]*$/.test(cursor)) throw new InvalidCursorError(cursor);
  return Buffer.from(cursor.slice(1), 'base64url').toString();
}
