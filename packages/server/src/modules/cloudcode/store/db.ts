import type { Databases } from '../../../db/dialect.js';
import type { CloudCodeDb } from './cloudcode.schema.js';

/** The system database typed with the cloud-code tables. */
export function cloudCodeDb(dbs: Databases): CloudCodeDb {
  return dbs.system as unknown as CloudCodeDb;
}

/** PostgreSQL answers `bigint` columns as text; every time and count is read through this. */
export function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

export function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}
