import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi.test-helpers.js';

type Sdk = typeof Backendless;
type Rec = Record<string, any>;
type SdkError = Error & { code?: number; status?: number };

/**
 * Units of work through the published `backendless` SDK's `UnitOfWork`, unchanged, over real HTTP:
 * all or nothing, references between operations, permissions per operation, failures answered in
 * the shape the SDK reads, and events only after a commit.
 */
describeEachDb('transactions (unit of work) through the backendless SDK', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (): Sdk =>
    Backendless.initApp({
      serverURL: origin,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    } as never) as unknown as Sdk;
  const uowOf = (app: Sdk) => new (app as any).UnitOfWork();
  const ok = async (res: { statusCode: number; body: string; json(): any }) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const count = async (table: string, where?: string) =>
    (await ok(await f.api('POST', `/data/${table}/count`, { body: where ? { where } : {} }))) as number;
  const unit = (body: unknown) => f.api('POST', '/transaction/unit-of-work', { body, key: f.keys.JS });

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
    ]);
    await ok(
      await f.console('POST', '/data/tables/Person/columns', { name: 'email', dataType: 'STRING', unique: true }),
    );
    await f.table('Address', [{ name: 'street', dataType: 'STRING' }]);
    await ok(
      await f.console('POST', '/data/tables/Person/columns/relation', {
        name: 'addresses',
        toTableName: 'Address',
        relationshipType: 'ONE_TO_MANY',
      }),
    );
    await ok(
      await f.console('POST', '/data/tables/Person/columns/relation', {
        name: 'home',
        toTableName: 'Address',
        relationshipType: 'ONE_TO_ONE',
      }),
    );
    const locked = await f.table('Locked', [{ name: 'name', dataType: 'STRING' }]);
    const anonymous = await f.roleId('NotAuthenticatedUser');
    await ok(
      await f.console('PUT', `/security/data/${locked.tableId}/roles/${anonymous}`, {
        permissions: [{ operation: 'Create', access: 'DENY' }],
      }),
    );
    origin = await listenForClients(server());
  });

  it('creates, updates by reference, then fails on a unique clash: nothing is written and the failing operation is named', async () => {
    const app = sdk();
    await app.Data.of('Person').save({ name: 'Taken', email: 'taken@example.com' });
    const created: Rec[] = [];
    const off = server().app.basalt.bus.on('record.created', (e) => {
      if (e.appId === f.appId) created.push(e.record);
    });
    try {
      const uow = uowOf(app);
      const create = uow.create('Person', { name: 'Ann', email: 'ann@example.com', age: 30 });
      uow.update(create, { name: 'Ann Updated' });
      const clash = uow.create('Person', { name: 'Copy', email: 'taken@example.com' });
      const result = await uow.execute();
      expect(result.isSuccess()).toBe(false);
      expect(result.getResults()).toBeNull();
      const error = result.getError();
      expect(error.operation).toBe(clash);
      expect(clash.getError()).toBe(error);
      expect(clash.getOpResultId()).toBe('createPerson2');
      expect(error.code).toBe(1155);
      expect(error.message).toMatch(/email/);
      expect(create.getResult()).toBeNull();
      expect(await count('Person', "name like 'Ann%'")).toBe(0);
      expect(await count('Person', "email = 'taken@example.com'")).toBe(1);
      // The rolled-back create was never told to listeners.
      expect(created.filter((r) => String(r.name).startsWith('Ann'))).toEqual([]);

      // The same unit without the clash commits both writes, and only then tells them.
      const again = uowOf(app);
      const made = again.create('Person', { name: 'Ann', email: 'ann@example.com', age: 30 });
      const changed = again.update(made, { name: 'Ann Updated' });
      const done = await again.execute();
      expect(done.isSuccess()).toBe(true);
      expect(done.getError()).toBeNull();
      expect(made.getResult()).toMatchObject({ name: 'Ann', ___class: 'Person', age: 30 });
      expect(changed.getResult()).toMatchObject({ objectId: made.getResult().objectId, name: 'Ann Updated', age: 30 });
      expect(done.getResults().createPerson1).toMatchObject({ operationType: 'CREATE', type: 'CREATE' });
      expect(await count('Person', "name = 'Ann Updated'")).toBe(1);
      expect(created.map((r) => r.objectId)).toEqual([made.getResult().objectId]);
    } finally {
      off();
    }
  });

  it('resolves references across operation types: bulk results, find results by index and whole, properties', async () => {
    const app = sdk();
    const [a1] = (await app.Data.of('Address').bulkCreate([
      { street: 'Old 1' },
      { street: 'Old 2' },
      { street: 'Old 3' },
    ])) as unknown as string[];
    const uow = uowOf(app);
    const streets = uow.bulkCreate('Address', [{ street: 'New 1' }, { street: 'New 2' }]);
    const person = uow.create('Person', { name: 'Bob', age: 40 });
    const setAll = uow.setRelation(person, 'addresses', streets);
    const withChildren = uow.find(
      'Person',
      Backendless.DataQueryBuilder.create().setWhereClause("name = 'Bob'").setRelated(['addresses']),
    );
    const found = uow.find(
      'Address',
      Backendless.DataQueryBuilder.create().setWhereClause("street like 'Old%'").setSortBy(['street']),
    );
    const addOne = uow.addToRelation(person, 'addresses', [found.resolveTo(1), a1]);
    const home = uow.setRelation(person, 'home', [streets.resolveTo(0)]);
    const renamed = uow.update(found.resolveTo(2), { street: 'Old 3 renamed' });
    const copied = uow.update(person, 'name', renamed.resolveTo('street'));
    const bulkUpdated = uow.bulkUpdate(streets, { street: 'New (bulk)' });
    const dropped = uow.deleteRelation(person, 'addresses', [streets.resolveTo(1)]);
    const removed = uow.delete(found.resolveTo(0));
    const bulks: Rec[] = [];
    const off = server().app.basalt.bus.on('records.bulk', (e) => {
      if (e.appId === f.appId) bulks.push(e);
    });
    const result = await uow.execute().finally(off);
    expect(result.getError()).toBeNull();
    expect(result.isSuccess()).toBe(true);
    expect(streets.getResult()).toHaveLength(2);
    expect(setAll.getResult()).toBe(2);
    expect(
      withChildren
        .getResult()[0]
        .addresses.map((x: Rec) => x.street)
        .sort(),
    ).toEqual(['New 1', 'New 2']);
    // Told as the single bulk routes tell it, once the unit committed.
    const ids = streets.getResult() as string[];
    expect(bulks.find((b) => b.event === 'bulk-updated')).toMatchObject({
      table: 'Address',
      whereClause: `objectId IN (${ids.map((id) => `'${id}'`).join(',')})`,
      count: 2,
    });
    expect(found.getResult().map((r: Rec) => r.street)).toEqual(['Old 1', 'Old 2', 'Old 3']);
    expect(addOne.getResult()).toBe(2);
    expect(home.getResult()).toBe(1);
    expect(renamed.getResult().street).toBe('Old 3 renamed');
    expect(copied.getResult().name).toBe('Old 3 renamed');
    expect(bulkUpdated.getResult()).toBe(2);
    expect(dropped.getResult()).toBe(1);
    expect(typeof removed.getResult()).toBe('number');

    const [stored] = (await app.Data.of('Person').find(
      Backendless.DataQueryBuilder.create()
        .setWhereClause(`objectId = '${person.getResult().objectId}'`)
        .setRelated(['addresses', 'home']),
    )) as Rec[];
    expect(stored.name).toBe('Old 3 renamed');
    expect(stored.addresses.map((x: Rec) => x.street).sort()).toEqual(['New (bulk)', 'Old 2']);
    expect(stored.home.objectId).toBe(streets.getResult()[0]);
    expect(await count('Address', "street = 'Old 1'")).toBe(0);
  });

  it('a find inside the unit sees the unit’s own earlier writes, and upserts and bulk forms answer as the SDK reads them', async () => {
    const app = sdk();
    const uow = uowOf(app);
    uow.bulkCreate('Person', [
      { name: 'Inside 1', age: 1 },
      { name: 'Inside 2', age: 2 },
    ]);
    const upsert = uow.upsert('Person', { objectId: 'fixed-id-1', name: 'Inside 3', age: 3 });
    const bulkUpsert = uow.bulkUpsert('Person', [
      { objectId: 'fixed-id-1', name: 'Inside 3', age: 33 },
      { name: 'Inside 4', age: 4 },
    ]);
    const seen = uow.find(
      'Person',
      Backendless.DataQueryBuilder.create()
        .setWhereClause("name like 'Inside%'")
        .setSortBy(['name'])
        .setProperties(['name', 'age']),
    );
    const deleted = uow.bulkDelete('Person', "name = 'Inside 1'");
    const after = uow.find('Person', Backendless.DataQueryBuilder.create().setWhereClause("name like 'Inside%'"));
    const result = await uow.execute();
    expect(result.getError()).toBeNull();
    expect(upsert.getResult()).toMatchObject({ objectId: 'fixed-id-1', age: 3 });
    expect(bulkUpsert.getResult()).toHaveLength(2);
    expect(bulkUpsert.getResult()[0]).toBe('fixed-id-1');
    expect(seen.getResult().map((r: Rec) => [r.name, r.age])).toEqual([
      ['Inside 1', 1],
      ['Inside 2', 2],
      ['Inside 3', 33],
      ['Inside 4', 4],
    ]);
    expect(deleted.getResult()).toBe(1);
    expect(after.getResult()).toHaveLength(3);
    expect(await count('Person', "name like 'Inside%'")).toBe(3);
  });

  it('a refused operation rolls back everything before it, with the permission engine’s own refusal', async () => {
    const app = sdk();
    const uow = uowOf(app);
    uow.create('Person', { name: 'Before refusal' });
    uow.bulkCreate('Address', [{ street: 'Before refusal' }]);
    const refused = uow.create('Locked', { name: 'nope' });
    const result = await uow.execute();
    expect(result.isSuccess()).toBe(false);
    expect(result.getError().operation).toBe(refused);
    expect(result.getError().code).toBe(1011);
    expect(result.getError().message).toMatch(/Permission denied/);
    expect(await count('Person', "name = 'Before refusal'")).toBe(0);
    expect(await count('Address', "street = 'Before refusal'")).toBe(0);

    // A logged-in user is not refused by the rule: the same unit commits.
    await app.UserService.register({ email: 'unit-writer@example.com', password: 'unit pass 1' } as never);
    const user = (await app.UserService.login('unit-writer@example.com', 'unit pass 1')) as unknown as Rec;
    const allowed = uowOf(app);
    const mine = allowed.create('Locked', { name: 'by a user' });
    expect((await allowed.execute()).isSuccess()).toBe(true);
    expect(mine.getResult().ownerId).toBe(user.objectId);
    await app.UserService.logout();
  });

  it('refuses schema changes and malformed operations in the SDK’s shape, and malformed bodies with 400', async () => {
    const app = sdk();
    const uow = uowOf(app);
    uow.create('Person', { name: 'Schema' });
    const bad = uow.create('Person', { name: 'x', unknownColumn: 1 });
    const result = await uow.execute();
    expect(result.getError().operation).toBe(bad);
    expect(result.getError().message).toMatch(/Column 'unknownColumn' does not exist in table 'Person'/);
    expect(await count('Person', "name = 'Schema'")).toBe(0);

    const missing = uowOf(app);
    const noTable = missing.create('NoSuchTable', { name: 'x' });
    const r2 = await missing.execute();
    expect([r2.getError().operation, r2.getError().code]).toEqual([noTable, 1009]);

    const later = await unit({
      operations: [
        {
          operationType: 'UPDATE',
          table: 'Person',
          opResultId: 'u1',
          payload: { objectId: { ___ref: true, opResultId: 'c1', propName: 'objectId' }, name: 'x' },
        },
        { operationType: 'CREATE', table: 'Person', opResultId: 'c1', payload: { name: 'Later' } },
      ],
    });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({
      success: false,
      results: null,
      error: { operation: { opResultId: 'u1', operationType: 'UPDATE', table: 'Person' } },
    });
    expect(later.json().error.message).toMatch(/does not come before/);
    expect(await count('Person', "name = 'Later'")).toBe(0);

    const unknownType = await unit({
      operations: [{ operationType: 'MERGE', table: 'Person', opResultId: 'm1', payload: {} }],
    });
    expect(unknownType.json()).toMatchObject({
      success: false,
      error: { code: 8000, operation: { opResultId: 'm1' } },
    });
    const outOfRange = await unit({
      operations: [
        { operationType: 'FIND', table: 'Person', opResultId: 'f1', payload: { whereClause: "name = 'nobody'" } },
        {
          operationType: 'DELETE',
          table: 'Person',
          opResultId: 'd1',
          payload: { ___ref: true, opResultId: 'f1', resultIndex: 0, propName: 'objectId' },
        },
      ],
    });
    expect(outOfRange.json()).toMatchObject({ success: false, error: { operation: { opResultId: 'd1' } } });
    expect(outOfRange.json().error.message).toMatch(/no result at index 0/);

    for (const body of [
      [],
      { operations: 'x' },
      { operations: [{ operationType: 'CREATE' }] },
      { isolationLevelEnum: 'CHAOS', operations: [] },
    ]) {
      const res = await unit(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(8000);
    }
    const tooMany = await unit({
      operations: Array.from({ length: 1001 }, (_, i) => ({
        operationType: 'FIND',
        table: 'Person',
        opResultId: `f${i}`,
        payload: {},
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 1000 operations/);
  });

  it('answers hostile units with a failure or a 400, never a 5xx, and writes nothing of them', async () => {
    const before = await count('Person');
    const op = (operationType: unknown, payload: unknown, table: unknown = 'Person', opResultId: unknown = 'h1') => ({
      operationType,
      table,
      payload,
      opResultId,
    });
    const deep = (n: number): unknown => (n ? { a: deep(n - 1) } : { ___ref: true, opResultId: 'nowhere' });
    const hostile: unknown[] = [
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('UPDATE', { objectId: "x' OR '1'='1", name: 'h' }, 'Person', 'h2'),
        ],
      },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('DELETE_BULK', { unconditional: ["a') OR 1=1 --"] }, 'Person', 'h2'),
        ],
      },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('UPDATE_BULK', { changes: { name: 'x' }, conditional: '1 = 1) OR (1 = 1' }, 'Person', 'h2'),
        ],
      },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op(
            'SET_RELATION',
            {
              parentObject: { ___ref: true, opResultId: 'h1', propName: 'objectId' },
              relationColumn: 'friends:Person:n',
              unconditional: [],
            },
            'Person',
            'h2',
          ),
        ],
      },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('DELETE', { ___ref: true, opResultId: 'h1', resultIndex: 1e300 }, 'Person', 'h2'),
        ],
      },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('DELETE', { ___ref: true, opResultId: 'h1', propName: '__proto__' }, 'Person', 'h2'),
        ],
      },
      { operations: [op('CREATE', { name: 'h' }), op('CREATE', deep(60), 'Person', 'h2')] },
      {
        operations: [
          op('CREATE', { name: 'h' }),
          op('FIND', { whereClause: "name = 'a' AND (", pageSize: -1 }, 'Person', 'h2'),
        ],
      },
      { operations: [op('CREATE', { name: 'h' }), op('CREATE_BULK', [1, 'two', null], 'Person', 'h2')] },
      {
        operations: [op('CREATE', { name: 'h', created: 'yesterday', ownerId: 'someone', age: 'old' }, 'Person', 'h2')],
      },
      { operations: [op(null, {}), op('CREATE', { name: 'h' }, 'Person', 'h2')] },
      { operations: [op('CREATE', { name: 'h' }, ['Person'])] },
      { operations: [op('CREATE', { name: 'h' }, 'Person', { id: 1 })] },
      { operations: [null] },
      { isolationLevelEnum: 42, operations: [] },
      'operations',
    ];
    for (const body of hostile) {
      const res = await unit(body);
      expect([200, 400, 415], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: false, results: null });
    }
    expect(await count('Person')).toBe(before);
  });

  it('takes every isolation level; PostgreSQL runs the unit at the level asked', async () => {
    const app = sdk();
    for (const level of ['READ_UNCOMMITTED', 'READ_COMMITTED', 'REPEATABLE_READ', 'SERIALIZABLE']) {
      const uow = uowOf(app);
      uow.setIsolationLevel(level);
      uow.create('Address', { street: `Level ${level}` });
      expect((await uow.execute()).isSuccess()).toBe(true);
    }
    expect(await count('Address', "street like 'Level %'")).toBe(4);
    const dbs = server().app.basalt.dbs;
    if (dbs.kind === 'postgres') {
      const level = await dbs.appTransaction(
        f.appId,
        'serializable',
        async (trx) =>
          (await sql<{ l: string }>`select current_setting('transaction_isolation') as l`.execute(trx)).rows[0].l,
      );
      expect(level).toBe('serializable');
      const fallback = await dbs.appTransaction(
        f.appId,
        undefined,
        async (trx) =>
          (await sql<{ l: string }>`select current_setting('transaction_isolation') as l`.execute(trx)).rows[0].l,
      );
      expect(fallback).toBe('repeatable read');
    }
  });

  it('concurrent units over the same records all end in success or 409, never a 500, and none is half written', async () => {
    const app = sdk();
    const ids = (await app.Data.of('Address').bulkCreate(
      Array.from({ length: 6 }, (_, i) => ({ street: `Busy ${i}` })),
    )) as unknown as string[];
    const runs = Array.from({ length: 8 }, async (_, i) => {
      const uow = uowOf(app);
      uow.setIsolationLevel(i % 2 ? 'SERIALIZABLE' : 'REPEATABLE_READ');
      // Opposite orders: two plain transactions would wait on each other.
      const order = i % 2 ? [...ids].reverse() : ids;
      for (const id of order) uow.update('Address', { objectId: id, street: `Busy by ${i}` });
      uow.create('Person', { name: `Racer ${i}` });
      try {
        return (await uow.execute()).isSuccess() ? 'ok' : 'failed';
      } catch (err) {
        return `status ${(err as SdkError).status}`;
      }
    });
    const outcomes = await Promise.all(runs);
    for (const o of outcomes) expect(['ok', 'status 409']).toContain(o);
    const won = outcomes.filter((o) => o === 'ok').length;
    expect(won).toBeGreaterThan(0);
    expect(await count('Person', "name like 'Racer %'")).toBe(won);
    // Every address was last written by one whole unit.
    const streets = new Set(
      (
        (await app.Data.of('Address').find(
          Backendless.DataQueryBuilder.create().setWhereClause("street like 'Busy by %'").setPageSize(100),
        )) as Rec[]
      ).map((r) => r.street),
    );
    expect(streets.size).toBe(1);
  });
});
