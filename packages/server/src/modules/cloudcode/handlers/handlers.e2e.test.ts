import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { createSandbox } from '../../../sandbox/index.js';
import { sandbox, setSandbox } from '../runtime/sandbox-holder.js';
import type { Sandbox } from '../runtime/sandbox-port.js';

const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string) => any = ConsoleSDK.createClient;

type Rec = Record<string, any>;

/** One deployed model's code: plain scripts, as a deploy's bundle is one script. */
const CODE: Record<string, string> = {
  default: `
    Backendless.ServerCode.Persistence.beforeCreate('Person', (req) => { req.item.name = String(req.item.name).toUpperCase(); });
    Backendless.ServerCode.Persistence.afterFind('Person', (req, res) => res.result.map((r) => ({ ...r, tag: 'x' })));
    Backendless.ServerCode.Persistence.beforeCreate('Order', (req) => {
      if (req.item.name === 'no') throw new Backendless.ServerCode.Error(4001, 'Orders named no are refused', 400);
    });
    Backendless.ServerCode.addTimer({
      name: 'tick',
      frequency: { schedule: 'custom', repeat: { every: 1 } },
      async execute() { await Backendless.Data.of('Tick').save({ note: 'tick' }); },
    });
  `,
  a: `Backendless.ServerCode.Persistence.beforeCreate((req) => { req.item.trail = (req.item.trail || '') + 'A'; });`,
  b: `Backendless.ServerCode.Persistence.beforeCreate((req) => { req.item.trail = (req.item.trail || '') + 'B'; });`,
};

/*
 * Deployed handlers and timers running real code in the sandbox, reached through the app API and
 * managed with the published reference client. The deployments are written as a deploy leaves
 * them (a deployment row, its handler and timer rows), so these tests stand on the handler side
 * alone.
 */
