import crypto from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb, createTestApp, registerDeveloper } from '../test-helpers.js';
import { TimerLoop } from './timers.js';
import type { TimerRow } from './timers.repo.js';

// The server's own loop stays off here: these tests drive loops of their own with chosen clocks.
process.env.BASALT_TIMERS = 'off';

type Rec = Record<string, unknown>;
const T0 = Date.UTC(2030, 0, 1);

describeEachDb('timer loop', (server) => {
  let appId: string;
  let runs: string[];
  const db = () => server().app.basalt.dbs.system;
  const loop = (run?: (t: TimerRow) => Promise<void>) =>
    new TimerLoop(
      server().app.basalt.dbs,
      server().app.log,
      run ??
        (async (t) => {
          runs.push(t.name);
        }),
      () => 1_000,
      60_000,
    );
  const timer = async (name: string, every = 1, extra: Rec = {}) => {
    const id = crypto.randomUUID();
    await db()
      .insertInto('cc_timers' as never)
      .values({
        id,
        app_id: appId,
        mode: 'PRODUCTION',
        language: 'JS',
        model: 'default',
        name,
        start_date: T0,
        expire: null,
        frequency_json: JSON.stringify({ schedule: 'custom', repeat: { every } }),
        timezone: 'UTC',
        enabled: 1,
        next_run_at: null,
        last_run_at: null,
        last_status: null,
        running_since: null,
        lease_owner: null,
        lease_until: null,
        deployment_id: null,
        created: T0,
        ...extra,
      } as never)
      .execute();
    return id;
  };
  const logs = async (name: string) =>
    (await db()
      .selectFrom('cc_timer_logs' as never)
      .selectAll()
      .where('timer_name' as never, '=', name as never)
      .orderBy('started_at' as never)
      .execute()) as Rec[];

  beforeAll(async () => {
    const dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
  });
  beforeEach(async () => {
    runs = [];
    await db()
      .deleteFrom('cc_timers' as never)
      .execute();
  });

  it('runs each due time once, and a timer missed while down runs once after start', async () => {
    const l = loop();
    await timer('every');
    expect(await l.poll(T0, true)).toBe(1); // planned at its start, due at once
    expect(await l.poll(T0 + 500, true)).toBe(0);
    expect(await l.poll(T0 + 1_000, true)).toBe(1);
    // Nobody polled for ten seconds: one run, not ten.
    expect(await l.poll(T0 + 11_500, true)).toBe(1);
    expect(await l.poll(T0 + 11_600, true)).toBe(0);
    expect(await l.poll(T0 + 12_000, true)).toBe(1);
    expect(runs).toEqual(['every', 'every', 'every', 'every']);
    const logged = await logs('every');
    expect(logged.map((r) => [r.trigger, r.status])).toEqual(Array(4).fill(['schedule', 'ok']));
  });

  it('a disabled timer does not run; a failed run is logged with its error', async () => {
    const id = await timer('off');
    await db()
      .updateTable('cc_timers' as never)
      .set({ enabled: 0 } as never)
      .where('id' as never, '=', id as never)
      .execute();
    const failing = loop(async () => {
      throw new Error('boom');
    });
    await timer('fails');
    expect(await failing.poll(T0, true)).toBe(1);
    expect(runs).toEqual([]);
    expect((await logs('fails')).map((r) => [r.status, r.error])).toEqual([['error', 'boom']]);
    expect(await logs('off')).toEqual([]);
  });

  it('a due time reached while the previous run still goes is logged skipped', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = loop(async () => {
      await gate;
    });
    await timer('slow');
    expect(await slow.poll(T0)).toBe(1); // running in the background
    expect(await slow.poll(T0 + 1_000)).toBe(0);
    release();
    await slow.stop(5_000);
    const logged = await logs('slow');
    expect(logged.map((r) => r.status).sort()).toEqual(['ok', 'skipped']);
  });

  it('run now runs outside the schedule and is logged manual', async () => {
    const id = await timer('manual');
    const l = loop();
    const row = (await db()
      .selectFrom('cc_timers' as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as TimerRow;
    expect(await l.runNow(row)).toEqual({ status: 'ok', error: null });
    expect(runs).toEqual(['manual']);
    expect((await logs('manual')).map((r) => r.trigger)).toEqual(['manual']);
  });

  it('two loops on one database run each due time once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `shared${i}`);
    for (const n of names) await timer(n);
    const a = loop();
    const b = loop();
    for (const t of [T0, T0 + 1_000, T0 + 2_000]) await Promise.all([a.poll(t, true), b.poll(t, true)]);
    const counts = new Map<string, number>();
    for (const r of runs) counts.set(r, (counts.get(r) ?? 0) + 1);
    expect([...counts.values()]).toEqual(Array(12).fill(3));
  });
});
