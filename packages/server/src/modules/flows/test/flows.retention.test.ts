import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { RETENTION_JOB_ID } from '../retention.js';
import { flowsFixture, poll, type FlowsFixture } from './flows.test-helpers.js';

const DAY = 86_400_000;

/**
 * Retention of finished instances (decision 0072): the app's setting (default 30 days, Basalt's
 * own route), and the scheduled sweep removing COMPLETED/FAILED/STOPPED instances and their steps
 * older than it, never a waiting one.
 */
describeEachDb('flows: retention of finished instances', (server) => {
  let x: FlowsFixture;
  const settings = (method: 'GET' | 'PUT', body?: object) =>
    server().call(method, `/api/app/${x.f.appId}/automation/settings`, { authKey: x.f.dev.authKey, body });
  const db = () => server().app.basalt.dbs.system as unknown as Kysely<any>;

  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('keeps 30 days unless the app says otherwise, and refuses a bad number', async () => {
    expect((await settings('GET')).json()).toEqual({ retentionDays: 30 });
    expect((await settings('PUT', { retentionDays: 2 })).json()).toEqual({ retentionDays: 2 });
    expect((await settings('GET')).json()).toEqual({ retentionDays: 2 });
    const bad = await settings('PUT', { retentionDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
  });

  it('removes finished instances older than the setting with their steps; recent and waiting ones stay', async () => {
    const auto = x.ref.automation;
    const done = await auto.createFlow(x.f.appId, {
      name: 'Quick',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'log', name: 'Log', type: 'action.log', config: { level: 'INFO', message: 'hi' } },
      ],
      transitions: [{ from: 'start', to: 'log', port: 'out' }],
    });
    await auto.enableFlow(x.f.appId, done.id);
    const slow = await auto.createFlow(x.f.appId, {
      name: 'Slow',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 600 } },
      ],
      transitions: [{ from: 'start', to: 'wait', port: 'out' }],
    });
    await auto.enableFlow(x.f.appId, slow.id);
    const run = async (name: string) =>
      (await x.f.api('POST', '/automation/flow/activate-by-name', { body: { name } })).json().executionId as string;
    const ids = [await run('Quick'), await run('Quick'), await run('Quick')];
    const waiting = await run('Slow');
    const list = () => auto.getFlowInstances(x.f.appId, done.flowId, done.id, {});
    await poll(list, (r: any) => r.totalCount === 3 && r.data.every((i: any) => i.status === 'COMPLETED'));
    await poll(
      () => auto.getFlowInstances(x.f.appId, slow.flowId, slow.id, {}),
      (r: any) => r.data[0]?.status === 'WAITING',
    );
    // Two finished three days ago, one a day ago; the waiting one started long ago.
    const now = Date.now();
    await db()
      .updateTable('flow_instances')
      .set({ finished_at: now - 3 * DAY })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    await db()
      .updateTable('flow_instances')
      .set({ finished_at: now - DAY })
      .where('id', '=', ids[2])
      .execute();
    await db()
      .updateTable('flow_instances')
      .set({ started_at: now - 40 * DAY })
      .where('id', '=', waiting)
      .execute();
    const steps = async (id: string) =>
      (await db().selectFrom('flow_steps').select('seq').where('instance_id', '=', id).execute()).length;
    expect(await steps(ids[0])).toBe(2);

    // The scheduled sweep, made due now.
    const jobs = server().app.basalt.jobs;
    expect(await jobs.repo.requeue(RETENTION_JOB_ID, Date.now())).toBe(true);
    jobs.wake();
    const after = await poll(list, (r: any) => r.totalCount === 1);
    expect(after.data.map((i: any) => i.executionId)).toEqual([ids[2]]);
    expect(await steps(ids[0])).toBe(0);
    expect(await steps(ids[2])).toBe(2);
    const still = await auto.getFlowInstances(x.f.appId, slow.flowId, slow.id, {});
    expect(still.data.map((i: any) => [i.executionId, i.status])).toEqual([[waiting, 'WAITING']]);
    await auto.terminateFlow(x.f.appId, slow.id);
  });
});
