import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Sdk = typeof Backendless;
type Rec = Record<string, any>;

async function rejection(p: Promise<unknown>): Promise<Error & { code?: number; status?: number }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: number };
  }
  throw new Error('expected the call to be refused');
}

/**
 * Updates the database computes, through the published SDK: `Backendless.Expression` (inline
 * arithmetic) in save and bulkUpdate, and JSON columns with `JSONUpdateBuilder` operations.
 */
describeEachDb('backendless SDK expressions and JSON columns', (server) => {
  let f: AppFixture;
  let origin: string;
  let api: Sdk;
  const B = Backendless as any;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  const expr = (text: string) => new B.Expression(text);
  const reload = async (table: string, id: string) => (await api.Data.of(table).findById(id)) as Rec;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Employee', [
      { name: 'name', dataType: 'STRING' },
      { name: 'hourlyRate', dataType: 'DOUBLE' },
      { name: 'hours', dataType: 'INT' },
      { name: 'secret', dataType: 'INT' },
    ]);
    await f.table('Profile', [
      { name: 'name', dataType: 'STRING' },
      { name: 'doc', dataType: 'JSON' },
    ]);
    origin = await listenForClients(server());
    api = sdk();
  });

  it('computes a number column from the stored record in save', async () => {
    const e = (await api.Data.of('Employee').save({ name: 'Bob', hourlyRate: 20.5, hours: 7, secret: 3 })) as Rec;
    const raised = (await api.Data.of('Employee').save({
      objectId: e.objectId,
      hourlyRate: expr('hourlyRate + 10.25'),
    })) as Rec;
    expect(raised.hourlyRate).toBe(30.75);
    const more = (await api.Data.of('Employee').save({
      objectId: e.objectId,
      hours: expr('(hours + 1) * 2 - -1'),
      hourlyRate: expr('hourlyRate / 2'),
    })) as Rec;
    expect(more.hours).toBe(17);
    expect(more.hourlyRate).toBe(15.375);
    // An INT column takes the rounded result; a division by zero gives null on both databases.
    expect(
      ((await api.Data.of('Employee').save({ objectId: e.objectId, hours: expr('hours / 3') })) as Rec).hours,
    ).toBe(6);
    expect(
      (
        (await api.Data.of('Employee').save({
          objectId: e.objectId,
          hourlyRate: expr('hourlyRate / (hours - 6)'),
        })) as Rec
      ).hourlyRate,
    ).toBeNull();
    // Beyond double precision: null on SQLite (infinity), PostgreSQL's overflow a 400; never a 500.
    const over = api.Data.of('Employee').save({
      objectId: e.objectId,
      hourlyRate: expr('1e308 * 10'),
      hours: expr('1e300'),
    });
    if (server().kind === 'postgres') expect((await rejection(over)).status).toBe(400);
    else expect(await over).toMatchObject({ hourlyRate: null, hours: null });
  });

  it('computes per record in bulkUpdate', async () => {
    const ids = [];
    for (const [name, rate] of [
      ['Ann', 10],
      ['Al', 12],
      ['Zed', 50],
    ] as const)
      ids.push(((await api.Data.of('Employee').save({ name, hourlyRate: rate, hours: 1 })) as Rec).objectId);
    expect(
      await api.Data.of('Employee').bulkUpdate("name LIKE 'A%'", { hourlyRate: expr('hourlyRate * 2 + hours') }),
    ).toBe(2);
    expect((await reload('Employee', ids[0])).hourlyRate).toBe(21);
    expect((await reload('Employee', ids[1])).hourlyRate).toBe(25);
    expect((await reload('Employee', ids[2])).hourlyRate).toBe(50);
  });

  it('refuses a bad expression with a 400 naming it, and changes nothing', async () => {
    const e = (await api.Data.of('Employee').save({ name: 'Eve', hourlyRate: 1, hours: 1 })) as Rec;
    for (const [text, says] of [
      ['hourlyRate +', 'ends'],
      ['hourlyRate; DROP TABLE Employee', "';'"],
      ['name + 1', 'not a number'],
      ['nope * 2', "'nope'"],
      ["hourlyRate + 'x'", "'''"],
      ['hourlyRate -- 1', 'Comments'],
      ['sleep(5)', "'('"],
      ['(((1)', "')'"],
    ]) {
      const err = await rejection(api.Data.of('Employee').save({ objectId: e.objectId, hourlyRate: expr(text) }));
      expect(err.status, text).toBe(400);
      expect(err.message, text).toContain(says);
    }
    // Only number columns take one, and only in updates.
    expect(
      (await rejection(api.Data.of('Employee').save({ objectId: e.objectId, name: expr('hours + 1') }))).status,
    ).toBe(400);
    expect((await rejection(api.Data.of('Employee').save({ name: 'New', hours: expr('hours + 1') }))).status).toBe(400);
    expect(await reload('Employee', e.objectId)).toMatchObject({ hourlyRate: 1, hours: 1, name: 'Eve' });
  });

  it('refuses an expression that reads a column the caller may not read', async () => {
    const e = (await sdk(f.keys.REST).Data.of('Employee').save({ name: 'Sam', hours: 1, secret: 42 })) as Rec;
    const { tableId } = (await f.console('GET', '/data/tables')).json().tables.find((t: Rec) => t.name === 'Employee');
    const res = await f.console(
      'PUT',
      `/security/data/${tableId}/columns/permissions/Find/${await f.roleId('RestUser')}`,
      { column: 'secret', access: 'DENY' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const err = await rejection(
      sdk(f.keys.REST)
        .Data.of('Employee')
        .save({ objectId: e.objectId, hours: expr('secret + 0') }),
    );
    expect(err.status).toBe(403);
    expect((await reload('Employee', e.objectId)).hours).toBe(1);
  });

  it('stores and answers any JSON value in a JSON column', async () => {
    const doc = {
      name: 'Joe',
      age: 34,
      address: { city: 'New York' },
      favoriteNumbers: [5, 7, 9],
      tags: ['a'],
      ok: true,
      none: null,
    };
    const p = (await api.Data.of('Profile').save({ name: 'joe', doc })) as Rec;
    expect(p.doc).toEqual(doc);
    expect((await reload('Profile', p.objectId)).doc).toEqual(doc);
    const list = (await api.Data.of('Profile').save({ name: 'list', doc: [1, 'two', { three: 3 }] })) as Rec;
    expect((await reload('Profile', list.objectId)).doc).toEqual([1, 'two', { three: 3 }]);
    const text = (await api.Data.of('Profile').save({ name: 'text', doc: 'just text' })) as Rec;
    expect((await reload('Profile', text.objectId)).doc).toBe('just text');
  });

  it('applies JSON_SET, JSON_INSERT, JSON_REPLACE, JSON_REMOVE, JSON_ARRAY_APPEND and JSON_ARRAY_INSERT', async () => {
    const J = B.JSONUpdateBuilder;
    const p = (await api.Data.of('Profile').save({
      name: 'ops',
      doc: { a: 1, b: { c: 2 }, list: [1, 2, 3], one: 'x' },
    })) as Rec;
    const apply = async (builder: unknown) =>
      ((await api.Data.of('Profile').save({ objectId: p.objectId, doc: builder })) as Rec).doc;
    expect(await apply(J.SET().addArgument('$.a', 10).addArgument('$.b.d', { deep: true }))).toEqual({
      a: 10,
      b: { c: 2, d: { deep: true } },
      list: [1, 2, 3],
      one: 'x',
    });
    // INSERT adds what is missing only; REPLACE changes what exists only.
    expect(await apply(J.INSERT().addArgument('$.a', 99).addArgument('$.n', 'new'))).toMatchObject({ a: 10, n: 'new' });
    const replaced = await apply(J.REPLACE().addArgument('$.a', 11).addArgument('$.missing', 1));
    expect(replaced.a).toBe(11);
    expect(replaced).not.toHaveProperty('missing');
    const removed = await apply(J.REMOVE().addArgument('$.n').addArgument('$.b.d'));
    expect(removed).toEqual({ a: 11, b: { c: 2 }, list: [1, 2, 3], one: 'x' });
    // ARRAY_APPEND appends to an array, and makes an array of a single value.
    expect(await apply(J.ARRAY_APPEND().addArgument('$.list', 4).addArgument('$.one', 'y'))).toMatchObject({
      list: [1, 2, 3, 4],
      one: ['x', 'y'],
    });
    // A missing path is left alone.
    expect(await apply(J.ARRAY_APPEND().addArgument('$.none', 1))).not.toHaveProperty('none');
    // ARRAY_INSERT places the value before the index (at the end past it).
    expect(
      (await apply(J.ARRAY_INSERT().addArgument('$.list[1]', { at: 1 }).addArgument('$.list[99]', 'end'))).list,
    ).toEqual([1, { at: 1 }, 2, 3, 4, 'end']);
    // A record stored without a document gets one from SET.
    const empty = (await api.Data.of('Profile').save({ name: 'empty' })) as Rec;
    expect(
      ((await api.Data.of('Profile').save({ objectId: empty.objectId, doc: J.SET().addArgument('$.x', 1) })) as Rec)
        .doc,
    ).toEqual({ x: 1 });
    // Through bulkUpdate as well.
    expect(await api.Data.of('Profile').bulkUpdate("name = 'ops'", { doc: J.SET().addArgument('$.bulk', true) })).toBe(
      1,
    );
    expect((await reload('Profile', p.objectId)).doc.bulk).toBe(true);
  });

  it('refuses bad JSON operations with a 400 and keeps the document', async () => {
    const J = B.JSONUpdateBuilder;
    const p = (await api.Data.of('Profile').save({ name: 'keep', doc: { a: 1 } })) as Rec;
    const bad = async (body: Rec, says: string) => {
      const err = await rejection(api.Data.of('Profile').save({ objectId: p.objectId, ...body }));
      expect(err.status, says).toBe(400);
      expect(err.message).toContain(says);
    };
    await bad({ doc: J.SET().addArgument("$.a'); DROP TABLE x; --", 1) }, 'Invalid JSON path');
    await bad({ doc: J.SET().addArgument('$.*', 1) }, 'Invalid JSON path');
    await bad({ doc: J.SET().addArgument('a', 1) }, 'starts with $');
    await bad({ doc: { ___operation: 'JSON_MERGE', args: { '$.a': 1 } } }, 'unknown JSON operation');
    await bad({ doc: J.ARRAY_INSERT().addArgument('$.a', 1) }, 'array index');
    await bad({ name: J.SET().addArgument('$.a', 1) }, 'not a JSON column');
    expect(
      (await rejection(api.Data.of('Profile').save({ name: 'n', doc: J.SET().addArgument('$.a', 1) }))).status,
    ).toBe(400);
    expect((await rejection(api.Data.of('Profile').save({ name: 'n', doc: { bad: 'x\ud800y' } }))).status).toBe(400);
    expect((await reload('Profile', p.objectId)).doc).toEqual({ a: 1 });
    // A path that does not fit the document (through a scalar, a member of an array, an index of
    // an object) leaves it as it is, on both databases, as MySQL does.
    const scalar = (await api.Data.of('Profile').save({ name: 'scalar', doc: 'text' })) as Rec;
    for (const op of [
      J.SET().addArgument('$.a', 1),
      J.INSERT().addArgument('$.a', 1),
      J.REPLACE().addArgument('$.a', 1),
      J.REMOVE().addArgument('$.a'),
      J.ARRAY_APPEND().addArgument('$.a', 1),
      J.ARRAY_INSERT().addArgument('$.a[0]', 1),
    ]) {
      expect(((await api.Data.of('Profile').save({ objectId: scalar.objectId, doc: op })) as Rec).doc).toBe('text');
    }
    const list = (await api.Data.of('Profile').save({ name: 'array', doc: [1, { b: 2 }] })) as Rec;
    expect(
      (
        (await api.Data.of('Profile').save({
          objectId: list.objectId,
          doc: J.SET().addArgument('$.a', 1).addArgument('$[1].b', 3),
        })) as Rec
      ).doc,
    ).toEqual([1, { b: 3 }]);
    expect(
      (
        (await api.Data.of('Profile').save({
          objectId: list.objectId,
          doc: J.REMOVE().addArgument('$.x').addArgument('$[1][0]'),
        })) as Rec
      ).doc,
    ).toEqual([1, { b: 3 }]);
    expect(
      (
        (await api.Data.of('Profile').save({
          objectId: p.objectId,
          doc: J.SET().addArgument('$[0]', 1).addArgument('$.a.b.c', 1),
        })) as Rec
      ).doc,
    ).toEqual({ a: 1 });
  });

  it("finds by values inside JSON documents with column->'$.path' in where", async () => {
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'profile', dataType: 'JSON' },
    ]);
    const people = api.Data.of('Person');
    await people.save({
      name: 'Joe',
      profile: { age: 34, address: { city: 'New York' }, favoriteNumbers: [5, 7, 9], member: true },
    });
    await people.save({
      name: 'Bob',
      profile: { age: 55, address: { city: 'Chicago' }, favoriteNumbers: [21, 100], member: false },
    });
    await people.save({ name: 'Kid', profile: { age: 'unknown', address: null } });
    await people.save({ name: 'Nil' });
    const names = async (where: string) =>
      ((await people.find(B.DataQueryBuilder.create().setWhereClause(where).setSortBy(['name']))) as Rec[]).map(
        (r) => r.name,
      );
    expect(await names("profile->'$.age' > 30")).toEqual(['Bob', 'Joe']);
    // A text where a number is asked for never matches (on SQLite too, whose types would order it).
    expect(await names("profile->'$.age' > 0")).toEqual(['Bob', 'Joe']);
    expect(await names("profile->'$.age' = 'unknown'")).toEqual(['Kid']);
    expect(await names("profile->'$.address.city' = 'New York'")).toEqual(['Joe']);
    expect(await names("profile->'$.address.city' LIKE 'chi%'")).toEqual(['Bob']);
    expect(await names("profile->'$.favoriteNumbers[0]' IN (5, 21)")).toEqual(['Bob', 'Joe']);
    expect(await names("profile->'$.member' = true")).toEqual(['Joe']);
    expect(await names("profile->'$.age' BETWEEN 50 AND 60 OR name = 'Kid'")).toEqual(['Bob', 'Kid']);
    expect(await names("profile->'$.address.city' IS NULL")).toEqual(['Kid', 'Nil']);
    expect(await people.getObjectCount("profile->>'$.age' >= 34")).toBe(2);
    // Values inside the documents as properties of their own, as JSON (numbers, text, lists, objects).
    const picked = (await people.find(
      B.DataQueryBuilder.create()
        .setProperties([
          'name',
          "profile->'$.address.city' as city",
          "profile->'$.favoriteNumbers' as nums",
          "profile->'$.age'",
          "profile->'$.address' as address",
        ])
        .setWhereClause("name IN ('Joe', 'Kid')")
        .setSortBy(['name']),
    )) as Rec[];
    expect(picked).toEqual([
      expect.objectContaining({
        name: 'Joe',
        city: 'New York',
        nums: [5, 7, 9],
        "profile->'$.age'": 34,
        address: { city: 'New York' },
      }),
      expect.objectContaining({ name: 'Kid', city: null, nums: null, "profile->'$.age'": 'unknown', address: null }),
    ]);
    expect(picked[0]).not.toHaveProperty('profile');
    expect((await rejection(people.find(B.DataQueryBuilder.create().setProperties(["name->'$.a' as x"])))).status).toBe(
      400,
    );
    for (const [where, says] of [
      ["profile->'$.a'' OR 1=1 --' = 1", 'Invalid JSON path'],
      ["profile->'$.*' = 1", 'Invalid JSON path'],
      ["profile->'age' = 1", 'starts with $'],
      ["profile = 'x'", 'JSON column'],
      ["name->'$.a' = 1", 'not a JSON column'],
      ['profile-> = 1', 'JSON path in quotes'],
    ]) {
      const err = await rejection(people.find(B.DataQueryBuilder.create().setWhereClause(where)));
      expect(err.status, where).toBe(400);
      expect(err.message, where).toContain(says);
    }
  });

  it('takes expressions and JSON operations inside a unit of work too', async () => {
    const e = (await api.Data.of('Employee').save({ name: 'Uma', hours: 2 })) as Rec;
    const p = (await api.Data.of('Profile').save({ name: 'uow', doc: { n: 1 } })) as Rec;
    const uow = new (api as any).UnitOfWork();
    uow.update('Employee', { objectId: e.objectId, hours: expr('hours * 10 + 1') });
    uow.update('Profile', { objectId: p.objectId, doc: B.JSONUpdateBuilder.SET().addArgument('$.n', 2).create() });
    const result = await uow.execute();
    expect(result.isSuccess(), JSON.stringify(result.getError())).toBe(true);
    expect((await reload('Employee', e.objectId)).hours).toBe(21);
    expect((await reload('Profile', p.objectId)).doc).toEqual({ n: 2 });
  });
});
