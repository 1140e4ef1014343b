import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, startTestServer, type TestServer } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture } from './flows.test-helpers.js';

type V = { id: string; flowId: string; validationErrors: unknown[]; status: string };

/**
 * Triggers of decision 0072: data events through the app store's outbox (created, updated,
 * deleted, with a condition; nothing left behind; no outbox row for an app or table without
 * flows), schedules with calendars and time zones (validated on the element), user registration
 * and channel messages. Console calls through the 2.57.2 reference client.
 */
describeEachDb('flows: triggers', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const outboxRows = () => server().app.basalt.dbs.app(x.f.appId).selectFrom('_record_outbox').selectAll().execute();
  const instances = async (v: V) =>
    (await auto().getFlowInstances(x.f.appId, v.flowId, v.id, { pageSize: 100 })) as {
      data: Array<{ executionId: string; status: string }>;
      totalCount: number;
    };
  const initial = async (v: V, executionId: string) =>
    (await auto().getFlowInstanceInitialData(x.f.appId, v.flowId, v.id, executionId)).initialData;
  const enabled = async (name: string, trigger: object, more: object[] = [], transitions: object[] = []) => {
    const v = (await auto().createFlow(x.f.appId, {
      name,
      elements: [{ id: 'start', name: 'Start', ...trigger }, ...more],
      transitions,
    })) as V;
    expect(v.validationErrors).toEqual([]);
    await auto().enableFlow(x.f.appId, v.id);
    return v;
  };

  beforeAll(async () => {
    x = await flowsFixture(server());
    await x.f.table('Plain', [{ name: 'n', dataType: 'INT' }]);
  });

  it('writes no outbox row for an app or a table nobody watches', async () => {
    expect((await x.f.api('POST', '/data/Order', { body: { total: 5 } })).statusCode).toBe(200);
    expect(await outboxRows()).toEqual([]);
  });

  it('starts on updated and deleted records whose condition holds, one instance per event, and leaves the outbox empty', async () => {
    const upd = await enabled('On big update', {
      type: 'trigger.data',
      config: { table: 'Order', events: ['updated'], condition: '{{ $trigger.total > 100 }}' },
    });
    const del = await enabled('On delete', {
      type: 'trigger.data',
      config: {
        table: 'Order',
        events: ['deleted'],
        condition: { left: '{{ $trigger.status }}', operator: '=', right: 'gone' },
      },
    });
    const a = (await x.f.api('POST', '/data/Order', { body: { total: 10 } })).json();
    const b = (await x.f.api('POST', '/data/Order', { body: { total: 10 } })).json();
    // A table watched for updates and deletes writes no row for a create.
    expect(await outboxRows()).toEqual([]);
    await x.f.api('PUT', `/data/Order/${a.objectId}`, { body: { total: 50 } });
    await x.f.api('PUT', `/data/Order/${a.objectId}`, { body: { total: 500 } });
    await x.f.api('PUT', `/data/Order/${a.objectId}`, { body: { total: 600, status: 'gone' } });
    const updates = await poll(
      () => instances(upd),
      (r) => r.totalCount >= 2 && r.data.length >= 2 && r.data.every((i) => i.status === 'COMPLETED'),
    );
    expect(updates.data.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const totals = await Promise.all(updates.data.map(async (i) => (await initial(upd, i.executionId)).total));
    expect(totals.sort()).toEqual([500, 600]);

    await x.f.api('DELETE', `/data/Order/${b.objectId}`);
    await x.f.api('DELETE', `/data/Order/${a.objectId}`);
    const deletes = await poll(
      () => instances(del),
      (r) => r.totalCount >= 1 && r.data.length >= 1 && r.data.every((i) => i.status === 'COMPLETED'),
      // A loaded CI machine has taken more than the default 10 s here.
      20_000,
    );
    expect(deletes.data.map((i) => i.status)).toEqual(['COMPLETED']);
    // The deleted record as it was, not only its id.
    expect(await initial(del, deletes.data[0].executionId)).toMatchObject({
      objectId: a.objectId,
      total: 600,
      status: 'gone',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await instances(del)).totalCount).toBe(1);
    expect(await outboxRows()).toEqual([]);
    // A table with no data trigger still writes none.
    await x.f.api('POST', '/data/Plain', { body: { n: 1 } });
    expect(await outboxRows()).toEqual([]);
    await auto().terminateFlow(x.f.appId, upd.id);
    await auto().terminateFlow(x.f.appId, del.id);
    await x.f.api('POST', '/data/Order', { body: { total: 1 } });
    const o = (await x.f.api('POST', '/data/Order', { body: { total: 1 } })).json();
    await x.f.api('DELETE', `/data/Order/${o.objectId}`);
    expect(await outboxRows()).toEqual([]);
  }, 60_000);

  it('names a bad cron pattern, an unknown time zone and a weekly schedule without weekdays on the element', async () => {
    const v = (await auto().createFlow(x.f.appId, {
      name: 'Bad schedules',
      elements: [{ id: 's', name: 'S', type: 'trigger.schedule', config: { mode: 'cron', cron: '61 * * * *' } }],
      transitions: [],
    })) as V;
    expect(v.status).toBe('NOT_READY');
    expect(v.validationErrors).toEqual([{ elementId: 's', message: expect.stringMatching(/cron/i) }]);
    const tz = (await auto().updateFlow(x.f.appId, {
      id: v.id,
      elements: [{ id: 's', name: 'S', type: 'trigger.schedule', config: { mode: 'daily', timezone: 'Mars/Olympus' } }],
      transitions: [],
    })) as V;
    expect(tz.validationErrors).toEqual([{ elementId: 's', message: expect.stringContaining('Mars/Olympus') }]);
    const weekly = (await auto().updateFlow(x.f.appId, {
      id: v.id,
      elements: [{ id: 's', name: 'S', type: 'trigger.schedule', config: { mode: 'weekly' } }],
      transitions: [],
    })) as V;
    expect(weekly.validationErrors).toEqual([{ elementId: 's', message: expect.stringContaining('repeat.on') }]);
    for (const config of [
      { mode: 'daily', startAt: '2030-01-01T09:30:00Z', timezone: 'Europe/Berlin' },
      { mode: 'weekly', weekdays: [2, 4], every: 2, timezone: 'America/New_York' },
      { mode: 'monthly', days: [1, 15] },
      { mode: 'monthly', weekdays: [2], weeks: [5] },
      { mode: 'cron', cron: '0 9 * * MON-FRI', timezone: 'Asia/Tokyo' },
    ]) {
      const ok = (await auto().updateFlow(x.f.appId, {
        id: v.id,
        elements: [{ id: 's', name: 'S', type: 'trigger.schedule', config }],
        transitions: [],
      })) as V;
      expect([config, ok.validationErrors]).toEqual([config, []]);
    }
  });

  it('runs a cron schedule every second, one instance per slot', async () => {
    const v = await enabled('Every second', {
      type: 'trigger.schedule',
      config: { mode: 'cron', cron: '* * * * * *', timezone: 'Europe/Paris' },
    });
    const list = await poll(
      () => instances(v),
      (r) => r.totalCount >= 3 && r.data.length >= 3,
    );
    await auto().terminateFlow(x.f.appId, v.id);
    const slots = await Promise.all(
      list.data.map(async (i) => (await initial(v, i.executionId)).scheduledFor as number),
    );
    slots.sort((p, q) => p - q);
    expect(slots.every((s) => s % 1000 === 0)).toBe(true);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('starts on a user registration with the user (without the password) and on a message to a channel', async () => {
    const users = await enabled('Welcome', {
      type: 'trigger.userRegistered',
      config: { condition: "{{ $trigger.email != 'skip@example.com' }}" },
    });
    const chat = await enabled('On chat', {
      type: 'trigger.message',
      config: { channel: 'default', condition: '{{ $trigger.message.kind == "order" }}' },
    });
    for (const email of ['new@example.com', 'skip@example.com'])
      expect((await x.f.api('POST', '/users/register', { body: { email, password: 'secret123' } })).statusCode).toBe(
        200,
      );
    const welcomed = await poll(
      () => instances(users),
      (r) => r.totalCount >= 1 && r.data.length >= 1 && r.data.every((i) => i.status === 'COMPLETED'),
    );
    expect(welcomed.data.map((i) => i.status)).toEqual(['COMPLETED']);
    const user = await initial(users, welcomed.data[0].executionId);
    expect(user).toMatchObject({ email: 'new@example.com' });
    expect(user.password).toBeUndefined();

    for (const message of [{ kind: 'order', n: 1 }, { kind: 'chat' }])
      expect((await x.f.api('POST', '/messaging/default', { body: { message } })).statusCode).toBe(200);
    const heard = await poll(
      () => instances(chat),
      (r) => r.totalCount >= 1 && r.data.length >= 1 && r.data.every((i) => i.status === 'COMPLETED'),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await instances(chat)).data.map((i) => i.status)).toEqual(['COMPLETED']);
    expect(await initial(chat, heard.data[0].executionId)).toMatchObject({
      channel: 'default',
      message: { kind: 'order', n: 1 },
    });
    await auto().terminateFlow(x.f.appId, users.id);
    await auto().terminateFlow(x.f.appId, chat.id);
  });
});

/** Two server processes on one database share a schedule: each slot starts exactly one instance. */
describeEachDb('flows: a schedule shared by two servers', (server) => {
  let other: TestServer;
  let x: FlowsFixture;

  beforeAll(async () => {
    x = await flowsFixture(server());
    const c = server().config;
    other = await startTestServer(server().kind, { dataDir: c.dataDir, pgSchemaPrefix: c.pgSchemaPrefix });
    return async () => {
      // The first server's close drops the schemas; this one only closes.
      await other.app.close();
    };
  });

  it('starts one instance per slot with both servers polling', async () => {
    const auto = x.ref.automation;
    const v = (await auto.createFlow(x.f.appId, {
      name: 'Shared',
      elements: [{ id: 's', name: 'S', type: 'trigger.schedule', config: { mode: 'cron', cron: '* * * * * *' } }],
      transitions: [],
    })) as V;
    await auto.enableFlow(x.f.appId, v.id);
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 4_200));
    await auto.terminateFlow(x.f.appId, v.id);
    const list = await auto.getFlowInstances(x.f.appId, v.flowId, v.id, { pageSize: 100 });
    const slots: number[] = [];
    for (const i of list.data as Array<{ executionId: string }>)
      slots.push(
        (await auto.getFlowInstanceInitialData(x.f.appId, v.flowId, v.id, i.executionId)).initialData.scheduledFor,
      );
    slots.sort((p, q) => p - q);
    // Consecutive seconds, none twice, none skipped.
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.map((s) => s - slots[0])).toEqual(slots.map((_, i) => i * 1000));
    expect(slots[0]).toBeGreaterThanOrEqual(started - 1000);
    // Both processes took part in the schedule's runs (the job's last runner varies); at least the other one is polling.
    expect(other.app.basalt.jobs.node).not.toBe(server().app.basalt.jobs.node);
  });
});
