import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture } from './flows.test-helpers.js';

/**
 * Elements the engine suite does not walk: find records, log, return result; and the outbound
 * guard, which refuses an HTTP step to a private address on a server that does not allow them.
 */
describeEachDb('flows: find, log, return result and the outbound guard', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const run = async (name: string, elements: object[], transitions: object[], data: object) => {
    const v = await auto().createFlow(x.f.appId, {
      name,
      elements: [{ id: 'start', name: 'Called', type: 'trigger.api', config: {} }, ...elements],
      transitions,
    });
    expect(v.validationErrors).toEqual([]);
    await auto().enableFlow(x.f.appId, v.id);
    const res = await x.f.api('POST', '/automation/flow/activate-by-name', { body: { name, initialData: data } });
    expect(res.statusCode).toBe(200);
    const { executionId } = res.json();
    await poll(
      () => auto().getFlowInstances(x.f.appId, v.flowId, v.id, {}),
      (r: any) => ['COMPLETED', 'FAILED'].includes(r.data[0]?.status),
    );
    return auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, executionId);
  };

  beforeAll(async () => {
    x = await flowsFixture(server());
    await x.f.api('POST', '/data/bulk/Order', { body: [{ total: 5 }, { total: 50 }, { total: 500 }] });
  });

  it('finds records, logs and returns a result built from them', async () => {
    const done = await run(
      'Report',
      [
        {
          id: 'find',
          name: 'Big orders',
          type: 'action.findRecords',
          config: { table: 'Order', where: 'total > {{ $initial.min }}', pageSize: 10 },
        },
        {
          id: 'log',
          name: 'Say',
          type: 'action.log',
          config: { level: 'INFO', message: '{{ $results["Big orders"].length }} found' },
        },
        {
          id: 'end',
          name: 'Answer',
          type: 'control.returnResult',
          config: {
            values: { count: '{{ $results["Big orders"].length }}', first: '{{ $results["Big orders"][0].total }}' },
          },
        },
      ],
      [
        { from: 'start', to: 'find', port: 'out' },
        { from: 'find', to: 'log', port: 'out' },
        { from: 'log', to: 'end', port: 'out' },
      ],
      { min: 10 },
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result.count).toBe(2);
    expect([50, 500]).toContain(done.result.first);
    expect(done.steps.map((s: { elementId: string }) => s.elementId)).toEqual(['start', 'find', 'log', 'end']);
  });

  it('refuses an HTTP step to a private address unless the server allows them', async () => {
    const done = await run(
      'Inside',
      [
        {
          id: 'call',
          name: 'Call inside',
          type: 'action.http',
          config: { url: 'http://127.0.0.1:1/admin', method: 'GET' },
        },
      ],
      [{ from: 'start', to: 'call', port: 'out' }],
      {},
    );
    expect(done).toMatchObject({ status: 'FAILED', error: { code: 'EPRIVATE', source: 'Call inside' } });
  });
});
