import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { FrameClient, listenOrigin } from './realtime.test-helpers.js';

/**
 * Bulk data events, single upserts and relation events, fired by the app API's and the console's
 * writes and received over a real socket.io connection, with where and parent filters applied.
 */
describeEachDb('real-time bulk and relation events', (server) => {
  let f: AppFixture;
  let origin: string;
  const clients: FrameClient[] = [];
  const open = async (token: string | null = null) => {
    const c = await FrameClient.open(origin, f.appId, f.keys.JS, token);
    clients.push(c);
    return c;
  };
  const ok = async (res: { statusCode: number; body: string; json(): any }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
    ]);
    await ok(
      await f.console('POST', '/data/tables/Person/columns/relation', {
        name: 'friends',
        toTableName: 'Person',
        relationshipType: 'ONE_TO_MANY',
      }),
    );
    origin = await listenOrigin(server());
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it('bulk creates answer the new objectIds; a where clause keeps the matching ones', async () => {
    const c = await open();
    const all = await c.ready('OBJECTS_CHANGES', { event: 'bulk-created', tableName: 'Person' });
    const old = await c.ready('OBJECTS_CHANGES', {
      event: 'bulk-created',
      tableName: 'Person',
      whereClause: 'age > 30',
    });
    const none = await c.ready('OBJECTS_CHANGES', {
      event: 'bulk-created',
      tableName: 'Person',
      whereClause: 'age > 500',
    });
    const ids: string[] = await ok(
      await f.api('POST', '/data/bulk/Person', {
        body: [
          { name: 'ann', age: 20 },
          { name: 'bob', age: 40 },
        ],
      }),
    );
    // The console's bulk create fires the same event.
    const more: string[] = await ok(await f.console('POST', '/data/bulk/Person', [{ name: 'cid', age: 60 }]));
    expect(await c.settle(all, 2)).toEqual([ids, more]);
    expect(await c.settle(old, 2)).toEqual([[ids[1]], more]);
    expect(c.data(none)).toEqual([]);
  });

  it('bulk updates and deletes answer {whereClause, count}; a where clause must be the same condition', async () => {
    const c = await open();
    const any = await c.ready('OBJECTS_CHANGES', { event: 'bulk-updated', tableName: 'Person' });
    const same = await c.ready('OBJECTS_CHANGES', {
      event: 'bulk-updated',
      tableName: 'Person',
      whereClause: '  age >=   40 ',
    });
    const other = await c.ready('OBJECTS_CHANGES', {
      event: 'bulk-updated',
      tableName: 'Person',
      whereClause: 'age < 40',
    });
    const deleted = await c.ready('OBJECTS_CHANGES', { event: 'bulk-deleted', tableName: 'Person' });
    expect(
      await ok(
        await f.api('PUT', `/data/bulk/Person?where=${encodeURIComponent('age >= 40')}`, { body: { name: 'senior' } }),
      ),
    ).toBe(2);
    expect(await c.settle(any, 1)).toEqual([{ whereClause: 'age >= 40', count: 2 }]);
    expect(c.data(same)).toEqual([{ whereClause: 'age >= 40', count: 2 }]);
    expect(c.data(other)).toEqual([]);

    const temp: string[] = await ok(
      await f.api('POST', '/data/bulk/Person', {
        body: [
          { name: 'tmp', age: 1 },
          { name: 'tmp', age: 2 },
        ],
      }),
    );
    expect(await ok(await f.api('POST', '/data/bulk/Person/delete', { body: { where: "name = 'tmp'" } }))).toBe(2);
    const gone: string[] = await ok(await f.api('POST', '/data/bulk/Person', { body: [{ name: 'gone', age: 3 }] }));
    await ok(await f.console('DELETE', '/data/tables/Person/records', gone));
    expect(await c.settle(deleted, 2)).toEqual([
      { whereClause: "name = 'tmp'", count: 2 },
      { whereClause: `objectId in ('${gone[0]}')`, count: 1 },
    ]);
    expect(temp).toHaveLength(2);
  });

  it('bulk upserts answer the objectIds written and a single upsert answers the record', async () => {
    const c = await open();
    const bulk = await c.ready('OBJECTS_CHANGES', {
      event: 'bulk-upserted',
      tableName: 'Person',
      whereClause: "name = 'upserted'",
    });
    const single = await c.ready('OBJECTS_CHANGES', {
      event: 'upserted',
      tableName: 'Person',
      whereClause: 'age = 77',
    });
    const [existing] = await ok(await f.api('POST', '/data/bulk/Person', { body: [{ name: 'x', age: 5 }] }));
    const ids: string[] = await ok(
      await f.api('PUT', '/data/bulkupsert/Person', {
        body: [{ objectId: existing, name: 'upserted' }, { name: 'other' }],
      }),
    );
    expect(ids[0]).toBe(existing);
    expect(await c.settle(bulk, 1)).toEqual([[existing]]);

    await ok(await f.api('PUT', '/data/Person/upsert', { body: { objectId: existing, age: 10 } }));
    const saved = await ok(await f.api('PUT', '/data/Person/upsert', { body: { objectId: existing, age: 77 } }));
    const [record] = await c.settle(single, 1);
    expect(record).toMatchObject({ objectId: saved.objectId, age: 77, name: 'upserted' });
  });

  it('relation set/add/delete events name the parent and the children or the condition', async () => {
    const c = await open();
    const [parent, other, k1, k2] = await ok(
      await f.api('POST', '/data/bulk/Person', {
        body: [{ name: 'p' }, { name: 'q' }, { name: 'kid1', age: 8 }, { name: 'kid2', age: 9 }],
      }),
    );
    const set = await c.ready('RELATIONS_CHANGES', {
      event: 'set',
      relationColumnName: 'friends',
      tableName: 'Person',
    });
    const add = await c.ready('RELATIONS_CHANGES', {
      event: 'add',
      relationColumnName: 'friends',
      tableName: 'Person',
      parentObjects: [parent],
    });
    const del = await c.ready('RELATIONS_CHANGES', {
      event: 'delete',
      relationColumnName: 'friends',
      tableName: 'Person',
    });

    expect(await ok(await f.api('POST', `/data/Person/${parent}/friends`, { body: [k1] }))).toBe(1);
    await ok(await f.api('PUT', `/data/Person/${other}/friends`, { body: [k1] }));
    await ok(await f.api('PUT', `/data/Person/${parent}/friends?whereClause=${encodeURIComponent("name = 'kid2'")}`));
    await ok(await f.api('DELETE', `/data/Person/${parent}/friends`, { body: [k2] }));
    // The console's relation editor fires the same events.
    await ok(await f.console('PUT', `/data/Person/${parent}/friends`, [k2]));

    expect(await c.settle(set, 1)).toEqual([{ parentObjectId: parent, isConditional: false, children: [k1] }]);
    expect(await c.settle(add, 2)).toEqual([
      { parentObjectId: parent, isConditional: true, whereClause: "name = 'kid2'" },
      { parentObjectId: parent, isConditional: false, children: [k2] },
    ]);
    expect(await c.settle(del, 1)).toEqual([{ parentObjectId: parent, isConditional: false, children: [k2] }]);
  });

  it('checks permissions and options: a client denied Find on the table is refused', async () => {
    const c = await open();
    expect(
      (await c.subscribe('RELATIONS_CHANGES', { event: 'move', relationColumnName: 'friends', tableName: 'Person' }))
        .error?.code,
    ).toBe('BAD_REQUEST');
    expect((await c.subscribe('OBJECTS_CHANGES', { event: 'bulk-exploded', tableName: 'Person' })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect(
      (
        await c.subscribe('RELATIONS_CHANGES', {
          event: 'set',
          relationColumnName: 'friends',
          tableName: 'Person',
          parentObjects: 'x',
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');

    const { tableId } = await f.table('Secret', [{ name: 'v', dataType: 'INT' }]);
    const anon = await f.roleId('NotAuthenticatedUser');
    await ok(
      await f.console('PUT', `/security/data/${tableId}/roles/${anon}`, {
        permissions: [{ operation: 'Find', access: 'DENY' }],
      }),
    );
    const bulk = await c.subscribe('OBJECTS_CHANGES', { event: 'bulk-created', tableName: 'Secret' });
    expect(bulk.error?.code).toBe('FORBIDDEN');
    const rel = await c.subscribe('RELATIONS_CHANGES', { event: 'set', relationColumnName: 'x', tableName: 'Secret' });
    expect(rel.error?.code).toBe('FORBIDDEN');

    const user = await f.user();
    const signedIn = await open(user.token);
    const id = await signedIn.ready('OBJECTS_CHANGES', { event: 'bulk-created', tableName: 'Secret' });
    const ids = await ok(await f.api('POST', '/data/bulk/Secret', { body: [{ v: 1 }], token: user.token }));
    expect(await signedIn.settle(id, 1)).toEqual([ids]);
  });
});
