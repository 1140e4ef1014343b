import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { FrameClient, listenOrigin } from './realtime.test-helpers.js';

type U = { objectId: string; token: string; email: string };
type Res = { statusCode: number; body: string; json(): any };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Data-change and relation events reach each subscriber only as far as it may Find: records of an
 * owner-only table go to their owner, a record ACL DENY hides a record's events, a column DENY
 * strips the column, and a permission changed through the console applies to the next event. Real
 * sockets, writes through the app API and the console.
 */
describeEachDb('real-time events scoped by permissions', (server) => {
  let f: AppFixture;
  let origin: string;
  let x: U;
  let y: U;
  const clients: FrameClient[] = [];

  const open = async (token: string | null) => {
    const c = await FrameClient.open(origin, f.appId, f.keys.JS, token);
    clients.push(c);
    return c;
  };
  const ok = async (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setRole = async (tableId: string, role: string, operation: string, access: 'GRANT' | 'DENY' | null) => {
    await ok(
      await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
        permissions: [{ operation, access }],
      }),
    );
  };
  /** DENY for every role the callers have; the owner policy grants each user its own records. */
  const ownerOnly = async (tableId: string, operations = ['Find']) => {
    for (const operation of operations) {
      for (const role of ['AuthenticatedUser', 'NotAuthenticatedUser', 'JSUser', 'RestUser'])
        await setRole(tableId, role, operation, 'DENY');
      await ok(await f.console('PUT', `/security/data/ownerpolicy/${tableId}`, { operation, access: 'GRANT' }));
    }
  };
  const create = async (table: string, who: U | null, body: object) =>
    (await ok(await f.api('POST', `/data/${table}`, { body, token: who?.token }))).objectId as string;
  const ids = (frames: any[]) => frames.map((r) => r.objectId);

  beforeAll(async () => {
    f = await appFixture(server());
    origin = await listenOrigin(server());
    x = await f.user();
    y = await f.user();
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it('owner-only table: each user hears only of its own creates, updates and deletes', async () => {
    const { tableId } = await f.table('Note', [{ name: 'title', dataType: 'STRING' }]);
    await ownerOnly(tableId);
    const [cx, cy] = [await open(x.token), await open(y.token)];
    const subs = async (c: FrameClient) => ({
      created: await c.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Note' }),
      // A where clause true for every record does not widen what a subscriber may see.
      always: await c.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Note', whereClause: '1 = 1' }),
      updated: await c.ready('OBJECTS_CHANGES', { event: 'updated', tableName: 'Note' }),
      deleted: await c.ready('OBJECTS_CHANGES', { event: 'deleted', tableName: 'Note', whereClause: '1 = 1' }),
    });
    const [sx, sy] = [await subs(cx), await subs(cy)];
    // An anonymous client may Find no record of the table: refused at subscribe time.
    expect(
      (await (await open(null)).subscribe('OBJECTS_CHANGES', { event: 'created', tableName: 'Note' })).error?.code,
    ).toBe('FORBIDDEN');

    const nx = await create('Note', x, { title: 'x note' });
    const ny = await create('Note', y, { title: 'y note' });
    await ok(await f.api('PUT', `/data/Note/${ny}`, { body: { title: 'y edited' }, token: y.token }));
    await ok(await f.api('PUT', `/data/Note/${nx}`, { body: { title: 'x edited' }, token: x.token }));
    await ok(await f.api('DELETE', `/data/Note/${ny}`, { token: y.token }));
    await ok(await f.api('DELETE', `/data/Note/${nx}`, { token: x.token }));

    for (const [c, s, mine, who] of [
      [cx, sx, nx, x],
      [cy, sy, ny, y],
    ] as const) {
      await c.next(() => c.data(s.deleted).length >= 1);
      await pause(150);
      expect(c.data(s.created)).toEqual([expect.objectContaining({ objectId: mine, ownerId: who.objectId })]);
      expect(ids(c.data(s.always))).toEqual([mine]);
      expect(c.data(s.updated)).toEqual([
        expect.objectContaining({ objectId: mine, title: mine === nx ? 'x edited' : 'y edited' }),
      ]);
      // A deleted record's event carries its owner, read as the row is removed.
      expect(c.data(s.deleted)).toEqual([{ objectId: mine, ownerId: who.objectId, ___class: 'Note' }]);
    }
  });

  it('owner-only table: bulk writes and relation changes tell only of records the subscriber may Find', async () => {
    const { tableId } = await f.table('Task', [{ name: 'n', dataType: 'INT' }]);
    await ok(
      await f.console('POST', '/data/tables/Task/columns/relation', {
        name: 'subtasks',
        toTableName: 'Task',
        relationshipType: 'ONE_TO_MANY',
      }),
    );
    await ownerOnly(tableId, ['Find', 'Update', 'Remove']);
    const cx = await open(x.token);
    const bulkCreated = await cx.ready('OBJECTS_CHANGES', { event: 'bulk-created', tableName: 'Task' });
    const bulkUpdated = await cx.ready('OBJECTS_CHANGES', { event: 'bulk-updated', tableName: 'Task' });
    const updated = await cx.ready('OBJECTS_CHANGES', { event: 'updated', tableName: 'Task' });
    const deleted = await cx.ready('OBJECTS_CHANGES', { event: 'deleted', tableName: 'Task' });
    const added = await cx.ready('RELATIONS_CHANGES', {
      event: 'add',
      relationColumnName: 'subtasks',
      tableName: 'Task',
    });

    const ys: string[] = await ok(
      await f.api('POST', '/data/bulk/Task', { body: [{ n: 1 }, { n: 2 }], token: y.token }),
    );
    const xs: string[] = await ok(
      await f.api('POST', '/data/bulk/Task', { body: [{ n: 3 }, { n: 4 }], token: x.token }),
    );
    // Bulk updates tell each record as an objectId only: the owner is read for the decision.
    expect(
      await ok(
        await f.api('PUT', `/data/bulk/Task?where=${encodeURIComponent('n > 0')}`, { body: { n: 10 }, token: y.token }),
      ),
    ).toBe(2);
    expect(
      await ok(
        await f.api('PUT', `/data/bulk/Task?where=${encodeURIComponent('n > 0')}`, { body: { n: 20 }, token: x.token }),
      ),
    ).toBe(2);
    // The console lists children of both users under a parent of each.
    await ok(await f.console('PUT', `/data/Task/${ys[0]}/subtasks`, [xs[1], ys[1]]));
    await ok(await f.console('PUT', `/data/Task/${xs[0]}/subtasks`, [xs[1], ys[1]]));
    expect(await ok(await f.api('POST', '/data/bulk/Task/delete', { body: { where: 'n > 0' }, token: y.token }))).toBe(
      2,
    );
    expect(await ok(await f.api('POST', '/data/bulk/Task/delete', { body: { where: 'n > 0' }, token: x.token }))).toBe(
      2,
    );

    await cx.next(() => cx.data(deleted).length >= 2 && cx.data(updated).length >= 3);
    await pause(200);
    expect(cx.data(bulkCreated)).toEqual([xs]);
    // Bulk update and delete answers name a condition and a count over others' records too: a
    // subscriber that may Find only some records hears of its own through the per-record events.
    expect(cx.data(bulkUpdated)).toEqual([]);
    // X's records from its bulk update, and its parent again from the relation change (told as an
    // objectId only too); Y's parent's change is not told.
    expect(ids(cx.data(updated)).sort()).toEqual([...xs, xs[0]].sort());
    expect(ids(cx.data(deleted)).sort()).toEqual([...xs].sort());
    expect(cx.data(added)).toEqual([{ parentObjectId: xs[0], isConditional: false, children: [xs[1]] }]);
  });

  it("a record ACL DENY hides that record's events from the user it names", async () => {
    await f.table('Pub', [{ name: 'v', dataType: 'INT' }]);
    const cx = await open(x.token);
    const cy = await open(y.token);
    const [ux, uy] = [
      await cx.ready('OBJECTS_CHANGES', { event: 'updated', tableName: 'Pub' }),
      await cy.ready('OBJECTS_CHANGES', { event: 'updated', tableName: 'Pub' }),
    ];
    const dx = await cx.ready('OBJECTS_CHANGES', { event: 'deleted', tableName: 'Pub' });
    const r1 = await create('Pub', null, { v: 1 });
    const r2 = await create('Pub', null, { v: 2 });
    await ok(
      await f.console('PUT', `/security/data/Pub/objectAcl/${r1}/users/${x.objectId}`, {
        operation: 'Find',
        access: 'DENY',
      }),
    );
    await ok(await f.api('PUT', `/data/Pub/${r1}`, { body: { v: 11 } }));
    await ok(await f.api('PUT', `/data/Pub/${r2}`, { body: { v: 22 } }));
    await ok(await f.api('DELETE', `/data/Pub/${r1}`));
    await ok(await f.api('DELETE', `/data/Pub/${r2}`));
    await cx.next(() => cx.data(dx).length >= 1);
    await cy.next(() => cy.data(uy).length >= 2);
    await pause(150);
    expect(cx.data(ux)).toEqual([expect.objectContaining({ objectId: r2, v: 22 })]);
    expect(ids(cx.data(dx))).toEqual([r2]);
    expect(ids(cy.data(uy))).toEqual([r1, r2]);
  });

  it('a column Find DENY strips the column from events and refuses a where clause naming it', async () => {
    const { tableId } = await f.table('Card', [
      { name: 'title', dataType: 'STRING' },
      { name: 'secret', dataType: 'STRING' },
    ]);
    await ok(
      await f.console(
        'PUT',
        `/security/data/${tableId}/columns/permissions/Find/${await f.roleId('AuthenticatedUser')}`,
        { column: 'secret', access: 'DENY' },
      ),
    );
    const cx = await open(x.token);
    const anon = await open(null);
    const [sx, sa] = [
      await cx.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Card' }),
      await anon.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Card' }),
    ];
    const refused = await cx.subscribe('OBJECTS_CHANGES', {
      event: 'created',
      tableName: 'Card',
      whereClause: "secret = 'a'",
    });
    expect(refused.error).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining("'secret'") });
    // Passwords are never shown, so never filtered on either.
    expect(
      (
        await cx.subscribe('OBJECTS_CHANGES', {
          event: 'updated',
          tableName: 'Users',
          whereClause: "password LIKE 'a%'",
        })
      ).error?.code,
    ).toBe('FORBIDDEN');

    const id = await create('Card', null, { title: 't', secret: 's' });
    await cx.next(() => cx.data(sx).length >= 1);
    await anon.next(() => anon.data(sa).length >= 1);
    const [seen] = cx.data(sx);
    expect(seen).toMatchObject({ objectId: id, title: 't' });
    expect(seen).not.toHaveProperty('secret');
    expect(anon.data(sa)).toEqual([expect.objectContaining({ objectId: id, secret: 's' })]);
  });

  it('a permission changed through the console applies to the very next event', async () => {
    const { tableId } = await f.table('Live', [
      { name: 'v', dataType: 'INT' },
      { name: 'note', dataType: 'STRING' },
    ]);
    const cx = await open(x.token);
    const sub = await cx.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Live' });
    const r1 = await create('Live', null, { v: 1, note: 'n1' });
    await cx.next(() => cx.data(sub).length >= 1);

    // Denied: the next record is not told (well within the policy memory's TTL).
    await setRole(tableId, 'AuthenticatedUser', 'Find', 'DENY');
    await create('Live', null, { v: 2 });
    // Granted again to owners only: others' records stay untold, X's own is told.
    await ok(await f.console('PUT', `/security/data/ownerpolicy/${tableId}`, { operation: 'Find', access: 'GRANT' }));
    await create('Live', y, { v: 3 });
    const r4 = await create('Live', x, { v: 4 });
    // The role rule dropped and a column denied: everything is told again, without the column.
    await setRole(tableId, 'AuthenticatedUser', 'Find', null);
    await ok(
      await f.console('PUT', `/security/data/${tableId}/columns/permissions/Find/${x.objectId}`, {
        column: 'note',
        access: 'DENY',
      }),
    );
    const r5 = await create('Live', null, { v: 5, note: 'n5' });
    await cx.next(() => cx.data(sub).length >= 3);
    await pause(150);
    const seen = cx.data(sub);
    expect(ids(seen)).toEqual([r1, r4, r5]);
    expect(seen[0]).toHaveProperty('note', 'n1');
    expect(seen[2]).not.toHaveProperty('note');
  });

  it('a new user token changes what the connection is told', async () => {
    const { tableId } = await f.table('Diary', [{ name: 'v', dataType: 'INT' }]);
    await ownerOnly(tableId);
    const c = await open(x.token);
    const sub = await c.ready('OBJECTS_CHANGES', { event: 'created', tableName: 'Diary' });
    const a = await create('Diary', x, { v: 1 });
    await c.next(() => c.data(sub).length >= 1);
    expect((await c.call('SET_USER_TOKEN', { userToken: y.token })).result).toBeNull();
    await create('Diary', x, { v: 2 });
    const b = await create('Diary', y, { v: 3 });
    await c.next(() => c.data(sub).length >= 2);
    await pause(150);
    expect(ids(c.data(sub))).toEqual([a, b]);
  });
});
