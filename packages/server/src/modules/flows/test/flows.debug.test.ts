import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, orderFlow, poll, type FlowsFixture, appSdk } from './flows.test-helpers.js';

/** Opens the console's flow debug stream watching one version; collects its `debug` events. */
async function watch(origin: string, auth: { authKey: string; appId: string; versionId: string }) {
  const socket: Socket = connect(`${origin}/automation`, {
    path: '/automation',
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    auth,
  });
  const events: Array<Record<string, any>> = [];
  socket.on('debug', (e: Record<string, any>) => events.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return { events, close: () => socket.disconnect() };
}

/**
 * Debugging flows (decision 0075) through the 2.57.2 reference client: sessions with forceStart,
 * running one element against mocked data (no instance, nothing in the analytics), a debug
 * instance streamed over socket.io and read back as history, kept out of the lists; learning mode
 * on a data trigger; and through the published `backendless` SDK, execution permissions per role
 * and user and the execution context read.
 */
describeEachDb('flows: debugging, learning and execution permissions', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const sdk = () => appSdk(x);

  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('opens one session at a time and runs one element against mocked trigger data, adding no instance', async () => {
    const v = await auto().createFlow(x.f.appId, orderFlow('Debugged orders'));
    const first = await auto().startDebugSession(x.f.appId, v.flowId, v.id);
    expect(first).toMatchObject({ sessionId: expect.any(String), versionId: v.id });
    expect(first.context).toEqual({ trigger: null, results: {}, variables: {} });
    await expect(auto().startDebugSession(x.f.appId, v.flowId, v.id)).rejects.toMatchObject({ status: 409 });
    const second = await auto().startDebugSession(x.f.appId, v.flowId, v.id, true);
    expect(second.sessionId).not.toBe(first.sessionId);
    // The first session was closed by the forced start: it runs nothing more.
    await expect(
      auto().runElementInDebugMode(x.f.appId, v.flowId, v.id, 'check', {}, first.sessionId),
    ).rejects.toMatchObject({ status: 409 });

    const mocked = { trigger: { objectId: 'mock-1', total: 150 }, variables: { seen: 1 } };
    expect(await auto().updateDebugExecutionContext(x.f.appId, v.flowId, v.id, mocked)).toEqual({
      ...mocked,
      results: {},
    });
    const yes = await auto().runElementInDebugMode(x.f.appId, v.flowId, v.id, 'check', {});
    expect(yes).toMatchObject({
      sessionId: second.sessionId,
      elementId: 'check',
      status: 'SUCCEEDED',
      input: { left: 150, operator: '>', right: 100 },
      output: { result: true },
      port: 'yes',
      error: null,
    });
    // The body's context mocks this run only; the result joins the session's context.
    const no = await auto().runElementInDebugMode(x.f.appId, v.flowId, v.id, 'check', {
      context: { trigger: { total: 5 } },
    });
    expect(no).toMatchObject({ output: { result: false }, port: 'no' });
    const context = await auto().loadDebugExecutionContext(x.f.appId, v.flowId, v.id);
    expect(context).toEqual({ ...mocked, results: { 'Is big': { result: false } } });
    // A failing element answers its error, not a 500 (no record 'mock-1' exists).
    const failed = await auto().runElementInDebugMode(x.f.appId, v.flowId, v.id, 'big', {});
    expect(failed).toMatchObject({ status: 'FAILED', output: null, port: null, error: { source: 'Mark big' } });

    const history = await auto().loadTestMonitorHistory(x.f.appId, v.flowId, v.id);
    expect(history.map((e: any) => [e.kind, e.elementId, e.status])).toEqual([
      ['element', 'check', 'SUCCEEDED'],
      ['element', 'check', 'SUCCEEDED'],
      ['element', 'big', 'FAILED'],
    ]);
    const results = await auto().getElementsResults(x.f.appId, v.flowId, v.id);
    expect(results.map((e: any) => [e.elementId, e.output])).toEqual([
      ['check', { result: false }],
      ['big', null],
    ]);
    // Nothing of it is an instance, so the analytics saw nothing.
    expect((await auto().getFlowInstances(x.f.appId, v.flowId, v.id, {})).totalCount).toBe(0);
    expect((await auto().getFlowVersionMetrics(x.f.appId, v.flowId, v.id)).instances.total).toBe(0);
    await expect(auto().runElementInDebugMode(x.f.appId, v.flowId, v.id, 'nope', {})).rejects.toMatchObject({
      status: 404,
    });

    await auto().clearTestMonitorHistory(x.f.appId, v.flowId, v.id);
    expect(await auto().loadTestMonitorHistory(x.f.appId, v.flowId, v.id)).toEqual([]);
    await auto().stopDebugSession(x.f.appId, v.flowId, v.id, second.sessionId);
    await expect(auto().loadDebugExecutionContext(x.f.appId, v.flowId, v.id)).rejects.toMatchObject({ status: 404 });
  });

  it('streams a debug instance over socket.io, reads the same history over HTTP, and keeps it out of the lists', async () => {
    const v = await auto().createFlow(x.f.appId, {
      name: 'Debug run',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'say', name: 'Say', type: 'action.log', config: { level: 'INFO', message: 'n={{ $initial.n }}' } },
        {
          id: 'done',
          name: 'Done',
          type: 'control.returnResult',
          config: { values: { twice: '{{ $initial.n * 2 }}' } },
        },
      ],
      transitions: [
        { from: 'start', to: 'say', port: 'out' },
        { from: 'say', to: 'done', port: 'out' },
      ],
    });
    // Someone without access to the app cannot watch it.
    await expect(watch(x.origin, { authKey: 'nobody', appId: x.f.appId, versionId: v.id })).rejects.toBeTruthy();
    const stream = await watch(x.origin, { authKey: x.f.dev.authKey, appId: x.f.appId, versionId: v.id });
    try {
      // No session open: the run opens one. The version is READY, not LIVE: debug runs need no enabling.
      const run = await auto().runDebugInstance(x.f.appId, v.flowId, v.id, { initialData: { n: 21 } });
      expect(run).toEqual({ executionId: expect.any(String), sessionId: expect.any(String) });
      const history = await poll(
        () => auto().loadTestMonitorHistory(x.f.appId, v.flowId, v.id, run.sessionId),
        (h: any[]) => h.some((e) => e.kind === 'instance' && e.status === 'COMPLETED'),
      );
      expect(history.map((e: any) => [e.kind, e.elementId, e.status])).toEqual([
        ['instance', null, 'STARTED'],
        ['step', 'start', 'SUCCEEDED'],
        ['step', 'say', 'SUCCEEDED'],
        ['step', 'done', 'SUCCEEDED'],
        ['instance', null, 'COMPLETED'],
      ]);
      expect(history[0].input).toEqual({ n: 21 });
      expect(history[3].output).toEqual({ twice: 42 });

      // The socket saw the same run as it happened, in order.
      const live = await poll(
        async () => stream.events,
        (e) => e.some((x) => x.type === 'instance.finished'),
      );
      expect(live.map((e) => [e.type, e.elementId ?? null])).toEqual([
        ['instance.started', null],
        ['step.finished', 'start'],
        ['step.finished', 'say'],
        ['step.finished', 'done'],
        ['instance.finished', null],
      ]);
      expect(
        live.every((e) => e.sessionId === run.sessionId && (e.executionId ?? run.executionId) === run.executionId),
      ).toBe(true);

      // Out of the lists and metrics unless asked for.
      expect((await auto().getFlowInstances(x.f.appId, v.flowId, v.id, {})).totalCount).toBe(0);
      expect((await auto().getFlowVersionMetrics(x.f.appId, v.flowId, v.id)).instances.total).toBe(0);
      const debugRuns = await auto().getFlowInstances(x.f.appId, v.flowId, v.id, { debug: true });
      expect(debugRuns.data.map((i: any) => [i.executionId, i.status])).toEqual([[run.executionId, 'COMPLETED']]);
      const details = await auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, run.executionId);
      expect(details).toMatchObject({ debugSessionId: run.sessionId, result: { twice: 42 } });
    } finally {
      stream.close();
    }

    // A debug run of a waiting flow is stopped by stopTriggerInDebugMode.
    const slow = await auto().createFlow(x.f.appId, {
      name: 'Debug wait',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 30 } },
      ],
      transitions: [{ from: 'start', to: 'wait', port: 'out' }],
    });
    const waiting = await auto().runDebugInstance(x.f.appId, slow.flowId, slow.id, {});
    await poll(
      () => auto().getFlowInstances(x.f.appId, slow.flowId, slow.id, { debug: true }),
      (r: any) => r.data[0]?.status === 'WAITING',
    );
    expect(await auto().stopTriggerInDebugMode(x.f.appId, slow.flowId, slow.id, 'start', waiting.sessionId)).toEqual({
      stopped: 1,
    });
    const after = await auto().getFlowInstances(x.f.appId, slow.flowId, slow.id, { debug: true });
    expect(after.data[0].status).toBe('STOPPED');
  });

  it('learns a data trigger’s payload and infers its schema', async () => {
    const v = await auto().createFlow(x.f.appId, orderFlow('Learning orders'));
    await expect(auto().startLearningMode(x.f.appId, v.flowId, v.id, 'check')).rejects.toMatchObject({ status: 400 });
    expect(await auto().startLearningMode(x.f.appId, v.flowId, v.id, 'start')).toMatchObject({
      elementId: 'start',
      status: 'LEARNING',
      sample: null,
    });
    await auto().enableFlow(x.f.appId, v.id);
    await x.f.api('POST', '/data/Order', { body: { total: 42, status: 'new' } });
    const learned = await poll(
      () => auto().getElementLearningResult(x.f.appId, v.flowId, v.id, 'start'),
      (r: any) => r.status === 'LEARNED',
    );
    expect(learned.sample).toMatchObject({ total: 42, status: 'new', objectId: expect.any(String) });
    expect(learned.schema.type).toBe('object');
    expect(learned.schema.properties.total).toEqual({ type: 'integer' });
    expect(learned.schema.properties.status).toEqual({ type: 'string' });
    // It stopped by itself: a second record changes nothing.
    await x.f.api('POST', '/data/Order', { body: { total: 7 } });
    await poll(
      () => auto().getFlowInstances(x.f.appId, v.flowId, v.id, {}),
      (r: any) => r.totalCount >= 2 && r.data.length >= 2,
    );
    expect((await auto().getElementLearningResult(x.f.appId, v.flowId, v.id, 'start')).sample.total).toBe(42);
    expect((await auto().getElementsLearningResults(x.f.appId, v.flowId, v.id)).map((r: any) => r.elementId)).toEqual([
      'start',
    ]);
    expect((await auto().stopLearningMode(x.f.appId, v.flowId, v.id, 'start')).status).toBe('LEARNED');
    await auto().terminateFlow(x.f.appId, v.id);
  });

  it('checks execution permissions per role and user on activation and on the execution context read', async () => {
    const v = await auto().createFlow(x.f.appId, {
      name: 'Guarded',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'done', name: 'Done', type: 'control.returnResult', config: { values: { got: '{{ $initial.n }}' } } },
      ],
      transitions: [{ from: 'start', to: 'done', port: 'out' }],
    });
    await auto().enableFlow(x.f.appId, v.id);
    const perms = (body?: object) =>
      server().call(body ? 'PUT' : 'GET', `/api/app/${x.f.appId}/automation/flow/${v.flowId}/permissions`, {
        authKey: x.f.dev.authKey,
        body,
      });
    expect((await perms()).json()).toEqual({ roles: [], users: [] });
    const user = await x.f.user();
    const denied = { roles: [{ role: 'NotAuthenticatedUser', access: 'DENY' }], users: [] };
    expect((await perms(denied)).json()).toEqual(denied);
    const refused = await x.f.api('POST', '/automation/flow/activate-by-name', { body: { name: 'Guarded' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: "You may not run flow 'Guarded'" });
    await expect(sdk().Automations.activateFlowById(v.flowId, { n: 1 })).rejects.toMatchObject({ status: 403 });
    // A signed-in user is not NotAuthenticatedUser: allowed.
    const ok = await x.f.api('POST', '/automation/flow/activate-by-name', {
      body: { name: 'Guarded', initialData: { n: 5 } },
      token: user.token,
    });
    expect(ok.statusCode).toBe(200);
    const { executionId } = ok.json();

    // The execution context through the published SDK.
    const api = sdk();
    const context = await poll(
      () => api.Automations.loadFlowExecutionContext(executionId).catch((e: unknown) => e),
      (c: any) => c.status === 'COMPLETED' || c.status === 403,
    );
    expect(context).toMatchObject({ status: 403 });
    await api.UserService.login(user.email, 'secret pass 1', true);
    const read = await api.Automations.loadFlowExecutionContext(executionId);
    expect(read).toMatchObject({
      executionId,
      flowId: v.flowId,
      versionId: v.id,
      status: 'COMPLETED',
      initialData: { n: 5 },
      results: { Done: { got: 5 } },
      result: { got: 5 },
    });

    // A rule for the user wins over the roles: this user is denied although signed in.
    await perms({ roles: [], users: [{ userId: user.objectId, access: 'DENY' }] });
    await expect(api.Automations.activateFlow('Guarded', {})).rejects.toMatchObject({ status: 403 });
    await expect(api.Automations.loadFlowExecutionContext('no-such-run')).rejects.toMatchObject({ status: 404 });
    // Bad rules are a 400 with {code, message}.
    const bad = await perms({ roles: [{ role: 'X', access: 'MAYBE' }], users: [] });
    expect(bad.statusCode).toBe(400);
    await auto().terminateFlow(x.f.appId, v.id);
  });
});
