import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import type { Kysely } from 'kysely';
import type { AuditTables } from '../audit/audit.migrations.js';
import { DataTypes } from '@basalt/shared';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Sdk = typeof Backendless;
type Rec = Record<string, unknown>;
type SdkError = Error & { code?: number; status?: number };

async function rejection(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the call to be refused');
}

/**
 * Dynamic schema, describe, the Users section and Management.Data.createTable through the
 * published `backendless` SDK, unchanged, over real HTTP, on an app where nothing was created in
 * the console first (decision 0026).
 */
describeEachDb('dynamic schema through the backendless SDK', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  const tables = async () =>
    (await f.console('GET', '/data/tables')).json().tables as Array<{
      name: string;
      tableId: string;
      columns: Array<{ name: string; dataType: string }>;
      relations: Array<{ name: string; toTableName: string; relationshipType: string }>;
    }>;
  const tableNamed = async (name: string) => (await tables()).find((t) => t.name === name);
  const setDynamic = async (on: boolean) =>
    expect((await f.console('PUT', '/data/config', { dynamicSchema: on })).statusCode).toBe(200);
  /**
   * The app's audit rows once one names `target` (entries are recorded after the answer, and earlier
   * tests of this app have entries of their own, so wait for this test's): up to 10 s on a busy machine.
   */
  const auditOf = async (appId: string, target: string) => {
    let rows: Array<{ action: unknown; actor: unknown; target: unknown; summary: unknown }> = [];
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      rows = await (server().app.basalt.dbs.system as unknown as Kysely<AuditTables>)
        .selectFrom('audit_log')
        .select(['action', 'actor', 'target', 'summary'])
        .where('app_id', '=', appId)
        .execute();
      if (
        rows.filter((r) => String(r.target).startsWith(target) && String(r.action).startsWith('dynamic-schema.'))
          .length >= 2
      )
        return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
    return rows;
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('saves to new tables, relates them by the column suffix and finds the related record', async () => {
    const app = sdk();
    const author = (await app.Data.of('Author').save({ name: 'Ann Lee', born: 1970 })) as Rec;
    expect(author).toMatchObject({ name: 'Ann Lee', born: 1970, ___class: 'Author' });
    const book = (await app.Data.of('Book').save({ title: 'Basalt', pages: 320, price: 9.5, inStock: true })) as Rec;
    expect(await app.Data.of('Book').setRelation(book, 'author:Author:1', [author])).toBe(1);

    const query = Backendless.DataQueryBuilder.create().setRelated(['author']);
    const [found] = (await app.Data.of('Book').find(query)) as Rec[];
    expect(found).toMatchObject({
      title: 'Basalt',
      author: { objectId: author.objectId, name: 'Ann Lee', ___class: 'Author' },
    });

    const made = await tableNamed('Book');
    const types = Object.fromEntries(made!.columns.map((c) => [c.name, c.dataType]));
    expect(types).toMatchObject({ title: 'STRING', pages: 'INT', price: 'DOUBLE', inStock: 'BOOLEAN' });
    expect(made!.relations).toEqual([
      expect.objectContaining({ name: 'author', toTableName: 'Author', relationshipType: 'ONE_TO_ONE' }),
    ]);

    // A to-many suffix creates its target table too; the plain name works once it exists.
    const shelf = (await app.Data.of('Shelf').save({ label: 'A' })) as Rec;
    expect(await app.Data.of('Shelf').addRelation(shelf, 'books:Book:n', [book])).toBe(1);
    const second = (await app.Data.of('Book').save({ title: 'Two' })) as Rec;
    expect(await app.Data.of('Shelf').addRelation(shelf, 'books', [second])).toBe(1);
    const reviewParent = (await app.Data.of('Book').save({ title: 'Three' })) as Rec;
    expect(await app.Data.of('Book').setRelation(reviewParent, 'reviews:Review:n', [])).toBe(0);
    expect(await tableNamed('Review')).toBeDefined();
    expect((await tableNamed('Shelf'))!.relations).toEqual([
      expect.objectContaining({ name: 'books', toTableName: 'Book', relationshipType: 'ONE_TO_MANY' }),
    ]);
    const wrongTarget = await rejection(app.Data.of('Book').setRelation(book, 'author:Shelf:1', [shelf]));
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.message).toMatch(/'author'.*'Author'/);
  });

  it('types new columns from their first values', async () => {
    const app = sdk();
    await app.Data.of('Typed').save({
      copies: 3,
      ratio: 0.25,
      flag: false,
      word: 'hi',
      long: 'x'.repeat(600),
      stamp: Date.now(),
      nothing: null,
    });
    // Bulk bodies carry Dates as ISO text (JSON.stringify): those make DATETIME columns.
    const when = new Date('2024-05-06T07:08:09.000Z');
    await app.Data.of('Typed').bulkCreate([{ at: when, code: '2024-05-06' }]);
    const types = Object.fromEntries((await tableNamed('Typed'))!.columns.map((c) => [c.name, c.dataType]));
    expect(types).toMatchObject({
      copies: 'INT',
      ratio: 'DOUBLE',
      flag: 'BOOLEAN',
      word: 'STRING',
      long: 'TEXT',
      stamp: 'INT',
      nothing: 'STRING',
      at: 'DATETIME',
      code: 'STRING',
    });
    const [row] = (await app.Data.of('Typed').find(
      Backendless.DataQueryBuilder.create().setWhereClause("code = '2024-05-06'"),
    )) as Rec[];
    expect(row.at).toBe(when.getTime());

    // A JSON object needs the JSON column type; until this server has it, a 400 names the column.
    const withObject = app.Data.of('Typed').save({ meta: { a: 1 } });
    if ((DataTypes as readonly string[]).includes('JSON')) {
      await withObject;
      expect((await tableNamed('Typed'))!.columns.find((c) => c.name === 'meta')?.dataType).toBe('JSON');
    } else {
      const err = await rejection(withObject);
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/'meta'/);
    }
    // GeoJSON geometry (what the SDK's Point sends) makes a spatial column of its type.
    const placed = (await app.Data.of('Typed').save({ place: new Backendless.Data.Point().setX(10).setY(20) })) as Rec;
    expect(placed.place).toBeInstanceOf(Backendless.Data.Point);
    expect((await tableNamed('Typed'))!.columns.find((c) => c.name === 'place')?.dataType).toBe('POINT');
    const related = await rejection(app.Data.of('Typed').save({ other: { objectId: 'ABC', ___class: 'Author' } }));
    expect(related.status).toBe(400);
    expect(related.message).toMatch(/'other'.*setRelation/);
    const badName = await rejection(app.Data.of('Typed').save({ 'bad name': 1 }));
    expect(badName.status).toBe(400);
    expect(badName.message).toMatch(/bad name/);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const tooMany = await rejection(app.Data.of('Typed').save(many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/at most 100 new columns/);
    expect((await tableNamed('Typed'))!.columns.some((c) => c.name === 'k0')).toBe(false);
  });

  it('answers concurrent first saves to one new table without a failure', async () => {
    const app = sdk();
    const saved = await Promise.all(
      Array.from({ length: 8 }, (_, i) => app.Data.of('Race').save({ n: i, label: `r${i}` }) as Promise<Rec>),
    );
    expect(saved.map((r) => r.n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const bulk = await Promise.all(
      Array.from({ length: 4 }, (_, i) => app.Data.of('RaceBulk').bulkCreate([{ v: i, [`c${i % 2}`]: true }])),
    );
    expect(bulk.flat()).toHaveLength(4);
    expect((await tables()).filter((t) => t.name === 'Race')).toHaveLength(1);
    expect((await tableNamed('Race'))!.columns.filter((c) => c.name === 'label')).toHaveLength(1);
    expect(await app.Data.of('Race').getObjectCount()).toBe(8);
  });

  it('records dynamic schema changes in the audit log with the caller', async () => {
    const app = sdk();
    await app.Data.of('Audited').save({ word: 'w' });
    const rows = await auditOf(f.appId, 'Audited');
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'dynamic-schema.table.create',
          target: 'Audited',
          actor: 'anonymous (JS key)',
        }),
        expect.objectContaining({ action: 'dynamic-schema.column.create', target: 'Audited.word' }),
      ]),
    );
  });

  it('describes tables and names a table by its id; neither is taken for a record id', async () => {
    const app = sdk();
    await app.Data.of('Described').save({ title: 'd', pages: 1 });
    const described = (await app.Data.describe('Described')) as unknown as Rec[];
    const byName = Object.fromEntries(described.map((d) => [d.name, d]));
    expect(byName.objectId).toMatchObject({ type: 'STRING_ID', isPrimaryKey: true, relatedTable: null });
    expect(byName.title).toMatchObject({
      type: 'STRING',
      required: false,
      defaultValue: null,
      isPrimaryKey: false,
      customRegex: null,
      autoLoad: false,
    });
    expect(byName.pages).toMatchObject({ type: 'INT' });
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['created', 'updated', 'ownerId']));
    const book = (await app.Data.describe('Book')) as unknown as Rec[];
    expect(book.find((d) => d.name === 'author')).toMatchObject({ type: 'DATA_REF', relatedTable: 'Author' });

    const id = (await tableNamed('Described'))!.tableId;
    expect(await app.Data.getTableNameById(id)).toBe('Described');
    const missing = await rejection(app.Data.getTableNameById('NO_SUCH_ID'));
    expect(missing.status).toBe(404);
    const noTable = await rejection(app.Data.describe('NoSuchTable'));
    expect(noTable.status).toBe(404);
  });

  it('accepts and ignores stray system keys on every write', async () => {
    const app = sdk();
    const stray = { 'user-token': 'T-1', ___class: 'Other', created: 5, updated: 6, ownerId: 'SOMEONE', __meta: '{}' };
    const created = (await app.Data.of('Stray').save({ ...stray, word: 'a' })) as Rec;
    expect(created).toMatchObject({ word: 'a', ___class: 'Stray', ownerId: null });
    expect(created.created).not.toBe(5);
    const updated = (await app.Data.of('Stray').save({ ...stray, objectId: created.objectId, word: 'b' })) as Rec;
    expect(updated).toMatchObject({ objectId: created.objectId, word: 'b', ownerId: null });
    const upserted = (await app.Data.of('Stray').save({ ...stray, objectId: 'STRAY-UP-1', word: 'c' }, true)) as Rec;
    expect(upserted).toMatchObject({ objectId: 'STRAY-UP-1', word: 'c' });
    expect(await app.Data.of('Stray').bulkCreate([{ ...stray, word: 'd' }])).toHaveLength(1);
    expect(await app.Data.of('Stray').bulkUpsert([{ ...stray, objectId: 'STRAY-UP-1', word: 'e' }])).toEqual([
      'STRAY-UP-1',
    ]);
    expect(await app.Data.of('Stray').bulkUpdate("word = 'd'", { ...stray, word: 'f' })).toBe(1);
    const names = (await tableNamed('Stray'))!.columns.map((c) => c.name).sort();
    expect(names).toEqual(['created', 'objectId', 'ownerId', 'updated', 'word']);
  });

  it('updates the logged-in user, describes the Users class and serves the rest of the Users section', async () => {
    const app = sdk();
    await app.UserService.register({ email: 'dyn-user@example.com', password: 'dyn pass 1' } as never);
    const user = (await app.UserService.login('dyn-user@example.com', 'dyn pass 1', false)) as unknown as Rec;
    expect(user['user-token']).toBeTruthy();
    const changed = (await app.UserService.update({ ...user, name: 'Renamed' } as never)) as unknown as Rec;
    expect(changed).toMatchObject({ objectId: user.objectId, name: 'Renamed', email: 'dyn-user@example.com' });
    expect(changed.password).toBeUndefined();
    expect(((await app.Data.of('Users').findById(String(user.objectId))) as Rec).name).toBe('Renamed');
    const again = (await app.UserService.update({ ...changed, name: 'Again' } as never)) as unknown as Rec;
    expect(again.name).toBe('Again');

    const props = (await app.UserService.describeUserClass()) as unknown as Rec[];
    const byName = Object.fromEntries(props.map((p) => [p.name, p]));
    expect(byName.email).toMatchObject({ type: 'STRING', identity: true });
    expect(byName.password).toMatchObject({ identity: false });
    expect(byName.name).toMatchObject({ type: 'STRING' });
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['objectId', 'userStatus', 'lastLogin']));

    // Roles and status of other users are for server code.
    expect((await f.console('PUT', '/security/roles/Editors')).statusCode).toBe(200);
    const refused = await rejection(app.UserService.assignRole('dyn-user@example.com', 'Editors'));
    expect(refused.status).toBe(403);
    const server = sdk(f.keys.BL);
    await server.UserService.assignRole('dyn-user@example.com', 'Editors');
    // findByRole is a find on Users: the caller sees the users its permissions let it find (here itself).
    const editors = (await app.UserService.findByRole('Editors', true)) as unknown as Rec[];
    expect(editors).toEqual([expect.objectContaining({ objectId: user.objectId, roles: ['Editors'] })]);
    expect(await app.UserService.getUserRoles()).toContain('Editors');
    await server.UserService.unassignRole('dyn-user@example.com', 'Editors');
    expect(await app.UserService.findByRole('Editors')).toEqual([]);
    expect((await rejection(app.UserService.findByRole('NoSuchRole'))).status).toBe(404);

    await server.UserService.disableUser(String(user.objectId));
    expect(await app.UserService.isValidLogin()).toBe(false);
    const disabled = await rejection(sdk().UserService.login('dyn-user@example.com', 'dyn pass 1'));
    expect(disabled.code).toBe(3090);
    const byIdWhileDisabled = await rejection(sdk(f.keys.BL).UserService.login(String(user.objectId)));
    expect(byIdWhileDisabled.code).toBe(3090);
    await server.UserService.enableUser(String(user.objectId));
    // login(objectId) without a password: server code only.
    const asServer = sdk(f.keys.BL);
    expect(await asServer.UserService.login(String(user.objectId))).toMatchObject({
      objectId: user.objectId,
      'user-token': expect.any(String),
    });
    expect(await asServer.UserService.isValidLogin()).toBe(true);
    const notServer = await rejection(sdk().UserService.login(String(user.objectId)));
    expect(notServer.status).toBe(403);
    expect(await sdk().UserService.login('dyn-user@example.com', 'dyn pass 1')).toMatchObject({
      objectId: user.objectId,
    });
    // Served by the email confirmation routes: the same answer for any identity.
    await sdk().UserService.resendEmailConfirmation('dyn-user@example.com');
  });

  it('creates a table through Management.Data.createTable', async () => {
    const server = sdk(f.keys.BL);
    const made = (await server.Management.Data.createTable('Invoice', [
      { name: 'total', dataType: 'DOUBLE', required: true, defaultValue: 0 },
      { name: 'number', dataType: 'STRING', unique: true },
      { name: 'customer', dataType: 'DATA_REF', relatedTable: 'Author', relationshipType: 'ONE_TO_ONE' },
    ] as never)) as unknown as Rec;
    expect(made).toMatchObject({ name: 'Invoice' });
    const invoice = await tableNamed('Invoice');
    expect(Object.fromEntries(invoice!.columns.map((c) => [c.name, c.dataType]))).toMatchObject({
      total: 'DOUBLE',
      number: 'STRING',
    });
    expect(invoice!.relations).toEqual([expect.objectContaining({ name: 'customer', toTableName: 'Author' })]);
    const twice = await rejection(server.Management.Data.createTable('Invoice', []));
    expect(twice.status).toBe(409);
    const badType = await rejection(
      server.Management.Data.createTable('Broken', [{ name: 'x', dataType: 'NOPE' }] as never),
    );
    expect(badType.status).toBe(400);
    expect(await tableNamed('Broken')).toBeUndefined();
  });

  it('with dynamic schema off, answers 400 naming the missing table, column or relation column', async () => {
    await setDynamic(false);
    try {
      const app = sdk();
      const table = await rejection(app.Data.of('Missing').save({ a: 1 }));
      expect(table.status).toBe(400);
      expect(table.message).toMatch(/'Missing'/);
      const bulk = await rejection(app.Data.of('Missing').bulkCreate([{ a: 1 }]));
      expect(bulk.status).toBe(400);
      expect(bulk.message).toMatch(/'Missing'/);
      const column = await rejection(app.Data.of('Book').save({ title: 'x', isbn: '123' }));
      expect(column.status).toBe(400);
      expect(column.message).toMatch(/'isbn'/);
      const [book] = (await app.Data.of('Book').find()) as Rec[];
      const relation = await rejection(app.Data.of('Book').setRelation(book, 'editor:Editor:1', []));
      expect(relation.status).toBe(400);
      expect(relation.message).toMatch(/'editor'/);
      const management = await rejection(app.Management.Data.createTable('ByClient', []));
      expect(management.status).toBe(403);
      expect(await tableNamed('Missing')).toBeUndefined();
      expect(await tableNamed('Editor')).toBeUndefined();
      // Known tables and columns still take writes.
      expect(await app.Data.of('Book').save({ title: 'still fine' })).toMatchObject({ title: 'still fine' });
    } finally {
      await setDynamic(true);
    }
  });
});
