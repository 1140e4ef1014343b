import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql, type Kysely, type Migration } from 'kysely';
import { createTestApp, describeEachDb, registerDeveloper, TEST_PG_URL, testDbKinds } from '../../test-helpers.js';
import { dropAllForTests, openDatabases } from '../../db/dialect.js';
import { systemMigrations } from '../../db/migrations/index.js';
import { modules } from '../index.js';
import { logOf } from './audit.test-helpers.js';

type Row = { app_id: string; action: string; summary: string; actor: string; developer_id: string | null };
const entriesOf = (db: Kysely<any>, appId: string): Promise<Row[]> =>
  db
    .selectFrom('audit_log')
    .select(['app_id', 'action', 'summary', 'actor', 'developer_id'])
    .where('app_id', '=', appId)
    .execute();

describeEachDb('audit log of a deleted app', (server) => {
  it("keeps the entry that records the deletion and removes the rest of the app's log", async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey, `Doomed${Date.now()}`);
    const name = (await server().call('GET', `/${appId}/console/app-info`, { authKey: owner.authKey })).json().appName;
    expect(
      (
        await server().call('POST', `/${appId}/console/data/tables`, {
          authKey: owner.authKey,
          body: { name: 'Person' },
        })
      ).statusCode,
    ).toBe(200);
    await logOf(server(), owner, appId, '', (d) => d.length >= 1);

    const warnings: unknown[] = [];
    const original = server().app.log.warn.bind(server().app.log);
    const spy = (...args: unknown[]) => {
      warnings.push(args);
      return (original as (...a: unknown[]) => void)(...args);
    };
    (server().app.log as { warn: unknown }).warn = spy;
    try {
      expect(
        (await server().call('DELETE', `/${appId}/console/application`, { authKey: owner.authKey })).statusCode,
      ).toBe(200);
    } finally {
      (server().app.log as { warn: unknown }).warn = original;
    }

    const db = server().app.basalt.dbs.system as unknown as Kysely<any>;
    let rows: Row[] = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      rows = await entriesOf(db, appId);
      if (!rows.length) await new Promise((r) => setTimeout(r, 25));
    }
    expect(rows).toEqual([
      {
        app_id: appId,
        action: 'apps.deleteApp',
        summary: `Deleted application ${name}`,
        actor: owner.email,
        developer_id: owner.id,
      },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/audit log entry/);
    // The app is gone for the console; its deletion entry is only for whoever runs the server.
    expect(
      (await server().call('GET', `/${appId}/console/security/audit-logs`, { authKey: owner.authKey })).statusCode,
    ).toBe(404);
  });
});

describe('migration 0261: the audit log without its foreign key to apps', () => {
  const all: Record<string, Migration> = Object.assign(
    {},
    systemMigrations,
    ...modules.map((m) => m.systemMigrations ?? {}),
  );
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name !== '0261-audit-log-without-app-key'));

  for (const kind of testDbKinds()) {
    it(`[${kind}] keeps every entry, and entries no longer go with their app`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-mig-'));
      const prefix = `m${crypto.randomBytes(4).toString('hex')}_`;
      const dbs = openDatabases({
        dataDir,
        databaseUrl: kind === 'postgres' ? TEST_PG_URL : undefined,
        pgSchemaPrefix: prefix,
      });
      try {
        await dbs.migrateSystem(before);
        const db = dbs.system as unknown as Kysely<any>;
        const now = Date.now();
        await db
          .insertInto('developers')
          .values({
            id: 'D1',
            email: 'd1@example.com',
            name: 'D',
            password_hash: 'x',
            email_confirmed: 1,
            totp_secret: null,
            totp_enabled: 0,
            totp_pending_secret: null,
            created: now,
            updated: now,
          })
          .execute();
        await db
          .insertInto('apps')
          .values({
            id: 'A1',
            name: 'One',
            owner_id: 'D1',
            zone: 'LOCAL',
            info: '',
            logo: null,
            dev_options: '{}',
            created: now,
            updated: now,
          })
          .execute();
        const entry = {
          app_id: 'A1',
          developer_id: 'D1',
          actor: 'd1@example.com',
          action: 'tables.create',
          target: 'T',
          summary: 'Created table T',
          created: now,
        };
        await db
          .insertInto('audit_log')
          .values([
            { id: 'E1', ...entry },
            { id: 'E2', ...entry, created: now + 1 },
          ])
          .execute();

        await dbs.migrateSystem(all);
        expect(await db.selectFrom('audit_log').select(['id', 'summary']).orderBy('id').execute()).toEqual([
          { id: 'E1', summary: 'Created table T' },
          { id: 'E2', summary: 'Created table T' },
        ]);
        // No cascade any more, and an entry may name an app that is gone.
        await db.deleteFrom('apps').where('id', '=', 'A1').execute();
        await db
          .insertInto('audit_log')
          .values({ id: 'E3', ...entry, action: 'apps.deleteApp' })
          .execute();
        expect((await db.selectFrom('audit_log').select('id').where('app_id', '=', 'A1').execute()).length).toBe(3);
        // The index the log pages by is back.
        const indexes =
          kind === 'postgres'
            ? (
                await sql<{
                  indexname: string;
                }>`select indexname from pg_indexes where schemaname = ${`${prefix}system`} and tablename = 'audit_log'`.execute(
                  db,
                )
              ).rows.map((r) => r.indexname)
            : (
                await db
                  .selectFrom('sqlite_master' as any)
                  .select('name' as any)
                  .where('type' as any, '=', 'index')
                  .where('tbl_name' as any, '=', 'audit_log')
                  .execute()
              ).map((r: any) => r.name);
        expect(indexes).toContain('audit_log_app_created');
      } finally {
        await dropAllForTests(dbs);
        await dbs.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
