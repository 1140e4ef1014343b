import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

type U = { objectId: string; token: string; email: string };
type Rec = Record<string, unknown>;

/** The console's "run as": the engine evaluated as a role or a user, compared with the app API's own answers. */
describeEachDb('security run as', (server) => {
  let f: AppFixture;
  let tableId: string;
  let alice: U;
  let bob: U;

  const runAs = (body: object) => f.console('POST', '/security/run-as', body);

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
    for (const [who, title] of [
      [alice, 'a1'],
      [alice, 'a2'],
      [bob, 'b1'],
    ] as const) {
      expect(
        (await f.api('PUT', '/data/Note', { token: who.token, body: { title, secret: `s-${title}` } })).statusCode,
      ).toBe(200);
    }
    const authenticated = await f.roleId('AuthenticatedUser');
    await f.console('PUT', `/security/data/${tableId}/roles/${authenticated}`, {
      permissions: [
        { operation: 'Find', access: 'DENY' },
        { operation: 'Remove', access: 'DENY' },
      ],
    });
    await f.console('PUT', `/security/data/ownerpolicy/${tableId}`, { operation: 'Find', access: 'GRANT' });
    await f.console('PUT', `/security/data/${tableId}/columns/permissions/Find/${authenticated}`, {
      column: 'secret',
      access: 'DENY',
    });
  });

  it('as a user: exactly the records the app API gives that user, hidden columns out, with the deciding steps', async () => {
    const res = await runAs({ table: 'Note', userId: alice.objectId });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.userId).toBe(alice.objectId);
    expect(answer.roles).toEqual(expect.arrayContaining(['AuthenticatedUser', 'RestUser']));
    expect(answer.records.map((r: Rec) => r.title).sort()).toEqual(['a1', 'a2']);
    for (const r of answer.records) expect(r).not.toHaveProperty('secret');
    expect(answer.totalRows).toBe(2);
    expect(answer.hidden).toEqual(['secret']);
    expect(answer.rows).toBe('some');
    expect(answer.operations.Find).toMatchObject({ access: 'DENY', by: 'role' });
    expect(answer.operations.Remove).toMatchObject({ access: 'DENY', by: 'role' });
    expect(answer.operations.Create).toMatchObject({ access: 'GRANT', by: 'default' });
    const own = (await f.api('POST', '/data/Note/find', { token: alice.token, body: {} })).json() as Rec[];
    expect(answer.records).toEqual(own);
  });

  it('as a role: the role alone, its rows and columns, with where and paging', async () => {
    const anon = (await runAs({ table: 'Note', roleName: 'NotAuthenticatedUser', pageSize: 2 })).json();
    expect(anon.roles).toEqual(['NotAuthenticatedUser']);
    expect(anon.userId).toBeNull();
    expect(anon.records.length).toBe(2);
    expect(anon.totalRows).toBe(3);
    expect(anon.records[0]).toHaveProperty('secret');
    expect(anon.rows).toBe('all');
    expect(anon.operations.Find).toMatchObject({ access: 'GRANT', by: 'default' });

    const filtered = (await runAs({ table: 'Note', roleName: 'NotAuthenticatedUser', where: "title = 'b1'" })).json();
    expect(filtered.records.map((r: Rec) => r.title)).toEqual(['b1']);
    expect(filtered.totalRows).toBe(1);

    // AuthenticatedUser alone owns nothing: Find is denied and no row is left.
    const role = (await runAs({ table: 'Note', roleName: 'AuthenticatedUser' })).json();
    expect(role.rows).toBe('none');
    expect(role.records).toEqual([]);
    expect(role.totalRows).toBe(0);
  });

  it('refuses a filter on a column hidden from the caller, as the app API does', async () => {
    const res = await runAs({ table: 'Note', userId: bob.objectId, where: "secret = 's-b1'" });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad table, role, user or both', async () => {
    const cases: Array<[object, string]> = [
      [{ table: 'Nope', roleName: 'AuthenticatedUser' }, 'table'],
      [{ table: 'Note', roleName: 'NoSuchRole' }, 'roleName'],
      [{ table: 'Note', userId: 'NOSUCHUSER' }, 'userId'],
      [{ table: 'Note', userId: alice.objectId, roleName: 'AuthenticatedUser' }, 'roleName'],
      [{ table: 'Note' }, 'roleName'],
    ];
    for (const [body, field] of cases) {
      const res = await runAs(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details?.fields?.[0]?.field ?? res.json().message, JSON.stringify(body)).toContain(field);
    }
    expect((await runAs({ table: 'Note', roleName: 'AuthenticatedUser', pageSize: 1000 })).statusCode).toBe(400);
  });
});
