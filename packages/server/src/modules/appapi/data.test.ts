import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/** The data routes of the app API: query forms, bulk operations, relations, error codes. */
describeEachDb('app API: data', (server) => {
  let f: AppFixture;
  const ids: string[] = [];

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
      { name: 'born', dataType: 'DATETIME' },
    ]);
    const rel = await f.console('POST', '/data/tables/Person/columns/relation', {
      name: 'friends',
      toTableName: 'Person',
      relationshipType: 'ONE_TO_MANY',
    });
    expect(rel.statusCode, rel.body).toBe(200);
  });

  it('bulk-creates, finds by query string and body, counts, and reads dates in both forms', async () => {
    const created = await f.api('POST', '/data/bulk/Person', {
      body: [
        { name: 'ann', age: 30, born: '1994-05-01T00:00:00.000Z' },
        { name: 'bob', age: 40, born: Date.UTC(1984, 0, 1) },
        { name: 'cid', age: 50, ___class: 'Person' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    ids.push(...created.json());
    expect(ids).toHaveLength(3);
    const byQuery = await f.api(
      'GET',
      `/data/Person?where=${encodeURIComponent('age >= 40')}&sortBy=age%20desc&property=name&property=age`,
    );
    expect(byQuery.json().map((p: { name: string }) => p.name)).toEqual(['cid', 'bob']);
    const byBody = (
      await f.api('POST', '/data/Person/find', { body: { where: 'age < 45', sortBy: 'age', pageSize: 1, offset: 1 } })
    ).json();
    expect(byBody.map((p: { name: string }) => p.name)).toEqual(['bob']);
    expect((await f.api('POST', '/data/Person/count', { body: { where: 'age > 35' } })).json()).toBe(2);
    const ann = (await f.api('GET', `/data/Person/${ids[0]}`)).json();
    expect(ann).toMatchObject({ name: 'ann', born: Date.UTC(1994, 4, 1), ___class: 'Person' });
  });

  it('sets, adds, loads and deletes relations, by ids and by a where clause', async () => {
    const [ann, bob, cid] = ids;
    expect((await f.api('POST', `/data/Person/${ann}/friends`, { body: [bob] })).json()).toBe(1);
    expect(
      (await f.api('PUT', `/data/Person/${ann}/friends?whereClause=${encodeURIComponent("name = 'cid'")}`)).json(),
    ).toBe(1);
    const friends = (await f.api('GET', `/data/Person/${ann}/friends?sortBy=name`)).json();
    expect(friends.map((p: { objectId: string }) => p.objectId)).toEqual([bob, cid]);
    const withRelations = (await f.api('GET', `/data/Person/${ann}?loadRelations=friends`)).json();
    expect(withRelations.friends).toHaveLength(2);
    expect((await f.api('DELETE', `/data/Person/${ann}/friends`, { body: [bob] })).json()).toBe(1);
    expect(
      (await f.api('GET', `/data/Person/${ann}/friends`)).json().map((p: { objectId: string }) => p.objectId),
    ).toEqual([cid]);
  });

  it('bulk-updates and bulk-deletes by a where clause, and deletes one record', async () => {
    expect(
      (await f.api('PUT', `/data/bulk/Person?where=${encodeURIComponent('age >= 40')}`, { body: { age: 41 } })).json(),
    ).toBe(2);
    expect((await f.api('POST', '/data/Person/count', { body: { where: 'age = 41' } })).json()).toBe(2);
    const removed = await f.api('DELETE', `/data/Person/${ids[0]}`);
    expect(removed.json()).toEqual({ deletionTime: expect.any(Number) });
    expect((await f.api('POST', '/data/bulk/Person/delete', { body: { where: 'age = 41' } })).json()).toBe(2);
    expect((await f.api('POST', '/data/Person/count', { body: {} })).json()).toBe(0);
  });

  it('answers numeric error codes without internals', async () => {
    const noTable = await f.api('POST', '/data/Nowhere/find', { body: {} });
    expect([noTable.statusCode, noTable.json().code]).toEqual([404, 1009]);
    const noRecord = await f.api('GET', '/data/Person/NOPE');
    expect([noRecord.statusCode, noRecord.json().code]).toEqual([404, 1000]);
    const badWhere = await f.api('POST', '/data/Person/find', {
      body: { where: "name = 'x' OR 1=1; DROP TABLE t_users --" },
    });
    expect(badWhere.statusCode).toBe(400);
    expect(typeof badWhere.json().code).toBe('number');
    expect(badWhere.body).not.toMatch(/select|sqlite|postgres|at .*\.ts/i);
    const badJson = await server().call('PUT', `/${f.appId}/${f.keys.REST}/data/Person`, {
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect([badJson.statusCode, badJson.json().code]).toEqual([400, 8000]);
  });
});
