import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-unique-app-names-otp-replay.js';
import * as m0003 from './0003-api-key-names-roles.js';

/**
 * System migrations, in order. A new area adds `NNNN-area.ts` here; names never change once
 * released because the migrator records them.
 */
export const systemMigrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-unique-app-names-otp-replay': m0002,
  '0003-api-key-names-roles': m0003,
};
