import { expect, it } from 'vitest';
import type { Kysely, Migration } from 'kysely';
import { createTestApp, describeEachDb, registerDeveloper } from '../test-helpers.js';
import { migrateExistingAppStores } from './app-stores.js';

// A migration that only an upgrade would bring: the apps below were created before it existed.
const probe: Record<string, Migration> = {
  '9990-probe': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('probe_table')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
    },
  },
};

describeEachDb('app store migrations at start', (server) => {
  it('brings every existing app store up to the new migrations, once', async () => {
    const dev = await registerDeveloper(server());
    const ids = [await createTestApp(server(), dev.authKey), await createTestApp(server(), dev.authKey)];
    const dbs = server().app.basalt.dbs;
    // PostgreSQL introspection lists every schema: only the app's own schema counts.
    const hasProbe = async (id: string) =>
      (await dbs.app(id).introspection.getTables()).some(
        (t) => t.name === 'probe_table' && (dbs.appSchema(id) === null || t.schema === dbs.appSchema(id)),
      );
    expect(await hasProbe(ids[0])).toBe(false);

    const visited = await migrateExistingAppStores(dbs, { ...server().app.basalt.appMigrations, ...probe });
    expect(visited).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(await hasProbe(id)).toBe(true);
    // Running again (the next start) skips what is applied instead of failing on existing tables.
    await expect(migrateExistingAppStores(dbs, { ...server().app.basalt.appMigrations, ...probe })).resolves.toBe(
      visited,
    );
    expect(await migrateExistingAppStores(dbs, {})).toBe(0);
  });
});
