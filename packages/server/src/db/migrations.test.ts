import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kysely, Migration } from 'kysely';
import { TEST_PG_URL, testDbKinds } from '../test-helpers.js';
import { dropAllForTests, openDatabases } from './dialect.js';

const table = (name: string): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
});

describe('system migrations', () => {
  for (const kind of testDbKinds()) {
    it(`[${kind}] runs a migration of a lower number that arrives after a higher one was applied`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-mig-'));
      const dbs = openDatabases({
        dataDir,
        databaseUrl: kind === 'postgres' ? TEST_PG_URL : undefined,
        pgSchemaPrefix: `m${crypto.randomBytes(4).toString('hex')}_`,
      });
      try {
        await dbs.migrateSystem({ '0100-data-area': table('later_area') });
        // An upgrade brings a foundation migration (0002) after a data one (0100) already ran.
        await dbs.migrateSystem({
          '0002-foundation-fix': table('foundation_fix'),
          '0100-data-area': table('later_area'),
        });
        const names = (await dbs.system.introspection.getTables()).map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['later_area', 'foundation_fix']));
      } finally {
        await dropAllForTests(dbs);
        await dbs.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
