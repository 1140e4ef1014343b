import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture, appSdk } from './flows.test-helpers.js';

type V = { id: string; flowId: string; validationErrors: unknown[] };

/**
 * Mid-flow waits (decision 0072): `control.waitForEvent` holds an instance until the app API
 * activates it — through the published `backendless` SDK's `Automations.activateFlowTrigger` (by
 * flow and trigger name) and `activateFlowTriggerById` (by ids, for any one, all, or one named
 * instance) — or until its timeout, which leaves through the `timeout` port.
 */
describeEachDb('flows: waits for an event', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const sdk = () => appSdk(x);
  const list = async (v: V) =>
    (await auto().getFlowInstances(x.f.appId, v.flowId, v.id, { pageSize: 100 })).data as Array<{
      executionId: string;
      status: string;
    }>;
  const info = (v: V, id: string, element: string) =>
    auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, id, element);
  const flow = async (name: string, wait: object) => {
    const v = (await auto().createFlow(x.f.appId, {
      name,
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'wait', name: 'Approval', type: 'control.waitForEvent', config: wait },
        {
          id: 'ok',
          name: 'Approved',
          type: 'action.log',
          config: { level: 'INFO', message: '{{ $results["Approval"].by }}' },
        },
        { id: 'late', name: 'Too late', type: 'action.log', config: { level: 'WARN', message: 'timed out' } },
      ],
      transitions: [
        { from: 'start', to: 'wait', port: 'out' },
        { from: 'wait', to: 'ok', port: 'out' },
        { from: 'wait', to: 'late', port: 'timeout' },
      ],
    })) as V;
    expect(v.validationErrors).toEqual([]);
    await auto().enableFlow(x.f.appId, v.id);
    return v;
  };
  const start = async (name: string) => (await sdk().Automations.activateFlow(name, {})).executionId as string;
  const waitingAll = (v: V, n: number) =>
    poll(
      () => list(v),
      (l) => l.length === n && l.every((i) => i.status === 'WAITING'),
    );

  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('names a bad activation and timeout on the element', async () => {
    const v = (await auto().createFlow(x.f.appId, {
      name: 'Bad wait',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'wait', name: 'W', type: 'control.waitForEvent', config: { activation: 'some', timeoutSeconds: 0 } },
      ],
      transitions: [{ from: 'start', to: 'wait', port: 'out' }],
    })) as V;
    expect(v.validationErrors).toEqual([
      { elementId: 'wait', message: expect.stringContaining('timeoutSeconds') },
      { elementId: 'wait', message: expect.stringContaining('activation') },
    ]);
  });

  it('resumes any one waiting instance by names, then all the others by ids, with the data', async () => {
    const v = await flow('Approvals', { timeoutSeconds: 600 });
    const ids = [await start('Approvals'), await start('Approvals'), await start('Approvals')];
    await waitingAll(v, 3);

    const one = await sdk().Automations.activateFlowTrigger('Approvals', 'Approval', { by: 'ann' });
    expect(one.executionIds).toEqual([ids[0]]);
    await poll(
      () => list(v),
      (l) => l.filter((i) => i.status === 'COMPLETED').length === 1,
    );
    expect(await info(v, ids[0], 'wait')).toMatchObject({ output: { by: 'ann' }, attempts: [{ status: 'SUCCEEDED' }] });
    expect((await info(v, ids[0], 'ok')).output).toMatchObject({ message: 'ann' });

    const all = await sdk().Automations.activateFlowTriggerById(v.flowId, 'wait', { by: 'bob' }, 'all');
    expect([...all.executionIds].sort()).toEqual([ids[1], ids[2]].sort());
    const done = await poll(
      () => list(v),
      (l) => l.every((i) => i.status === 'COMPLETED'),
    );
    expect(done.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    // Nobody waits any more: nothing to resume; an unknown wait is a 404.
    expect((await sdk().Automations.activateFlowTrigger('Approvals', 'Approval', {})).executionIds).toEqual([]);
    await expect(sdk().Automations.activateFlowTrigger('Approvals', 'Nope', {})).rejects.toMatchObject({ status: 404 });
    await auto().terminateFlow(x.f.appId, v.id);
  });

  it('resumes one named instance when the wait says one, and times out through the timeout port', async () => {
    const v = await flow('Named', { activation: 'one', timeoutSeconds: 2 });
    const a = await start('Named');
    const b = await start('Named');
    await waitingAll(v, 2);
    // 'one' needs the instance named.
    await expect(sdk().Automations.activateFlowTrigger('Named', 'Approval', {})).rejects.toMatchObject({ status: 400 });
    const named = await sdk().Automations.activateFlowTriggerById(v.flowId, 'Approval', { by: 'cy' }, b);
    expect(named.executionIds).toEqual([b]);
    const l = await poll(
      () => list(v),
      (r) => r.every((i) => i.status === 'COMPLETED'),
    );
    expect(l.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect((await info(v, b, 'ok')).output).toMatchObject({ message: 'cy' });
    expect(await info(v, a, 'wait')).toMatchObject({ output: { timedOut: true } });
    expect((await info(v, a, 'late')).attempts).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
    expect((await info(v, a, 'ok')).attempts).toEqual([]);
    // A finished instance is not waiting any more.
    await expect(sdk().Automations.activateFlowTriggerById(v.flowId, 'wait', {}, a)).rejects.toMatchObject({
      status: 409,
    });
    await auto().terminateFlow(x.f.appId, v.id);
  });
});
