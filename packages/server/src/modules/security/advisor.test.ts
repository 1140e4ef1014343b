import { beforeAll, expect, it } from 'vitest';
import type { AdvisorAnswer, AdvisorRisk } from '@basalt/shared';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

/** The security advisor: risks computed from the permission engine and the app's settings, and their fixes. */
describeEachDb('security advisor', (server) => {
  let f: AppFixture;
  let tableId: string;

  const advise = async (): Promise<AdvisorAnswer> => {
    const res = await f.console('GET', '/security/advisor');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const risk = (a: AdvisorAnswer, id: string): AdvisorRisk | undefined => a.risks.find((r) => r.id === id);

  beforeAll(async () => {
    f = await appFixture(server());
    tableId = (await f.table('Note', [{ name: 'title', dataType: 'STRING' }])).tableId;
  });

  it('lists a table open to anonymous writes, and a DENY through the permission routes closes it', async () => {
    const before = await advise();
    const open = risk(before, `anonymous-writes:${tableId}`);
    expect(open).toMatchObject({
      kind: 'anonymous-writes',
      level: 'high',
      table: { name: 'Note', operations: ['Create', 'Update', 'Remove'] },
    });
    expect(open!.roleId).toBe(await f.roleId('NotAuthenticatedUser'));
    // High risks come first.
    expect(before.risks[0]!.level).toBe('high');
    expect((await f.api('PUT', '/data/Note', { body: { title: 'anon' } })).statusCode).toBe(200);

    const deny = await f.console('PUT', `/security/data/${tableId}/roles/${open!.roleId}`, {
      permissions: open!.table!.operations.map((operation) => ({ operation, access: 'DENY' })),
    });
    expect(deny.statusCode, deny.body).toBe(200);
    expect(risk(await advise(), `anonymous-writes:${tableId}`)).toBeUndefined();
    expect((await f.api('PUT', '/data/Note', { body: { title: 'anon again' } })).statusCode).toBe(403);
  });

  it('a partly closed table lists only what is still open', async () => {
    const other = (await f.table('Memo', [{ name: 'title', dataType: 'STRING' }])).tableId;
    await f.console('PUT', `/security/data/${other}/roles/${await f.roleId('NotAuthenticatedUser')}`, {
      permissions: [{ operation: 'Create', access: 'DENY' }],
    });
    expect(risk(await advise(), `anonymous-writes:${other}`)?.table?.operations).toEqual(['Update', 'Remove']);
  });

  it('reports dynamic schema until it is turned off', async () => {
    expect((await f.console('PUT', '/data/config', { dynamicSchema: true })).statusCode).toBe(200);
    expect(risk(await advise(), 'dynamic-schema')).toMatchObject({ level: 'medium' });
    expect((await f.console('PUT', '/data/config', { dynamicSchema: false })).statusCode).toBe(200);
    expect(risk(await advise(), 'dynamic-schema')).toBeUndefined();
  });

  it('reports no roles of the developer own until one is made, and members without 2FA', async () => {
    const a = await advise();
    expect(risk(a, 'no-roles')).toBeDefined();
    expect(risk(a, 'members-without-2fa')?.members).toEqual([f.dev.email]);
    expect(risk(a, 'stale-keys')).toBeUndefined();
    expect(a.staleKeyDays).toBeGreaterThan(0);
    expect((await f.console('PUT', '/security/roles/Admins')).statusCode).toBe(200);
    expect(risk(await advise(), 'no-roles')).toBeUndefined();
  });

  it('refuses a caller without a developer session', async () => {
    const res = await server().call('GET', `/${f.appId}/console/security/advisor`);
    expect(res.statusCode).toBe(401);
  });
});
