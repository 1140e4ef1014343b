import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Migration } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDb, TEST_PG_URL, testDbKinds } from '../test-helpers.js';
import { dropAllForTests, openDatabases } from '../db/dialect.js';
import { systemMigrations } from '../db/migrations/index.js';
import { modules } from '../modules/index.js';
import { JobScheduler, jobsMigrations, type JobKind } from './index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The general scheduler's claims on the real databases: several schedulers on one job table stand
 * for several server processes (on PostgreSQL the claim is FOR UPDATE SKIP LOCKED, on SQLite an
 * UPDATE naming what it saw).
 */
describeEachDb('jobs: claims and leases', (server) => {
  const dbs = () => server().app.basalt.dbs;
  const log = () => server().app.log;
  let seq = 0;
  /** A scheduler standing for one process, with `kind` registered under a name unique to the test. */
  function node(kindName: string, kind: JobKind): JobScheduler {
    const s = new JobScheduler(dbs(), log(), 60_000);
    s.register(kindName, kind);
    return s;
  }
  const row = (id: string) => server().app.basalt.jobs.repo.byId(id);

  it('runs an at-most-once job once however many processes claim at the same moment, and moves a repeating one on as it claims', async () => {
    const kind = `test.once.${seq++}`;
    const ran: string[] = [];
    const nodes = [0, 1, 2].map((i) =>
      node(kind, {
        delivery: 'at-most-once',
        run: async () => {
          ran.push(`n${i}`);
        },
      }),
    );
    const start = Date.now() + 100_000;
    const id = await nodes[0].add({
      kind,
      appId: null,
      payload: { n: 1 },
      runAt: start,
      repeatEveryMs: 1000,
      expiresAt: start + 3500,
    });
    const counts = await Promise.all(nodes.map((n) => n.poll(start + 10, true)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(ran).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      state: 'pending',
      run_at: start + 1000,
      runs: 1,
      leased_by: null,
      lease_until: null,
    });
    // Missed due times collapse into one run; past the end the job is done.
    expect((await Promise.all(nodes.map((n) => n.poll(start + 2100, true)))).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'pending', run_at: start + 3000, runs: 2 });
    expect((await Promise.all(nodes.map((n) => n.poll(start + 3100, true)))).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', runs: 3 });
    expect((await Promise.all(nodes.map((n) => n.poll(start + 9000, true)))).reduce((a, b) => a + b, 0)).toBe(0);
    expect(ran).toHaveLength(3);
  });

  it('gives an at-least-once job whose holder went silent to another process once the lease expires', async () => {
    const kind = `test.atleast.${seq++}`;
    const done: string[] = [];
    const b = node(kind, {
      delivery: 'at-least-once',
      leaseMs: 400,
      run: async (job) => {
        done.push(`${job.id}:${job.attempts}`);
      },
    });
    const id = await b.add({ kind, appId: null, payload: {}, runAt: Date.now() - 1 });
    // What a process killed mid-job leaves behind: its claim, with a lease nobody renews.
    await server()
      .app.basalt.jobs.repo.db.updateTable('jobs')
      .set({ leased_by: 'dead-node', lease_until: Date.now() + 300, attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await b.poll(Date.now(), true)).toBe(0);
    await sleep(400);
    expect(await b.poll(Date.now(), true)).toBe(1);
    expect(done).toEqual([`${id}:2`]);
    expect(await row(id)).toMatchObject({
      state: 'done',
      runs: 1,
      attempts: 0,
      leased_by: null,
      lease_until: null,
      last_run_by: b.node,
    });
  });

  it('hands its leases back on stop, so another process takes an unfinished job at once', async () => {
    const kind = `test.handback.${seq++}`;
    let release!: () => void;
    const a = node(kind, {
      delivery: 'at-least-once',
      leaseMs: 60_000,
      run: () =>
        new Promise<void>((r) => {
          release = r;
        }),
    });
    const ranOnB: string[] = [];
    const b = node(kind, {
      delivery: 'at-least-once',
      leaseMs: 60_000,
      run: async (job) => {
        ranOnB.push(job.id);
      },
    });
    const id = await a.add({ kind, appId: null, payload: {}, runAt: Date.now() - 1 });
    expect(await a.poll(Date.now())).toBe(1);
    expect(await b.poll(Date.now(), true)).toBe(0);
    await a.stop(50); // the run does not finish within the bounded wait
    expect(await row(id)).toMatchObject({ leased_by: null, lease_until: null, state: 'pending' });
    expect(await b.poll(Date.now(), true)).toBe(1);
    expect(ranOnB).toEqual([id]);
    // A's run ending late changes nothing: it no longer holds the job.
    release();
    await sleep(20);
    expect(await row(id)).toMatchObject({ state: 'done', runs: 1, last_run_by: b.node });
  });

  it('retries a failing at-least-once job later and marks it failed after its attempts', async () => {
    const kind = `test.retry.${seq++}`;
    const a = node(kind, {
      delivery: 'at-least-once',
      maxAttempts: 2,
      run: async () => {
        throw new Error('backend down');
      },
    });
    const id = await a.add({ kind, appId: null, payload: {}, runAt: Date.now() - 1 });
    expect(await a.poll(Date.now(), true)).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, last_error: 'backend down', leased_by: null });
    expect(first!.run_at).toBeGreaterThan(Date.now());
    expect(await a.poll(Date.now(), true)).toBe(0);
    expect(await a.poll(first!.run_at + 1, true)).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 2, runs: 0 });
  });

  it('claims only kinds this process knows', async () => {
    const a = node(`test.known.${seq++}`, { delivery: 'at-most-once', run: async () => undefined });
    const id = await a.add({ kind: 'test.unknown-to-everyone', appId: null, payload: {}, runAt: Date.now() - 1 });
    expect(await a.poll(Date.now(), true)).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'pending', leased_by: null });
  });
});