describeEachDb('cloud-code handlers and timers, end to end', (server) => {
  let f: AppFixture;
  let bl: any;
  let own: Sandbox | undefined;
  const handlers: Record<string, string> = {};
  let timerId = '';
  const ok = async (res: { statusCode: number; body: string; json(): any }) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const count = async (table: string, where?: string) =>
    (await ok(await f.api('POST', `/data/${table}/count`, { body: where ? { where } : {} }))) as number;
  const tickLogs = async () => (await bl.getTimerLogs(f.appId, { timer: 'tick', pageSize: 500 })).data as Array<Rec>;

  beforeAll(async () => {
    try {
      sandbox();
    } catch {
      // The cloud-code module sets the process's sandbox; until it does, the test brings one.
      own = createSandbox();
      setSandbox(own);
    }
    f = await appFixture(server());
    await f.table('Person', [{ name: 'name', dataType: 'STRING' }]);
    await f.table('Order', [{ name: 'name', dataType: 'STRING' }]);
    await f.table('Thing', [{ name: 'trail', dataType: 'STRING' }]);
    await f.table('Tick', [{ name: 'note', dataType: 'STRING' }]);
    const db = server().app.basalt.dbs.system;
    const now = Date.now();
    const deployments: Record<string, string> = {};
    for (const [model, code] of Object.entries(CODE)) {
      deployments[model] = crypto.randomUUID();
      await db
        .insertInto('cc_deployments' as never)
        .values({
          id: deployments[model],
          app_id: f.appId,
          language: 'JS',
          model,
          created: now,
          created_by: null,
          code,
          registration_json: '{}',
          files_json: '[]',
          active: 1,
        } as never)
        .execute();
    }
    const handler = async (key: string, model: string, event_id: number, event_name: string, target: string) => {
      handlers[key] = crypto.randomUUID();
      await db
        .insertInto('cc_handlers' as never)
        .values({
          id: handlers[key],
          app_id: f.appId,
          mode: 'PRODUCTION',
          language: 'JS',
          model,
          provider: 'data',
          event_id,
          event_name,
          target,
          async: 0,
          enabled: 1,
          deployment_id: deployments[model],
          created: now,
          timeout_ms: null,
        } as never)
        .execute();
    };
    await handler('upper', 'default', 100, 'beforeCreate', 'Person');
    await handler('tag', 'default', 113, 'afterFind', 'Person');
    await handler('refuse', 'default', 100, 'beforeCreate', 'Order');
    await handler('a', 'a', 100, 'beforeCreate', '*');
    await handler('b', 'b', 100, 'beforeCreate', '*');
    timerId = crypto.randomUUID();
    await db
      .insertInto('cc_timers' as never)
      .values({
        id: timerId,
        app_id: f.appId,
        mode: 'PRODUCTION',
        language: 'JS',
        model: 'default',
        name: 'tick',
        start_date: now,
        expire: null,
        frequency_json: JSON.stringify({ schedule: 'custom', repeat: { every: 1 } }),
        timezone: 'UTC',
        enabled: 0,
        next_run_at: null,
        last_run_at: null,
        last_status: null,
        running_since: null,
        lease_owner: null,
        lease_until: null,
        deployment_id: deployments.default,
        created: now,
      } as never)
      .execute();
    // What a deploy announces when it commits.
    await server().app.basalt.cluster.invalidation.changed('handlers', f.appId);
    await server().app.basalt.interceptors.refresh(f.appId);
    bl = createClient(await listenForClients(server()), f.dev.authKey).bl;
  });
  afterAll(async () => {
    if (own) {
      setSandbox(undefined);
      await own.close();
    }
  });

  it("beforeCreate('Person') upper-casing name stores ANN", async () => {
    const made = await ok(await f.api('POST', '/data/Person', { body: { name: 'ann' } }));
    expect(made.name).toBe('ANN');
    expect(await count('Person', "name = 'ANN'")).toBe(1);
  });

  it('a handler that throws code 4001 status 400 answers it and leaves the count unchanged', async () => {
    await ok(await f.api('POST', '/data/Order', { body: { name: 'yes' } }));
    const before = await count('Order');
    const res = await f.api('POST', '/data/Order', { body: { name: 'no' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, message: 'Orders named no are refused' });
    expect(await count('Order')).toBe(before);
  });

  it('an afterFind adding a field is undone by disabling it', async () => {
    const tagged = await ok(await f.api('GET', '/data/Person'));
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((r: Rec) => r.tag === 'x')).toBe(true);
    const state = await bl.changeHandlerState(f.appId, 'PRODUCTION', 'PERSISTENCE', handlers.tag, false);
    expect(state.enabled).toBe(false);
    const plain = await ok(await f.api('GET', '/data/Person'));
    expect(plain.some((r: Rec) => 'tag' in r)).toBe(false);
  });

  it("two beforeCreate('*') handlers run in the stored chain order", async () => {
    const trail = async () => (await ok(await f.api('POST', '/data/Thing', { body: {} }))).trail;
    expect(await trail()).toBe('AB');
    await bl.updateHandlerInvocationChain(f.appId, 100, '*', { handlers: [handlers.b, handlers.a] });
    expect(await trail()).toBe('BA');
    const chain = await bl.getHandlerInvocationChain(f.appId, 100, '*');
    expect(chain.handlers.map((h: Rec) => h.id)).toEqual([handlers.b, handlers.a]);
    await bl.updateHandlerInvocationChain(f.appId, 100, '*', { handlers: [handlers.a, handlers.b] });
    expect(await trail()).toBe('AB');
  });

  it('a timer every second inserting a row makes 3 to 5 rows in 4 s and none after disabling; run now adds one row and a log entry', async () => {
    const [timer] = (await bl.getEventHandlers(f.appId, ['PRODUCTION'])).filter((h: Rec) => h.category === 'TIMER');
    expect(timer).toMatchObject({ timername: 'tick', category: 'TIMER', enabled: false });
    await bl.changeHandlerState(f.appId, 'PRODUCTION', 'TIMER', timerId, true);
    await new Promise((r) => setTimeout(r, 4_000));
    await bl.changeHandlerState(f.appId, 'PRODUCTION', 'TIMER', timerId, false);
    // A run that had started before the switch may still be writing: let it end.
    await new Promise((r) => setTimeout(r, 1_500));
    const rows = await count('Tick');
    expect(rows).toBeGreaterThanOrEqual(3);
    expect(rows).toBeLessThanOrEqual(5);
    const ran = (await tickLogs()).filter((l) => l.trigger === 'schedule');
    expect(ran.length).toBeGreaterThanOrEqual(3);
    expect(ran.length).toBeLessThanOrEqual(5);
    expect(ran.every((l) => l.status === 'ok')).toBe(true);
    const settled = (await tickLogs()).length;
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await count('Tick')).toBe(rows);
    expect((await tickLogs()).length).toBe(settled);

    expect(await bl.invokeTimer(f.appId, { ...timer, mode: 'PRODUCTION' })).toEqual({ status: 'ok', error: null });
    expect(await count('Tick')).toBe(rows + 1);
    const after = await tickLogs();
    expect(after.length).toBe(settled + 1);
    expect(after[0]).toMatchObject({ trigger: 'manual', status: 'ok' });
  });
});
