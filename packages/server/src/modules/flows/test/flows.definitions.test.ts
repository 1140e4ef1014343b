import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper } from '../../../test-helpers.js';
import { flowsFixture, orderFlow, type FlowsFixture } from './flows.test-helpers.js';

/** Flows and versions through the published 2.57.2 reference client's `automation` group. */
describeEachDb('flows: definitions and versions through backendless-console-sdk@2.57.2', (server) => {
  let x: FlowsFixture;
  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('saves the Order flow READY with its elements, lists it and reads it back', async () => {
    const { ref, f } = x;
    const v = await ref.automation.createFlow(f.appId, orderFlow());
    expect(v).toMatchObject({
      name: 'Order sizes',
      status: 'READY',
      validationErrors: [],
      versionNumber: 1,
      schedule: null,
    });
    expect(v.elements.map((e: { id: string }) => e.id)).toEqual(['start', 'check', 'big', 'small']);
    expect(v.elements[1].config).toEqual({ left: '{{ $trigger.total }}', operator: '>', right: 100 });
    expect(v.transitions).toHaveLength(3);
    expect(await ref.automation.getFlow(f.appId, v.id)).toEqual(v);
    const all = await ref.automation.getFlows(f.appId);
    expect(all.map((a: { id: string }) => a.id)).toContain(v.id);
    const pickers = await ref.automation.getFlowsWithElements(f.appId);
    expect(pickers.find((p: { id: string }) => p.id === v.id).elements[0]).toEqual({
      id: 'start',
      name: 'New order',
      type: 'trigger.data',
    });
    await expect(ref.automation.createFlow(f.appId, orderFlow())).rejects.toMatchObject({ status: 409 });
    await expect(ref.automation.getFlow(f.appId, 'no-such-version')).rejects.toMatchObject({ status: 404 });
  });

  it('saves a broken definition NOT_READY, naming each fault on its element', async () => {
    const { ref, f } = x;
    const v = await ref.automation.createFlow(f.appId, {
      name: 'Broken',
      elements: [
        { id: 't', name: 'Start', type: 'trigger.api', config: {} },
        { id: 'a', name: 'A', type: 'action.log', config: { level: 'INFO', message: 'a' } },
        { id: 'b', name: 'B', type: 'action.log', config: { level: 'INFO', message: '{{ $trigger. }}' } },
        { id: 'z', name: 'Z', type: 'action.teleport', config: {} },
        { id: 'w', name: 'Wait', type: 'control.delay', config: {} },
        'not even an object',
      ],
      transitions: [
        { from: 't', to: 'a', port: 'out' },
        { from: 'a', to: 'b', port: 'out' },
        { from: 'b', to: 'a', port: 'out' },
        { from: 'a', to: 'ghost', port: 'error' },
        { from: 't', to: 'w', port: 'yes' },
      ],
    });
    expect(v.status).toBe('NOT_READY');
    const on = (id: string | null) =>
      v.validationErrors
        .filter((e: { elementId: string | null }) => e.elementId === id)
        .map((e: { message: string }) => e.message)
        .join(' | ');
    expect(on('z')).toMatch(/Unknown element type 'action.teleport'/);
    expect(on('a')).toMatch(/'ghost', which is not an element/);
    expect(v.validationErrors.some((e: { message: string }) => /loop without a failsafe/.test(e.message))).toBe(true);
    expect(on('b')).toMatch(/field name is missing/);
    expect(on('w')).toMatch(/needs 'seconds'/);
    expect(on('t')).toMatch(/no 'yes' port/);
    expect(on('element-6')).toMatch(/needs a name/);
    // A NOT_READY version cannot go LIVE.
    await expect(ref.automation.enableFlow(f.appId, v.id)).rejects.toMatchObject({ status: 409 });
    // Fixed, it saves READY.
    const fixed = await ref.automation.updateFlow(f.appId, {
      id: v.id,
      elements: [{ id: 't', name: 'Start', type: 'trigger.api', config: {} }],
      transitions: [],
    });
    expect(fixed).toMatchObject({ status: 'READY', validationErrors: [] });
  });

  it('keeps one LIVE version per flow, refuses edits to it (409), pauses, terminates and clones', async () => {
    const { ref, f } = x;
    const v1 = await ref.automation.createFlow(f.appId, orderFlow('Lifecycle'));
    expect((await ref.automation.enableFlow(f.appId, v1.id)).status).toBe('LIVE');
    await expect(ref.automation.updateFlow(f.appId, { ...orderFlow('Lifecycle'), id: v1.id })).rejects.toMatchObject({
      status: 409,
    });
    await expect(ref.automation.updateFlowDescription(f.appId, v1.id, 'x')).rejects.toMatchObject({ status: 409 });
    await expect(ref.automation.deleteFlow(f.appId, v1.id)).rejects.toMatchObject({ status: 409 });
    await expect(ref.automation.deleteFlowsGroup(f.appId, v1.flowId)).rejects.toMatchObject({ status: 409 });

    const v2 = await ref.automation.createNewVersion(f.appId, v1.id);
    expect(v2).toMatchObject({ flowId: v1.flowId, versionNumber: 2, status: 'READY', elements: v1.elements });
    await expect(ref.automation.enableFlow(f.appId, v2.id)).rejects.toMatchObject({ status: 409 });

    expect((await ref.automation.pauseFlow(f.appId, v1.id)).status).toBe('PAUSED');
    await expect(ref.automation.pauseFlow(f.appId, v1.id)).rejects.toMatchObject({ status: 409 });
    expect((await ref.automation.enableFlow(f.appId, v1.id)).status).toBe('LIVE');
    expect((await ref.automation.terminateFlow(f.appId, v1.id)).status).toBe('READY');
    expect((await ref.automation.enableFlow(f.appId, v2.id)).status).toBe('LIVE');
    await ref.automation.terminateFlow(f.appId, v2.id);

    const described = await ref.automation.updateFlowDescription(f.appId, v1.id, 'Now editable again');
    expect(described.description).toBe('Now editable again');
    expect(await ref.automation.editFlowsGroupName(f.appId, v1.flowId, 'Lifecycle renamed')).toEqual({
      flowId: v1.flowId,
      name: 'Lifecycle renamed',
    });
    expect((await ref.automation.getFlow(f.appId, v2.id)).name).toBe('Lifecycle renamed');
    await ref.automation.deleteFlow(f.appId, v2.id);
    await expect(ref.automation.getFlow(f.appId, v2.id)).rejects.toMatchObject({ status: 404 });
    await ref.automation.deleteFlowsGroup(f.appId, v1.flowId);
    await expect(ref.automation.getFlow(f.appId, v1.id)).rejects.toMatchObject({ status: 404 });
  });

  it('exports a version and creates an equal flow and version from the JSON', async () => {
    const { ref, f } = x;
    const schedule = { note: 'kept with the version' };
    const v = await ref.automation.createFlow(f.appId, {
      name: 'Nightly',
      elements: [
        { id: 's', name: 'Every hour', type: 'trigger.schedule', config: { mode: 'interval', intervalSeconds: 3600 } },
        { id: 'l', name: 'Say', type: 'action.log', config: { level: 'INFO', message: 'tick {{ $now }}' } },
      ],
      transitions: [{ from: 's', to: 'l', port: 'out' }],
      schedule,
    });
    expect(v.status).toBe('READY');
    const exported = await ref.automation.exportFlowVersion(f.appId, v.id);
    expect(exported).toMatchObject({ format: 'basalt.flow', name: 'Nightly', schedule });
    const copy = await ref.automation.createFlowFromJSON(f.appId, exported);
    expect(copy.flowId).not.toBe(v.flowId);
    expect(copy.name).toBe('Nightly (2)');
    expect(copy.elements).toEqual(v.elements);
    expect(copy.transitions).toEqual(v.transitions);
    expect(copy.schedule).toEqual(schedule);
    // As a new version of the same flow (the client puts a version id where the path wants the flow's).
    const next = await ref.automation.importFlowVersion(f.appId, v.id, exported);
    expect(next).toMatchObject({ flowId: v.flowId, versionNumber: 2, elements: v.elements, schedule });
  });

  it("keeps each element's canvas position through save, clone and export, and drops a malformed one", async () => {
    const { ref, f } = x;
    const drawn = orderFlow('Drawn orders');
    const positions = [{ x: 40, y: 120.25 }, { x: 320, y: 120 }, 'left', { x: 'a', y: 3 }];
    const v = await ref.automation.createFlow(f.appId, {
      ...drawn,
      elements: drawn.elements.map((e, i) => ({ ...e, position: positions[i] })),
    });
    // The position is no config key and no validation fault: the version stays READY.
    expect(v.status).toBe('READY');
    expect(v.elements.map((e: { position?: unknown }) => e.position)).toEqual([
      { x: 40, y: 120.3 },
      { x: 320, y: 120 },
      undefined,
      undefined,
    ]);
    expect((await ref.automation.getFlow(f.appId, v.id)).elements[1].position).toEqual({ x: 320, y: 120 });
    const moved = await ref.automation.updateFlow(f.appId, {
      id: v.id,
      ...drawn,
      elements: drawn.elements.map((e) => ({ ...e, position: { x: 7, y: 9 } })),
    });
    expect(moved.elements.every((e: { position?: unknown }) => JSON.stringify(e.position) === '{"x":7,"y":9}')).toBe(
      true,
    );
    const clone = await ref.automation.createNewVersion(f.appId, v.id);
    expect(clone.elements).toEqual(moved.elements);
    const exported = await ref.automation.exportFlowVersion(f.appId, v.id);
    expect(exported.elements[0].position).toEqual({ x: 7, y: 9 });
  });

  it('enforces the flow developer permissions 117, 119 and 120 for a team member', async () => {
    const { ref, f } = x;
    const v = await ref.automation.createFlow(f.appId, orderFlow('Guarded'));
    const mate = await registerDeveloper(server());
    await f.console('POST', '/devteam', { email: mate.email });
    const deny = (operation: number) =>
      server().call('PUT', `/${f.appId}/console/devteam/${mate.id}/permissions`, {
        authKey: f.dev.authKey,
        body: [117, 119, 120].map((op) => ({ operation: op, access: op === operation ? 'DENY' : 'GRANT' })),
      });
    const as = (method: string, path: string, body?: unknown) =>
      server().call(method as 'GET', `/api/app/${f.appId}/automation${path}`, {
        authKey: mate.authKey,
        ...(body ? { body } : {}),
      });

    await deny(117);
    expect((await as('PUT', `/flow/version/${v.id}`, orderFlow('Guarded'))).statusCode).toBe(403);
    expect((await as('POST', '/flow/version', orderFlow('Other'))).statusCode).toBe(403);
    expect((await as('GET', `/flow/version/${v.id}`)).statusCode).toBe(200);
    await deny(119);
    expect((await as('PUT', `/flow/version/${v.id}`, orderFlow('Guarded'))).statusCode).toBe(200);
    const refused = await as('POST', `/flow/version/${v.id}/enable`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    await deny(120);
    expect((await as('GET', `/flow/version/${v.id}/export`)).statusCode).toBe(403);
    expect((await as('POST', `/flow/version/${v.id}/new-version`)).statusCode).toBe(403);
    expect((await as('POST', `/flow/version/${v.id}/enable`)).statusCode).toBe(200);
    await deny(0);
    expect((await as('GET', `/flow/version/${v.id}/export`)).statusCode).toBe(200);
  });
});