function allSystemMigrations(): Record<string, Migration> {
  const out: Record<string, Migration> = { ...systemMigrations, ...jobsMigrations };
  for (const m of modules) Object.assign(out, m.systemMigrations ?? {});
  return out;
}

for (const kind of testDbKinds()) {
  it(`moves the scheduled publishes of msg_publish_jobs into the job table, whatever their state [${kind}]`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-jobs-migration-'));
    const dbs = openDatabases({
      dataDir,
      databaseUrl: kind === 'postgres' ? TEST_PG_URL : undefined,
      pgSchemaPrefix: `j${crypto.randomBytes(4).toString('hex')}_`,
      queryTimeoutMs: 5000,
      queryReaders: 1,
      spatialite: 'mod_spatialite',
    });
    try {
      const all = allSystemMigrations();
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0402'));
      await dbs.migrateSystem(before);
      const db = dbs.system as any;
      const now = Date.now();
      await db
        .insertInto('developers')
        .values({ id: 'DEV-1', email: 'old@example.com', password_hash: 'x', created: now, updated: now })
        .execute();
      await db
        .insertInto('apps')
        .values({ id: 'APP-1', name: 'Old', owner_id: 'DEV-1', created: now, updated: now })
        .execute();
      await db
        .insertInto('msg_publish_jobs')
        .values([
          {
            id: 'JOB-1',
            app_id: 'APP-1',
            channel_name: 'news',
            input: JSON.stringify({ message: 'hi' }),
            state: 'pending',
            next_at: now + 60_000,
            repeat_every_ms: 5000,
            expires_at: now + 120_000,
            fired: 3,
            last_error: null,
            created: now,
            updated: now,
          },
          {
            id: 'JOB-2',
            app_id: 'APP-1',
            channel_name: 'news',
            input: JSON.stringify({ message: 'bye' }),
            state: 'cancelled',
            next_at: now,
            repeat_every_ms: null,
            expires_at: null,
            fired: 0,
            last_error: 'gone',
            created: now,
            updated: null,
          },
        ])
        .execute();
      await dbs.migrateSystem(all);
      const rows = await db.selectFrom('jobs').selectAll().orderBy('id').execute();
      expect(rows).toEqual([
        expect.objectContaining({
          id: 'JOB-1',
          kind: 'messaging.publish',
          app_id: 'APP-1',
          state: 'pending',
          run_at: now + 60_000,
          repeat_every_ms: 5000,
          expires_at: now + 120_000,
          runs: 3,
          leased_by: null,
        }),
        expect.objectContaining({
          id: 'JOB-2',
          kind: 'messaging.publish',
          state: 'cancelled',
          runs: 0,
          last_error: 'gone',
        }),
      ]);
      expect(JSON.parse(rows[0].payload)).toEqual({ channel: 'news', input: { message: 'hi' } });
      await expect(db.selectFrom('msg_publish_jobs').selectAll().execute()).rejects.toThrow();
    } finally {
      await dropAllForTests(dbs);
      await dbs.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
}
