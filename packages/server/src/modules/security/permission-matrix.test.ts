import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

type U = { objectId: string; token: string; email: string };

/**
 * Roles × operations × one table, its columns, the owner policy and record ACLs, set through the
 * console's permission routes and checked by real app API calls.
 */
describeEachDb('permission matrix', (server) => {
  let f: AppFixture;
  let tableId: string;
  let alice: U;
  let bob: U;
  const ids: Record<string, string> = {};

  const create = (who: U | null, body: object) => f.api('PUT', '/data/Note', { body, token: who?.token });
  const find = async (who: U | null, body: object = {}) => {
    const res = await f.api('POST', '/data/Note/find', { body, token: who?.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };
  const setRole = async (role: string, operation: string, access: string | null) => {
    const res = await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
      permissions: [{ operation, access }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    f = await appFixture(server());
    tableId = (
      await f.table('Note', [
        { name: 'title', dataType: 'STRING' },
        { name: 'secret', dataType: 'STRING' },
      ])
    ).tableId;
    alice = await f.user('alice@example.com');
    bob = await f.user('bob@example.com');
  });

  it('grants everything by default, to anonymous callers too', async () => {
    const res = await create(null, { title: 'public', secret: 's0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ownerId).toBeNull();
    ids.public = res.json().objectId;
    expect((await find(null)).map((n) => n.title)).toEqual(['public']);
  });

  it('a role DENY on Create refuses anonymous writes, not logged-in ones', async () => {
    await setRole('NotAuthenticatedUser', 'Create', 'DENY');
    const anon = await create(null, { title: 'nope' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().code).toBe(1011);
    const a = await create(alice, { title: 'alice note', secret: 's1', ownerId: bob.objectId });
    expect(a.statusCode).toBe(200);
    // The owner is the caller, whatever the body says.
    expect(a.json().ownerId).toBe(alice.objectId);
    ids.alice = a.json().objectId;
    ids.bob = (await create(bob, { title: 'bob note', secret: 's2' })).json().objectId;
    const table = (await f.console('GET', `/security/data/${tableId}/roles`)).json();
    expect(table.data.find((r: { name: string }) => r.name === 'NotAuthenticatedUser').permissions).toEqual([
      { operation: 'Create', access: 'DENY' },
    ]);
  });

  it('owner policy lets owners change their records while the role is denied; a user rule beats a role rule', async () => {
    await setRole('AuthenticatedUser', 'Update', 'DENY');
    await setRole('AuthenticatedUser', 'Remove', 'DENY');
    expect(
      (await f.console('PUT', `/security/data/ownerpolicy/${tableId}`, { operation: 'Update', access: 'GRANT' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await f.api('PUT', `/data/Note/${ids.alice}`, { token: alice.token, body: { title: 'alice edited' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await f.api('PUT', `/data/Note/${ids.alice}`, { token: bob.token, body: { title: 'bob was here' } })).statusCode,
    ).toBe(403);
    expect((await f.api('DELETE', `/data/Note/${ids.alice}`, { token: alice.token })).statusCode).toBe(403);
    // Bulk updates touch only the rows the caller may update: bob's own, not the public one.
    expect(
      (
        await f.api('PUT', "/data/bulk/Note?where=title%20!%3D%20'x'", { token: bob.token, body: { secret: 'bulk' } })
      ).json(),
    ).toBe(1);
    expect((await f.api('GET', `/data/Note/${ids.public}`)).json().secret).toBe('s0');

    const grant = await f.console('PUT', `/security/data/${tableId}/users/${bob.objectId}`, {
      permissions: [{ operation: 'Update', access: 'GRANT' }],
    });
    expect(grant.json()).toEqual([{ operation: 'Update', access: 'GRANT' }]);
    expect(
      (await f.api('PUT', `/data/Note/${ids.alice}`, { token: bob.token, body: { title: 'alice edited' } })).statusCode,
    ).toBe(200);
    const users = (await f.console('GET', `/security/data/${tableId}/users`)).json();
    expect(users.data).toEqual([
      {
        id: bob.objectId,
        userId: bob.objectId,
        name: 'bob@example.com',
        permissions: [{ operation: 'Update', access: 'GRANT' }],
      },
    ]);
    expect((await f.console('DELETE', `/security/data/${tableId}/users/${bob.objectId}/Update`)).statusCode).toBe(200);
    expect(
      (await f.api('PUT', `/data/Note/${ids.alice}`, { token: bob.token, body: { title: 'again' } })).statusCode,
    ).toBe(403);
  });

  it('a column DENY on Find hides the column and refuses filtering on it', async () => {
    const res = await f.console(
      'PUT',
      `/security/data/${tableId}/columns/permissions/Find/${await f.roleId('AuthenticatedUser')}`,
      { column: 'secret', access: 'DENY' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const seen = await find(alice);
    expect(seen.length).toBe(3);
    for (const n of seen) expect(n).not.toHaveProperty('secret');
    expect((await f.api('GET', `/data/Note/${ids.bob}`, { token: alice.token })).json()).not.toHaveProperty('secret');
    const filtered = await f.api('POST', '/data/Note/find', { token: alice.token, body: { where: "secret = 's2'" } });
    expect(filtered.statusCode).toBe(403);
    // Quoted text that looks like the column's name is not a use of the column.
    expect(
      (await f.api('POST', '/data/Note/find', { token: alice.token, body: { where: "title = 'secret'" } })).statusCode,
    ).toBe(200);
    expect((await find(null)).every((n) => 'secret' in n)).toBe(true);
    const cols = (await f.console('GET', `/security/data/${tableId}/columns/permissions`)).json();
    expect(cols.data.find((r: { name: string }) => r.name === 'AuthenticatedUser').permissions).toEqual([
      { columnId: expect.any(String), column: 'secret', operation: 'Find', access: 'DENY' },
    ]);
  });

  it('a Find DENY with an owner GRANT leaves each user their own rows, in finds and counts', async () => {
    await setRole('AuthenticatedUser', 'Find', 'DENY');
    await f.console('PUT', `/security/data/ownerpolicy/${tableId}`, { operation: 'Find', access: 'GRANT' });
    expect((await find(alice)).map((n) => n.objectId)).toEqual([ids.alice]);
    expect((await find(bob)).map((n) => n.objectId)).toEqual([ids.bob]);
    expect((await f.api('POST', '/data/Note/count', { token: bob.token, body: {} })).json()).toBe(1);
    expect((await f.api('GET', `/data/Note/${ids.alice}`, { token: bob.token })).statusCode).toBe(403);
    expect((await find(null)).length).toBe(3);
  });

  it('a record ACL comes before the owner policy and the roles', async () => {
    const put = await f.console('PUT', `/security/data/Note/objectAcl/${ids.bob}/users/${alice.objectId}`, {
      operation: 'Find',
      access: 'GRANT',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await find(alice)).map((n) => n.objectId).sort()).toEqual([ids.alice, ids.bob].sort());
    const role = await f.roleId('AuthenticatedUser');
    await f.console('PUT', `/security/data/Note/objectAcl/${ids.alice}/roles/${role}`, {
      operation: 'Find',
      access: 'DENY',
    });
    expect((await find(alice)).map((n) => n.objectId)).toEqual([ids.bob]);
    const acl = (await f.console('GET', `/security/data/Note/objectAcl/${ids.alice}/roles`)).json();
    expect(acl.data.find((r: { id: string }) => r.id === role).permissions).toEqual([
      { operation: 'Find', access: 'DENY' },
    ]);
    const dropped = await f.console('DELETE', `/security/data/Note/objectAcl/${ids.alice}/roles/Find`);
    // What is left of the record's ACL by roles, per operation: nothing.
    expect(dropped.json()).toEqual([]);
    expect((await find(alice)).length).toBe(2);
  });

  it('roles: system roles stay, custom roles are created, renamed, assigned and deleted', async () => {
    const roles = (await f.console('GET', '/security/roles')).json();
    expect(roles.filter((r: { system: boolean }) => r.system).map((r: { rolename: string }) => r.rolename)).toEqual(
      expect.arrayContaining([
        'AuthenticatedUser',
        'NotAuthenticatedUser',
        'GuestUser',
        'ServerCodeUser',
        'SocialUser',
        'JSUser',
        'RestUser',
      ]),
    );
    expect((await f.console('DELETE', `/security/roles/${await f.roleId('AuthenticatedUser')}`)).statusCode).toBe(400);
    const created = (await f.console('PUT', '/security/roles/Editors')).json();
    expect(created).toMatchObject({ rolename: 'Editors', system: false });
    expect((await f.console('PUT', '/security/roles/editors')).statusCode).toBe(409);
    expect(
      (await f.console('PUT', `/security/roles/${created.roleId}/rename`, { name: 'Writers' })).json().rolename,
    ).toBe('Writers');

    expect(
      (
        await f.console('PUT', '/security/assignedroles', {
          users: [bob.objectId],
          roles: [{ roleId: created.roleId, status: 'ALL' }],
        })
      ).statusCode,
    ).toBe(200);
    const assigned = (await f.console('GET', `/security/assignedroles?users=${bob.objectId},${alice.objectId}`)).json();
    expect(assigned.find((r: { rolename: string }) => r.rolename === 'Writers')).toMatchObject({
      status: 'SOME',
      users: [bob.objectId],
    });
    expect((await f.api('GET', '/users/userroles', { token: bob.token })).json()).toContain('Writers');

    // A role GRANT on Remove for Writers does not beat AuthenticatedUser's DENY (any role DENY wins)…
    await setRole('Writers', 'Remove', 'GRANT');
    expect((await f.api('DELETE', `/data/Note/${ids.bob}`, { token: bob.token })).statusCode).toBe(403);
    // …but dropping that DENY lets it through.
    await setRole('AuthenticatedUser', 'Remove', null);
    expect((await f.api('DELETE', `/data/Note/${ids.bob}`, { token: bob.token })).json()).toEqual({
      deletionTime: expect.any(Number),
    });

    expect((await f.console('DELETE', `/security/roles/${created.roleId}`)).statusCode).toBe(200);
    expect((await f.api('GET', '/users/userroles', { token: bob.token })).json()).not.toContain('Writers');
  });

  it('Users records start closed: each user reads only their own, anonymous callers none', async () => {
    const seen = (await f.api('POST', '/data/Users/find', { token: alice.token, body: {} })).json();
    expect(seen.map((u: { objectId: string }) => u.objectId)).toEqual([alice.objectId]);
    expect(seen[0]).not.toHaveProperty('password');
    expect((await f.api('POST', '/data/Users/find', { body: {} })).json()).toEqual([]);
    expect(
      (await f.api('POST', '/data/Users/find', { token: alice.token, body: { where: "password like '%'" } }))
        .statusCode,
    ).toBe(403);
  });
});
