import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { FilesRepo } from '../store/index.js';

const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string) => any = ConsoleSDK.createClient;

type Rec = Record<string, any>;

/*
 * The handler, timer and chain routes, driven by the published reference client where it has the
 * method (its transforms included) and by plain requests for the bad input.
 */
describeEachDb('cloud-code handler routes', (server) => {
  let f: AppFixture;
  let bl: any;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Person', [{ name: 'name', dataType: 'STRING' }]);
    bl = createClient(await listenForClients(server()), f.dev.authKey).bl;
  });

  it('answers categories and events with the runner numbering', async () => {
    const categories = await bl.getCategories(f.appId);
    expect(categories.map((c: Rec) => c.id)).toEqual([
      'PERSISTENCE',
      'USER',
      'FILE',
      'MESSAGING',
      'CACHE',
      'ATOMIC_OPERATION',
      'TIMER',
      'CUSTOM',
    ]);
    const events = await bl.getEvents(f.appId);
    expect(events.find((e: Rec) => e.id === 100)).toEqual({
      id: 100,
      name: 'beforeCreate',
      provider: 'data',
      category: 'PERSISTENCE',
      phase: 'before',
      args: ['item'],
      targeted: true,
    });
    expect(events.some((e: Rec) => e.category === 'GEO')).toBe(false);
  });

  it('creates, lists, updates, disables and deletes handlers and timers; DRAFT ones add a stub to the draft', async () => {
    const handler = await bl.createEventHandler(f.appId, {
      mode: 'DRAFT',
      category: 'PERSISTENCE',
      eventId: 100,
      target: 'Person',
      language: 'JS',
      model: 'default',
    });
    expect(handler).toMatchObject({
      mode: 'DRAFT',
      category: 'PERSISTENCE',
      eventId: 100,
      event: 'beforeCreate',
      target: 'Person',
      enabled: true,
      deployed: false,
    });
    const timer = await bl.createEventHandler(f.appId, {
      mode: 'DRAFT',
      category: 'TIMER',
      timername: 'tick',
      startDate: Date.now(),
      frequency: { schedule: 'custom', repeat: { every: 60 } },
    });
    expect(timer).toMatchObject({ category: 'TIMER', timername: 'tick', mode: 'DRAFT', enabled: true });

    const files = new FilesRepo(server().app.basalt.dbs);
    const key = { appId: f.appId, language: 'JS', model: 'default' };
    const stub = await files.get(key, 'draft', 'handlers/persistence/Person/beforeCreate.js');
    expect(stub?.content).toContain('Backendless.ServerCode.Persistence.beforeCreate("Person", async function (req)');
    expect((await files.get(key, 'draft', 'timers/tick.js'))?.content).toContain('addTimer');

    const listed = await bl.getEventHandlers(f.appId, ['DRAFT']);
    expect(listed.map((h: Rec) => h.id).sort()).toEqual([handler.id, timer.id].sort());
    expect(await bl.getEventHandlers(f.appId, ['PRODUCTION'])).toEqual([]);
    expect((await bl.getEventHandlers(f.appId)).length).toBe(2);

    const updated = await bl.updateEventHandler(f.appId, { ...handler, async: true, target: '*' });
    expect(updated).toMatchObject({ async: true, target: '*' });
    const state = await bl.changeHandlerState(f.appId, 'DRAFT', 'TIMER', timer.id, false);
    expect(state.enabled).toBe(false);
    const moved = await bl.updateEventHandler(f.appId, {
      ...timer,
      frequency: { schedule: 'daily', repeat: { every: 1 } },
    });
    expect(moved.frequency).toEqual({ schedule: 'daily', repeat: { every: 1 } });

    await bl.deleteEventHandler(f.appId, updated);
    await bl.deleteEventHandler(f.appId, timer);
    expect(await bl.getEventHandlers(f.appId)).toEqual([]);
  });

  it('reads MARKETPLACE as PRODUCTION with fromMarketplace, and accepts prod in the path', async () => {
    const made = await f.console('POST', '/servercode/prod/events', {
      eventId: 'persistence:afterFind',
      target: 'Person',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().mode).toBe('PRODUCTION');
    await server()
      .app.basalt.dbs.system.updateTable('cc_handlers' as never)
      .set({ mode: 'MARKETPLACE' } as never)
      .where('id' as never, '=', made.json().id as never)
      .execute();
    const [h] = await bl.getEventHandlers(f.appId, ['MARKETPLACE']);
    expect(h).toMatchObject({ id: made.json().id, mode: 'PRODUCTION', fromMarketplace: true });
    // The client sends it back with mode MARKETPLACE.
    const back = await bl.updateEventHandler(f.appId, { ...h, timeout: 2000 });
    expect(back).toMatchObject({ mode: 'PRODUCTION', fromMarketplace: true, timeout: 2000 });
    await bl.deleteEventHandler(f.appId, { ...h, mode: 'MARKETPLACE' });
  });

  it('stores and answers chain orders', async () => {
    const a = (await f.console('POST', '/servercode/production/events', { eventId: 100, model: 'a' })).json();
    const b = (await f.console('POST', '/servercode/production/events', { eventId: 100, model: 'b' })).json();
    const own = (await f.console('POST', '/servercode/production/events', { eventId: 100, target: 'Person' })).json();
    const chain = await bl.getHandlerInvocationChain(f.appId, 100, '*');
    expect(chain.handlers.map((h: Rec) => h.id)).toEqual([a.id, b.id]);
    const stored = await bl.updateHandlerInvocationChain(f.appId, 100, '*', { handlers: [b.id, a.id] });
    expect(stored.handlers.map((h: Rec) => h.id)).toEqual([b.id, a.id]);
    // Person's chain: its own handler first, then the * ones in the * order.
    const person = await bl.getHandlerInvocationChain(f.appId, 'beforeCreate', 'Person');
    expect(person.handlers.map((h: Rec) => h.id)).toEqual([own.id, b.id, a.id]);
    const bad = await f.console('PUT', '/servercode/chain/100/*', { handlers: ['nope'] });
    expect(bad.statusCode).toBe(400);
    for (const h of [a, b, own]) await f.console('DELETE', `/servercode/production/events/${h.id}`);
  });

  it('refuses bad input: unknown event, target or schedule 400, unknown handler 404', async () => {
    const post = (path: string, body: unknown) => f.console('POST', path, body);
    const codes = async (res: { statusCode: number; json(): any }) => [res.statusCode, res.json().code];
    expect(await codes(await post('/servercode/draft/events', { eventId: 99999 }))).toEqual([400, 'VALIDATION']);
    expect(await codes(await post('/servercode/draft/events', { eventId: 'beforeNothing' }))).toEqual([
      400,
      'VALIDATION',
    ]);
    expect(await codes(await post('/servercode/draft/events', { eventId: 100, target: 'NoSuchTable' }))).toEqual([
      400,
      'VALIDATION',
    ]);
    expect(await codes(await post('/servercode/draft/events', { eventId: 202, target: 'Person' }))).toEqual([
      400,
      'VALIDATION',
    ]);
    expect(await codes(await post('/servercode/draft/events', { eventId: 402 }))).toEqual([400, 'VALIDATION']);
    expect(
      await codes(
        await post('/servercode/draft/timers', { timername: 't1', frequency: { schedule: 'hourly', repeat: {} } }),
      ),
    ).toEqual([400, 'VALIDATION']);
    expect(
      await codes(await post('/servercode/draft/timers', { timername: 't1', frequency: { schedule: 'once' } })),
    ).toEqual([400, 'VALIDATION']);
    expect(
      await codes(
        await post('/servercode/draft/timers', {
          timername: '1bad',
          frequency: { schedule: 'custom', repeat: { every: 5 } },
        }),
      ),
    ).toEqual([400, 'VALIDATION']);
    expect(await codes(await post('/servercode/nomode/events', { eventId: 100 }))).toEqual([400, 'BAD_REQUEST']);
    expect((await post('/servercode/draft/things', { eventId: 100 })).statusCode).toBe(404);
    expect((await f.console('PUT', '/servercode/draft/events/nope/state', { enabled: false })).statusCode).toBe(404);
    expect((await f.console('DELETE', '/servercode/production/timers/nope')).statusCode).toBe(404);
    expect((await f.console('POST', '/servercode/production/timers/nope/run')).statusCode).toBe(404);
    expect((await f.console('GET', '/servercode/chain/99999/*')).statusCode).toBe(404);
    expect(await bl.getEventHandlers(f.appId, ['DRAFT'])).toEqual([]);
  });

  it('answers timer logs as {data, totalRows} with paging and filters', async () => {
    const db = server().app.basalt.dbs.system;
    for (let i = 0; i < 5; i++) {
      await db
        .insertInto('cc_timer_logs' as never)
        .values({
          id: `log${i}`,
          app_id: f.appId,
          timer_name: i < 3 ? 'a' : 'b',
          trigger: 'schedule',
          started_at: 1000 + i,
          duration_ms: 3,
          status: 'ok',
          error: null,
          log_excerpt: null,
        } as never)
        .execute();
    }
    const page = await bl.getTimerLogs(f.appId, { offset: 1, pageSize: 2 });
    expect(page.totalRows).toBe(5);
    expect(page.data.map((l: Rec) => l.id)).toEqual(['log3', 'log2']);
    const a = await bl.getTimerLogs(f.appId, { timer: 'a', fromDate: 1001 });
    expect(a).toMatchObject({ totalRows: 2 });
    expect(a.data[0]).toEqual({
      id: 'log2',
      timername: 'a',
      trigger: 'schedule',
      startedAt: 1002,
      durationMs: 3,
      status: 'ok',
      error: null,
    });
  });
});
