import http from 'node:http';
import Backendless from 'backendless';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, orderFlow, poll, type FlowsFixture } from './flows.test-helpers.js';

/** A local HTTP server answering the statuses in `plan` in turn (the last one from then on). */
async function stubServer(plan: number[]) {
  const seen: Array<{ key: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    seen.push({ key: req.headers['idempotency-key'] as string | undefined });
    const status = plan[Math.min(seen.length - 1, plan.length - 1)];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ call: seen.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, seen, close: () => new Promise((r) => server.close(r)) };
}

/**
 * The engine end to end: data, API and schedule triggers starting real instances, steps written
 * through the data service, retries, the error port, stop, and what the instance analytics read.
 * Console calls through the 2.57.2 reference client, activations through the published
 * `backendless` SDK. Private addresses are allowed here so HTTP steps can reach 127.0.0.1.
 */
describeEachDb(
  'flows: the engine through the reference clients',
  (server) => {
    let x: FlowsFixture;
    const auto = () => x.ref.automation;
    const sdk = () =>
      Backendless.initApp({
        serverURL: x.origin,
        appId: x.f.appId,
        apiKey: x.f.keys.JS,
        standalone: true,
      } as never) as any;
    const records = async (table: string, where?: string) => {
      const res = await x.f.api(
        'GET',
        `/data/${table}?pageSize=100${where ? `&where=${encodeURIComponent(where)}` : ''}`,
      );
      return res.statusCode === 200 ? (res.json() as Array<Record<string, any>>) : [];
    };
    const instances = (v: { flowId: string; id: string }, body: object = {}) =>
      auto().getFlowInstances(x.f.appId, v.flowId, v.id, body) as Promise<{ data: any[]; totalCount: number }>;
    const finished = (v: { flowId: string; id: string }, n: number) =>
      poll(
        () => instances(v),
        (r) => r.data.length >= n && r.data.every((i) => ['COMPLETED', 'FAILED', 'STOPPED'].includes(i.status)),
      );
    const apiFlow = async (name: string, elements: object[], transitions: object[]) => {
      const v = await auto().createFlow(x.f.appId, {
        name,
        elements: [{ id: 'start', name: 'Called', type: 'trigger.api', config: {} }, ...elements],
        transitions,
      });
      expect(v.validationErrors).toEqual([]);
      return auto().enableFlow(x.f.appId, v.id);
    };

    beforeAll(async () => {
      x = await flowsFixture(server());
    });

    it('runs the Order flow: a created {total: 150} becomes big with exactly one COMPLETED instance', async () => {
      const v = await auto().createFlow(x.f.appId, orderFlow());
      expect(v.status).toBe('READY');
      await auto().enableFlow(x.f.appId, v.id);
      const created = (await x.f.api('POST', '/data/Order', { body: { total: 150 } })).json();
      const list = await finished(v, 1);
      expect(list.totalCount).toBe(1);
      expect(list.data[0]).toMatchObject({ status: 'COMPLETED' });
      expect(typeof list.data[0].finishedAt).toBe('number');
      const [order] = await records('Order', `objectId = '${created.objectId}'`);
      expect(order.status).toBe('big');
      const id = list.data[0].executionId;
      const check = await auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, id, 'check');
      expect(check).toMatchObject({ input: { left: 150, operator: '>', right: 100 }, output: { result: true } });
      expect(check.attempts).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
      const small = await auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, id, 'small');
      expect(small).toEqual({ input: null, output: null, attempts: [] });
      const details = await auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, id);
      expect(details.steps.map((s: { elementId: string }) => s.elementId)).toEqual(['start', 'check', 'big']);
      expect(await auto().countFlowInstances(x.f.appId, v.flowId, v.id, { status: 'completed' })).toBe(1);

      // 20 records by bulk create: 20 instances, one per record, all small.
      const bulk = await x.f.api('POST', '/data/bulk/Order', {
        body: Array.from({ length: 20 }, (_, i) => ({ total: i + 1 })),
      });
      expect(bulk.statusCode).toBe(200);
      const all = await finished(v, 21);
      expect(all.totalCount).toBe(21);
      expect(all.data.every((i) => i.status === 'COMPLETED')).toBe(true);
      expect((await records('Order', "status = 'small'")).length).toBe(20);

      // Paused: a record created meanwhile starts nothing.
      await auto().pauseFlow(x.f.appId, v.id);
      await x.f.api('POST', '/data/Order', { body: { total: 500 } });
      await new Promise((r) => setTimeout(r, 1500));
      expect((await instances(v)).totalCount).toBe(21);
      expect((await records('Order', 'total = 500'))[0].status ?? null).toBeNull();
      await auto().terminateFlow(x.f.appId, v.id);
    });

    it('activates an API flow by name through the backendless SDK: waits out a delay, then creates the record', async () => {
      await x.f.table('Note', [{ name: 'n', dataType: 'INT' }]);
      const v = await apiFlow(
        'Delayed note',
        [
          { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 2 } },
          {
            id: 'make',
            name: 'Make note',
            type: 'action.createRecord',
            config: { table: 'Note', values: { n: '{{ $initial.n }}' } },
          },
        ],
        [
          { from: 'start', to: 'wait', port: 'out' },
          { from: 'wait', to: 'make', port: 'out' },
        ],
      );
      const { executionId } = await sdk().Automations.activateFlow('Delayed note', { n: 1 });
      expect(typeof executionId).toBe('string');
      const early = await poll(
        () => instances(v),
        (r) => r.data[0]?.status === 'WAITING',
        1500,
      );
      expect(early.data[0]).toMatchObject({ executionId, status: 'WAITING' });
      expect(await records('Note')).toEqual([]);
      const done = await poll(
        () => instances(v),
        (r) => r.data[0]?.status === 'COMPLETED',
      );
      expect(done.data[0].status).toBe('COMPLETED');
      const notes = await records('Note');
      expect(notes.map((n) => n.n)).toEqual([1]);
      expect(await auto().getFlowInstanceInitialData(x.f.appId, v.flowId, v.id, executionId)).toEqual({
        initialData: { n: 1 },
        staticData: {},
      });
      const wait = await auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, executionId, 'wait');
      expect(wait.attempts[0].finishedAt - wait.attempts[0].startedAt).toBeGreaterThanOrEqual(2000);
      // By id too; an unknown name is a 404 {code, message}.
      expect(typeof (await sdk().Automations.activateFlowById(v.flowId, { n: 2 })).executionId).toBe('string');
      await expect(sdk().Automations.activateFlow('No such flow', {})).rejects.toMatchObject({ status: 404 });
      await auto().terminateFlow(x.f.appId, v.id);
    });

    it('stops an instance waiting 30 s: STOPPED at once, and no record is ever made', async () => {
      await x.f.table('Late', [{ name: 'n', dataType: 'INT' }]);
      const v = await apiFlow(
        'Long wait',
        [
          { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 30 } },
          { id: 'make', name: 'Make', type: 'action.createRecord', config: { table: 'Late', values: { n: 1 } } },
        ],
        [
          { from: 'start', to: 'wait', port: 'out' },
          { from: 'wait', to: 'make', port: 'out' },
        ],
      );
      const { executionId } = await sdk().Automations.activateFlow('Long wait', {});
      await poll(
        () => instances(v),
        (r) => r.data[0]?.status === 'WAITING',
      );
      const stopped = await auto().stopFlowInstanceExecution(x.f.appId, v.flowId, v.id, executionId);
      expect(stopped).toMatchObject({ executionId, status: 'STOPPED' });
      expect((await instances(v, { status: 'stopped' })).totalCount).toBe(1);
      expect((await auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, executionId, 'make')).attempts).toEqual(
        [],
      );
      expect(await records('Late')).toEqual([]);
      await auto().terminateFlow(x.f.appId, v.id);
    });

    it('retries an HTTP step with backoff (500, 500, 200) and sends failures to the error port', async () => {
      const flaky = await stubServer([500, 500, 200]);
      const down = await stubServer([500]);
      try {
        await x.f.table('ErrorLog', [{ name: 'code', dataType: 'STRING' }]);
        const call = (url: string) => ({
          id: 'call',
          name: 'Call hook',
          type: 'action.http',
          config: { url, method: 'POST', body: { n: '{{ $initial.n }}' }, retry: { count: 2, delayMs: 100 } },
        });
        const ok = await apiFlow('Flaky hook', [call(flaky.url)], [{ from: 'start', to: 'call', port: 'out' }]);
        const { executionId } = await sdk().Automations.activateFlow('Flaky hook', { n: 7 });
        const done = await finished(ok, 1);
        expect(done.data[0].status).toBe('COMPLETED');
        const info = await auto().getElementExecutionInfo(x.f.appId, ok.flowId, ok.id, executionId, 'call');
        expect(info.attempts.map((a: { status: string }) => a.status)).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
        expect(info.attempts[0].error).toMatchObject({ code: 'HTTP_500', source: 'Call hook' });
        expect(info.output).toMatchObject({ status: 200, body: { call: 3 } });
        expect(flaky.seen).toHaveLength(3);

        const handled = await apiFlow(
          'Down hook',
          [
            call(down.url),
            {
              id: 'handle',
              name: 'Record error',
              type: 'action.createRecord',
              config: { table: 'ErrorLog', values: { code: '{{ $error.code }}:{{ $error.source }}' } },
            },
          ],
          [
            { from: 'start', to: 'call', port: 'out' },
            { from: 'call', to: 'handle', port: 'error' },
          ],
        );
        await sdk().Automations.activateFlow('Down hook', {});
        expect((await finished(handled, 1)).data[0].status).toBe('COMPLETED');
        expect((await records('ErrorLog')).map((r) => r.code)).toEqual(['HTTP_500:Call hook']);

        // Without a handler the instance fails, naming the element.
        const bare = await apiFlow('Down bare', [call(down.url)], [{ from: 'start', to: 'call', port: 'out' }]);
        await sdk().Automations.activateFlow('Down bare', {});
        const failed = await finished(bare, 1);
        expect(failed.data[0]).toMatchObject({ status: 'FAILED', error: { code: 'HTTP_500', source: 'Call hook' } });
      } finally {
        await flaky.close();
        await down.close();
      }
    });

    it('starts a scheduled flow once at its time', async () => {
      await x.f.table('Tick', [{ name: 'n', dataType: 'INT' }]);
      const v = await auto().createFlow(x.f.appId, {
        name: 'Soon',
        elements: [
          { id: 's', name: 'Soon', type: 'trigger.schedule', config: { mode: 'once', startAt: Date.now() + 1000 } },
          { id: 'm', name: 'Tick', type: 'action.createRecord', config: { table: 'Tick', values: { n: 1 } } },
        ],
        transitions: [{ from: 's', to: 'm', port: 'out' }],
      });
      await auto().enableFlow(x.f.appId, v.id);
      const done = await finished(v, 1);
      expect(done.data.map((i) => i.status)).toEqual(['COMPLETED']);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await instances(v)).totalCount).toBe(1);
      expect((await records('Tick')).length).toBe(1);
      await auto().terminateFlow(x.f.appId, v.id);
    });
  },
  { remoteFetchPrivate: true },
);
