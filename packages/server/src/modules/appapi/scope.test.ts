import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type U = { objectId: string; token: string; email: string };

/**
 * The permission scope of a query and the caller's where are separate trees: no where text can
 * widen what a caller may see, and a relation path only walks through tables, rows and columns
 * the caller may read.
 */
describeEachDb('app API: where scope and relation paths', (server) => {
  let f: AppFixture;
  let noteTable: string;
  let secretTable: string;
  let alice: U;
  let bob: U;
  const notes: Record<string, string> = {};
  let secretId = '';

  const setRole = async (tableId: string, role: string, operation: string, access: string | null) => {
    const res = await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
      permissions: [{ operation, access }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const find = (who: U, body: object) => f.api('POST', '/data/Note/find', { body, token: who.token });
  const count = async (who: U, where: string) => {
    const res = await f.api('POST', '/data/Post/count', { body: { where }, token: who.token });
    return [res.statusCode, res.json()];
  };

  beforeAll(async () => {
    f = await appFixture(server());
    noteTable = (await f.table('Note', [{ name: 'title', dataType: 'STRING' }])).tableId;
    secretTable = (
      await f.table('Vault', [
        { name: 'secret', dataType: 'STRING' },
        { name: 'label', dataType: 'STRING' },
      ])
    ).tableId;
    await f.table('Post', [{ name: 'title', dataType: 'STRING' }]);
    const rel = await f.console('POST', '/data/tables/Post/columns/relation', {
      name: 'vault',
      toTableName: 'Vault',
      relationshipType: 'ONE_TO_ONE',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    alice = await f.user('alice@example.com');
    bob = await f.user('bob@example.com');
    for (const who of [alice, bob]) {
      const res = await f.api('PUT', '/data/Note', { body: { title: `note of ${who.email}` }, token: who.token });
      notes[who.email] = res.json().objectId;
    }
    secretId = (await f.api('PUT', '/data/Vault', { body: { secret: 'S3CRET', label: 'public label' } })).json()
      .objectId;
    const post = (await f.api('PUT', '/data/Post', { body: { title: 'hello' } })).json().objectId;
    expect((await f.api('POST', `/data/Post/${post}/vault`, { body: [secretId] })).statusCode).toBe(200);
    // Owner-only notes: no role may Find, the owner may.
    for (const role of ['AuthenticatedUser', 'RestUser', 'NotAuthenticatedUser'])
      await setRole(noteTable, role, 'Find', 'DENY');
    expect(
      (await f.console('PUT', `/security/data/ownerpolicy/${noteTable}`, { operation: 'Find', access: 'GRANT' }))
        .statusCode,
    ).toBe(200);
  });

  it('a where that closes and reopens parentheses is a syntax error, not a wider query', async () => {
    for (const where of ['1 = 1) OR (1 = 1', "title = 'x') OR ('1' = '1", '1 = 1) OR (objectId IS NOT NULL']) {
      const res = await find(alice, { where });
      expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
    }
    const counted = await f.api('POST', '/data/Note/count', {
      body: { where: '1 = 1) OR (1 = 1' },
      token: alice.token,
    });
    expect(counted.statusCode).toBe(400);
    const bulk = await f.api('PUT', `/data/bulk/Note?where=${encodeURIComponent('1 = 1) OR (1 = 1')}`, {
      body: { title: 'taken' },
      token: alice.token,
    });
    expect(bulk.statusCode).toBe(400);
    // A where that is true everywhere still only answers the caller's own rows.
    const all = await find(alice, { where: '1 = 1 OR objectId IS NOT NULL' });
    expect(all.json().map((n: { objectId: string }) => n.objectId)).toEqual([notes[alice.email]]);
  });

  it('a caller who may Find no row gets the same 400 for a malformed where as one who may', async () => {
    const anonymous = await f.api('POST', '/data/Note/find', { body: { where: '1 = 1) OR (1 = 1' } });
    expect(anonymous.statusCode, anonymous.body).toBe(400);
    const counted = await f.api('POST', '/data/Note/count', { body: { where: "title = 'x" } });
    expect(counted.statusCode, counted.body).toBe(400);
    const fine = await f.api('POST', '/data/Note/find', { body: { where: '1 = 1' } });
    expect([fine.statusCode, fine.json()]).toEqual([200, []]);
  });

  it('the same text cannot escape a record ACL DENY', async () => {
    const role = await f.roleId('AuthenticatedUser');
    expect(
      (
        await f.console('PUT', `/security/data/Note/objectAcl/${notes[alice.email]}/roles/${role}`, {
          operation: 'Find',
          access: 'DENY',
        })
      ).statusCode,
    ).toBe(200);
    expect((await find(alice, { where: '1 = 1) OR (1 = 1' })).statusCode).toBe(400);
    expect((await find(alice, { where: "objectId = 'x' OR 1 = 1" })).json()).toEqual([]);
    await f.console('DELETE', `/security/data/Note/objectAcl/${notes[alice.email]}/roles/Find`);
    expect((await find(alice, {})).json()).toHaveLength(1);
  });

  it('a relation path through a table the caller may not Find sees no rows there', async () => {
    expect(await count(bob, "vault.secret LIKE 'S3C%'")).toEqual([200, 1]);
    await setRole(secretTable, 'AuthenticatedUser', 'Find', 'DENY');
    const [yes, no] = [await count(bob, "vault.secret LIKE 'S3C%'"), await count(bob, "vault.secret LIKE 'ZZZ%'")];
    expect(yes).toEqual(no);
    expect(yes).toEqual([200, 0]);
    // `vault IS NULL` cannot tell that a hidden related record exists either.
    expect(await count(bob, 'vault IS NULL')).toEqual([200, 1]);
    // Sorting by a column of the denied table orders as if no related row existed.
    const sorted = await f.api('POST', '/data/Post/find', { body: { sortBy: ['vault.secret'] }, token: bob.token });
    expect(sorted.statusCode, sorted.body).toBe(200);
    // Loaded relations leave the denied record out.
    const loaded = await f.api('POST', '/data/Post/find', { body: { loadRelations: 'vault' }, token: bob.token });
    expect(loaded.json()[0].vault ?? null).toBeNull();
    await setRole(secretTable, 'AuthenticatedUser', 'Find', null);
    expect(await count(bob, "vault.secret LIKE 'S3C%'")).toEqual([200, 1]);
  });

  it('a hidden column of a related table is refused in every clause', async () => {
    const res = await f.console(
      'PUT',
      `/security/data/${secretTable}/columns/permissions/Find/${await f.roleId('AuthenticatedUser')}`,
      { column: 'secret', access: 'DENY' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const refused = async (body: object) => {
      const r = await f.api('POST', '/data/Post/find', { body, token: bob.token });
      expect([r.statusCode, r.json().code], `${JSON.stringify(body)}: ${r.body}`).toEqual([403, 1011]);
    };
    await refused({ where: "vault.secret LIKE 'S3C%'" });
    await refused({ where: "vault.secret LIKE 'ZZZ%'" });
    await refused({ sortBy: 'vault.secret' });
    await refused({ where: "`vault`.`secret` = 'S3CRET'" });
    const c = await f.api('POST', '/data/Post/count', {
      body: { where: "vault.secret LIKE 'S3C%'" },
      token: bob.token,
    });
    expect(c.statusCode).toBe(403);
    // Other columns of the related table still work, and the loaded record has no secret.
    expect(await count(bob, "vault.label = 'public label'")).toEqual([200, 1]);
    const loaded = (
      await f.api('POST', '/data/Post/find', { body: { loadRelations: 'vault' }, token: bob.token })
    ).json();
    expect(loaded[0].vault.label).toBe('public label');
    expect(loaded[0].vault).not.toHaveProperty('secret');
  });

  it('a record ACL DENY on the related record takes it out of relation paths', async () => {
    await f.console(
      'PUT',
      `/security/data/${secretTable}/columns/permissions/Find/${await f.roleId('AuthenticatedUser')}`,
      { column: 'secret', access: null },
    );
    expect(await count(bob, "vault.label = 'public label'")).toEqual([200, 1]);
    const put = await f.console('PUT', `/security/data/Vault/objectAcl/${secretId}/users/${bob.objectId}`, {
      operation: 'Find',
      access: 'DENY',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await count(bob, "vault.secret LIKE 'S3C%'")).toEqual([200, 0]);
    expect(await count(bob, "vault.secret LIKE 'ZZZ%'")).toEqual([200, 0]);
    // Alice has no such rule and still sees through the relation.
    expect(await count(alice, "vault.secret LIKE 'S3C%'")).toEqual([200, 1]);
  });
});
