import { expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { logOf } from './audit.test-helpers.js';

describeEachDb('HIPAA compliance', (server) => {
  it('is off by default; switching it needs operation 114; the console reads the state', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
      authKey: owner.authKey,
      body: [{ operation: 114, access: 'DENY' }],
    });

    const initial = await server().call('GET', `/${appId}/console/compliance/hipaa`, { authKey: mate.authKey });
    expect(initial.json()).toEqual({ enabled: false, changed: null, changedBy: null });
    expect(
      (await server().call('PUT', `/${appId}/console/compliance/hipaa/enable`, { authKey: mate.authKey })).statusCode,
    ).toBe(403);

    const on = await server().call('PUT', `/${appId}/console/compliance/hipaa/enable`, { authKey: owner.authKey });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, changedBy: owner.id });
    expect(
      (await server().call('GET', `/${appId}/console/compliance/hipaa`, { authKey: mate.authKey })).json().enabled,
    ).toBe(true);
    const off = await server().call('PUT', `/${appId}/console/compliance/hipaa/disable`, { authKey: owner.authKey });
    expect(off.json().enabled).toBe(false);
    const log = await logOf(server(), owner, appId, '?action=security.activateHIPAACompliance', (d) => d.length >= 1);
    expect(log.totalRows).toBe(1);
  });

  it('records app API data reads only while compliance is on', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const bus = server().app.basalt.bus;
    const reads = () => logOf(server(), owner, appId, '?action=appapi.read');

    bus.emit('appapi.read', { appId, userId: 'U1', table: 'Patient', count: 3 });
    await new Promise((r) => setTimeout(r, 200));
    expect((await reads()).totalRows).toBe(0);

    await server().call('PUT', `/${appId}/console/compliance/hipaa/enable`, { authKey: owner.authKey });
    bus.emit('appapi.read', { appId, userId: 'U1', table: 'Patient', count: 3 });
    bus.emit('appapi.read', { appId, userId: null, table: 'Patient', objectId: 'P9', count: 1 });
    bus.emit('appapi.read', { appId, userId: null, table: '=HYPERLINK("x")', count: 1 });
    const log = await logOf(server(), owner, appId, '?action=appapi.read', (d) => d.length >= 3);
    expect(log.data.map((e) => [e.actor, e.target, e.summary, e.developerId]).sort()).toEqual(
      [
        ['user:U1', 'Patient', 'Read 3 records of Patient', null],
        ['anonymous', '=HYPERLINK("x")', 'Read 1 record of =HYPERLINK("x")', null],
        ['anonymous', 'Patient/P9', 'Read 1 record of Patient/P9', null],
      ].sort(),
    );

    const csv = await server().call('GET', `/${appId}/console/security/audit-logs/download`, {
      authKey: owner.authKey,
    });
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).not.toContain(`,"=HYPERLINK`);

    await server().call('PUT', `/${appId}/console/compliance/hipaa/disable`, { authKey: owner.authKey });
    bus.emit('appapi.read', { appId, userId: 'U2', table: 'Patient', count: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect((await reads()).totalRows).toBe(3);
  });
});
