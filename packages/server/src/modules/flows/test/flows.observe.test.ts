import http from 'node:http';
import Backendless from 'backendless';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture } from './flows.test-helpers.js';

/** A local HTTP server that always answers 500 (the flow's HTTP step fails into its error port). */
async function failingServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Watching flows (decision 0075) through the 2.57.2 reference client: the instance list and
 * element info in their fixed shapes, version and step metrics over a date range, the errors an
 * error handler saw, log lines kept by the flow's level and filtered, the definition an instance
 * ran, and cleaning a version's analytics.
 */
describeEachDb(
  'flows: instances, metrics and logs through the reference client',
  (server) => {
    let x: FlowsFixture;
    let down: Awaited<ReturnType<typeof failingServer>>;
    const auto = () => x.ref.automation;
    const sdk = () =>
      Backendless.initApp({
        serverURL: x.origin,
        appId: x.f.appId,
        apiKey: x.f.keys.JS,
        standalone: true,
      } as never) as any;
    const instances = (v: { flowId: string; id: string }, body: object = {}) =>
      auto().getFlowInstances(x.f.appId, v.flowId, v.id, body) as Promise<{ data: any[]; totalCount: number }>;
    const finished = (v: { flowId: string; id: string }, n: number) =>
      poll(
        () => instances(v),
        (r) =>
          r.totalCount >= n &&
          r.data.length >= n &&
          r.data.every((i) => ['COMPLETED', 'FAILED', 'STOPPED'].includes(i.status)),
      );

    beforeAll(async () => {
      x = await flowsFixture(server());
      down = await failingServer();
      return () => down.close();
    });

    it('lists instances and element info in the issue’s exact shapes, with metrics, errors, logs and history', async () => {
      const v = await auto().createFlow(x.f.appId, {
        name: 'Watched',
        elements: [
          { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
          {
            id: 'note',
            name: 'Note',
            type: 'action.log',
            config: { level: 'DEBUG', message: 'debug {{ $initial.n }}' },
          },
          { id: 'say', name: 'Say', type: 'action.log', config: { level: 'INFO', message: 'n is {{ $initial.n }}' } },
          { id: 'call', name: 'Call hook', type: 'action.http', config: { url: down.url, method: 'POST' } },
          {
            id: 'handle',
            name: 'Handle',
            type: 'action.log',
            config: { level: 'WARN', message: 'failed {{ $error.code }}' },
          },
        ],
        transitions: [
          { from: 'start', to: 'note', port: 'out' },
          { from: 'note', to: 'say', port: 'out' },
          { from: 'say', to: 'call', port: 'out' },
          { from: 'call', to: 'handle', port: 'error' },
        ],
      });
      expect(v.validationErrors).toEqual([]);
      await auto().enableFlow(x.f.appId, v.id);
      const before = Date.now();
      for (const n of [1, 2, 3]) await sdk().Automations.activateFlow('Watched', { n });
      const list = await finished(v, 3);

      // The list and the element info, exactly as issue 19 fixes them, through the 2.57.2 client.
      expect(list.totalCount).toBe(3);
      for (const i of list.data)
        expect(i).toEqual({
          executionId: expect.any(String),
          status: 'COMPLETED',
          startedAt: expect.any(Number),
          finishedAt: expect.any(Number),
        });
      const id = list.data[0].executionId;
      const call = await auto().getElementExecutionInfo(x.f.appId, v.flowId, v.id, id, 'call');
      expect(call).toEqual({
        input: { url: down.url, method: 'POST' },
        output: null,
        attempts: [
          {
            status: 'FAILED',
            startedAt: expect.any(Number),
            finishedAt: expect.any(Number),
            error: { code: 'HTTP_500', message: expect.any(String), source: 'Call hook' },
          },
        ],
      });
      // Paging and a date range on the list.
      expect((await instances(v, { pageSize: 2, offset: 2 })).data).toHaveLength(1);
      expect((await instances(v, { fromDate: Date.now() + 60_000 })).totalCount).toBe(0);
      expect((await instances(v, { fromDate: before - 1, toDate: Date.now() + 1 })).totalCount).toBe(3);

      // Version metrics: counts by status and duration percentiles; an empty range has none.
      const m = await auto().getFlowVersionMetrics(x.f.appId, v.flowId, v.id, before - 1, Date.now() + 1);
      expect(m.instances).toEqual({ total: 3, running: 0, waiting: 0, completed: 3, failed: 0, stopped: 0 });
      expect(m.durationMs.p50).toBeLessThanOrEqual(m.durationMs.p95);
      expect(m.durationMs.p95).toBeLessThanOrEqual(m.durationMs.max);
      const none = await auto().getFlowVersionMetrics(x.f.appId, v.flowId, v.id, Date.now() + 60_000);
      expect(none).toMatchObject({ instances: { total: 0 }, durationMs: null });

      // Step metrics per element: the HTTP step failed every time, the log steps never did.
      const steps = await auto().getFlowStepsMetrics(x.f.appId, v.flowId, v.id);
      const byId = Object.fromEntries(steps.map((s: { elementId: string }) => [s.elementId, s]));
      expect(byId.call).toMatchObject({ elementName: 'Call hook', executions: 3, succeeded: 0, failed: 3 });
      expect(byId.say).toMatchObject({ executions: 3, succeeded: 3, failed: 0 });
      expect(Object.keys(byId).sort()).toEqual(['call', 'handle', 'note', 'say', 'start']);

      // The error handler saw three HTTP_500 errors of 'Call hook'.
      const errors = await auto().loadErrorHandlerAnalytics(x.f.appId, v.flowId, v.id, 'handle');
      expect(errors.totalCount).toBe(3);
      expect(errors.data[0]).toMatchObject({ elementId: 'call', error: { code: 'HTTP_500', source: 'Call hook' } });
      expect((await auto().loadErrorHandlerAnalytics(x.f.appId, v.flowId, v.id, 'say')).totalCount).toBe(0);

      // Logs: the flow's level is INFO by default, so the DEBUG lines were never kept.
      expect(await auto().getFlowLogsLevel(x.f.appId, v.flowId)).toEqual({ level: 'INFO' });
      const logs = await auto().loadFlowLogs(x.f.appId, v.id, {});
      expect(logs.totalCount).toBe(6);
      expect(logs.data.map((l: { level: string }) => l.level).sort()).toEqual([
        'INFO',
        'INFO',
        'INFO',
        'WARN',
        'WARN',
        'WARN',
      ]);
      const warn = await auto().loadFlowLogs(x.f.appId, v.id, { filters: { level: 'warn' }, pagination: { limit: 2 } });
      expect(warn.totalCount).toBe(3);
      expect(warn.data).toHaveLength(2);
      expect(warn.data[0]).toEqual({
        id: expect.any(String),
        timestamp: expect.any(Number),
        level: 'WARN',
        executionId: expect.any(String),
        elementId: 'handle',
        message: 'failed HTTP_500',
      });
      const one = await auto().loadFlowLogs(x.f.appId, v.id, { filters: { executionId: id } });
      expect(one.data.every((l: { executionId: string }) => l.executionId === id)).toBe(true);
      expect(one.totalCount).toBe(2);
      // DEBUG from now on: the next run keeps its debug line.
      expect(await auto().updateFlowLogsLevel(x.f.appId, v.flowId, { level: 'debug' })).toEqual({ level: 'DEBUG' });
      await sdk().Automations.activateFlow('Watched', { n: 4 });
      await finished(v, 4);
      const debug = await auto().loadFlowLogs(x.f.appId, v.id, { filters: { level: 'DEBUG', elementId: 'note' } });
      expect(debug.data.map((l: { message: string }) => l.message)).toEqual(['debug 4']);
      await expect(auto().updateFlowLogsLevel(x.f.appId, v.flowId, { level: 'LOUD' })).rejects.toMatchObject({
        status: 400,
      });
      await expect(auto().loadFlowLogs(x.f.appId, v.id, { filters: { level: 'LOUD' } })).rejects.toMatchObject({
        status: 400,
      });

      // The definition the instance ran, by the config id its details name.
      const details = await auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, id);
      expect(details.debugSessionId).toBeNull();
      const config = await auto().getFlowHistoricalConfig(x.f.appId, v.flowId, v.id, details.configId);
      expect(config).toMatchObject({ configId: details.configId, versionId: v.id });
      expect(config.elements).toEqual(v.elements);
      expect(config.transitions).toEqual(v.transitions);
      await expect(auto().getFlowHistoricalConfig(x.f.appId, v.flowId, v.id, 'nope')).rejects.toMatchObject({
        status: 404,
      });
      // A version named under another flow is a 404, not another flow's data.
      await expect(auto().getFlowVersionMetrics(x.f.appId, 'other-flow', v.id)).rejects.toMatchObject({ status: 404 });

      // Cleaning removes the finished instances with their steps and logs.
      expect(await auto().cleanFlowVersionAnalytics(x.f.appId, v.flowId, v.id)).toEqual({ deleted: 4 });
      expect((await instances(v)).totalCount).toBe(0);
      expect((await auto().loadFlowLogs(x.f.appId, v.id, {})).totalCount).toBe(0);
      expect((await auto().getFlowStepsMetrics(x.f.appId, v.flowId, v.id)).length).toBe(0);
      await auto().terminateFlow(x.f.appId, v.id);
    });
  },
  { remoteFetchPrivate: true },
);
