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

/** `Data.of(t).deepSave(tree)` of the published SDK against Basalt over real HTTP. */
describeEachDb('backendless SDK deepSave', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  /** Denies an operation on a table to anonymous callers (their roles under the JS and REST keys). */
  const deny = async (table: string, operation: string) => {
    const { tableId } = (await f.console('GET', '/data/tables')).json().tables.find((t: Rec) => t.name === table);
    for (const role of ['NotAuthenticatedUser', 'JSUser', 'RestUser']) {
      const res = await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
        permissions: [{ operation, access: 'DENY' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const count = async (table: string) =>
    Number((await f.api('POST', `/data/${table}/count`, { key: f.keys.BL, body: {} })).body);

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Author', [{ name: 'name', dataType: 'STRING' }]);
    await f.table('Tag', [{ name: 'label', dataType: 'STRING' }]);
    await f.table('Book', [
      { name: 'title', dataType: 'STRING' },
      { name: 'author', dataType: 'DATA_REF', toTableName: 'Author', relationshipType: 'ONE_TO_ONE' } as never,
      { name: 'tags', dataType: 'DATA_REF', toTableName: 'Tag', relationshipType: 'ONE_TO_MANY' } as never,
    ]);
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
    ]);
    await f.console('POST', '/data/tables/Person/columns', {
      name: 'friend',
      dataType: 'DATA_REF',
      toTableName: 'Person',
      relationshipType: 'ONE_TO_ONE',
    });
    origin = await listenForClients(server());
  });

  it('creates a book with a nested new author and new tags, and answers the saved tree', async () => {
    const saved = (await sdk()
      .Data.of('Book')
      .deepSave({
        title: 'Dune',
        author: { name: 'Herbert' },
        tags: [{ label: 'sf' }, { ___class: 'Tag', label: 'classic' }],
      })) as Rec;
    expect(saved.title).toBe('Dune');
    expect(saved.objectId).toEqual(expect.any(String));
    expect(saved.author).toMatchObject({ name: 'Herbert', ___class: 'Author', objectId: expect.any(String) });
    expect(saved.tags.map((t: Rec) => t.label)).toEqual(['sf', 'classic']);
    const found = (await sdk()
      .Data.of('Book')
      .findById(saved.objectId, { relations: ['author', 'tags'] } as never)) as Rec;
    expect(found.author.name).toBe('Herbert');
    expect(found.tags.map((t: Rec) => t.label).sort()).toEqual(['classic', 'sf']);
  });

  it('updates children that carry an objectId and creates the others; a relation given is set to exactly its children', async () => {
    const first = (await sdk()
      .Data.of('Book')
      .deepSave({ title: 'Emma', author: { name: 'Austen' }, tags: [{ label: 'a' }, { label: 'b' }] })) as Rec;
    const authors = await count('Author');
    const again = (await sdk()
      .Data.of('Book')
      .deepSave({
        objectId: first.objectId,
        title: 'Emma (2nd)',
        author: { objectId: first.author.objectId, name: 'Jane Austen' },
        tags: [{ objectId: first.tags[1].objectId }, { label: 'c' }],
      })) as Rec;
    expect(again.objectId).toBe(first.objectId);
    expect(again.title).toBe('Emma (2nd)');
    expect(await count('Author')).toBe(authors);
    const found = (await sdk()
      .Data.of('Book')
      .findById(first.objectId, { relations: ['author', 'tags'] } as never)) as Rec;
    expect(found.author).toMatchObject({ objectId: first.author.objectId, name: 'Jane Austen' });
    expect(found.tags.map((t: Rec) => t.label).sort()).toEqual(['b', 'c']);
    // A child given by objectId alone is linked, not changed.
    const tag = (await sdk().Data.of('Tag').findById(first.tags[1].objectId)) as Rec;
    expect(tag.label).toBe('b');
  });

  it('keeps a shared child once and rebuilds a cycle: __subID / __originSubID both ways', async () => {
    // The SDK writes the markers itself for a cycle below the root (it does not mark the root).
    const a: Rec = { name: 'Ann' };
    const b: Rec = { name: 'Ben', friend: a };
    a.friend = b;
    const before = await count('Person');
    const saved = (await sdk().Data.of('Person').deepSave({ name: 'Root', friend: a })) as Rec;
    expect(await count('Person')).toBe(before + 3);
    expect(saved.friend.name).toBe('Ann');
    expect(saved.friend.friend.name).toBe('Ben');
    // The answer's stub is turned back into the same JS object by the SDK.
    expect(saved.friend.friend.friend).toBe(saved.friend);
    const ben = (await sdk()
      .Data.of('Person')
      .findById(saved.friend.friend.objectId, { relations: ['friend'] } as never)) as Rec;
    expect(ben.friend.objectId).toBe(saved.friend.objectId);
    // A body with the markers written by hand: one tag shared by two books is one record.
    const shared = { __subID: 'T1', label: 'shared' };
    const res = await f.api('PUT', '/data/Author/deep-save', { key: f.keys.JS, body: { name: 'x' } });
    expect(res.statusCode).toBe(200);
    const tags = await count('Tag');
    const one = await f.api('PUT', '/data/Book/deep-save', {
      body: { title: 'T', tags: [shared, { __originSubID: 'T1' }, { label: 'other' }] },
    });
    expect(one.statusCode).toBe(200);
    expect(await count('Tag')).toBe(tags + 2);
  });

  it('saves all or nothing: a bad child value leaves no record written', async () => {
    const books = await count('Book');
    const authors = await count('Author');
    const err = await rejection(
      sdk()
        .Data.of('Book')
        .deepSave({ title: 'Bad', author: { name: 'x'.repeat(600) } }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain("'name'");
    expect(await count('Book')).toBe(books);
    expect(await count('Author')).toBe(authors);
    // A stub naming no record, and a child of the wrong table, are 400s naming the problem.
    const stub = await f.api('PUT', '/data/Book/deep-save', {
      body: { title: 'S', author: { __originSubID: 'nope' } },
    });
    expect(stub.statusCode).toBe(400);
    expect(stub.json().message).toContain('__originSubID');
    const wrong = await f.api('PUT', '/data/Book/deep-save', {
      body: { title: 'W', author: { ___class: 'Tag', label: 'x' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await count('Book')).toBe(books);
  });

  it('checks Create and Update per table and per record with the permission engine', async () => {
    // Guests may not create Authors: the whole tree is refused before anything is written.
    const author = (await sdk(f.keys.BL).Data.of('Author').save({ name: 'Existing' })) as Rec;
    await deny('Author', 'Create');
    const books = await count('Book');
    const err = await rejection(
      sdk()
        .Data.of('Book')
        .deepSave({ title: 'No', author: { name: 'Nobody' } }),
    );
    expect(err.status).toBe(403);
    expect(err.message).toContain('Create');
    expect(await count('Book')).toBe(books);
    // Linking an existing author needs no Create on Author.
    const ok = (await sdk()
      .Data.of('Book')
      .deepSave({ title: 'Yes', author: { objectId: author.objectId } })) as Rec;
    expect(ok.author.objectId).toBe(author.objectId);
    // Another user's record cannot be updated through a tree when the owner policy says so.
    const alice = await f.user();
    const mine = await f.api('PUT', '/data/Person', { token: alice.token, body: { name: 'mine' } });
    await deny('Person', 'Update');
    const denied = await f.api('PUT', '/data/Person/deep-save', {
      body: { name: 'root', friend: { objectId: mine.json().objectId, name: 'stolen' } },
    });
    expect(denied.statusCode).toBe(403);
    const still = await f.api('GET', `/data/Person/${mine.json().objectId}`, { key: f.keys.BL });
    expect(still.json().name).toBe('mine');
  });

  it('with dynamic schema, makes the missing tables and columns a tree names, relation columns from ___class children', async () => {
    const saved = (await sdk()
      .Data.of('Writer')
      .deepSave({
        name: 'Tolkien',
        meta: { born: 1892 },
        books: [
          { ___class: 'Novel', title: 'The Hobbit' },
          { ___class: 'Novel', title: 'The Lord of the Rings' },
        ],
        agent: { ___class: 'Agent', name: 'Allen' },
      })) as Rec;
    expect(saved.books.map((b: Rec) => b.title)).toEqual(['The Hobbit', 'The Lord of the Rings']);
    expect(saved.agent.name).toBe('Allen');
    const { tables } = (await f.console('GET', '/data/tables')).json();
    const writer = tables.find((t: Rec) => t.name === 'Writer');
    expect(writer.relations.map((r: Rec) => [r.name, r.toTableName, r.relationshipType]).sort()).toEqual([
      ['agent', 'Agent', 'ONE_TO_ONE'],
      ['books', 'Novel', 'ONE_TO_MANY'],
    ]);
    expect(writer.columns.find((c: Rec) => c.name === 'meta').dataType).toBe('JSON');
    const found = (await sdk()
      .Data.of('Writer')
      .findById(saved.objectId, { relations: ['books', 'agent'] } as never)) as Rec;
    expect(found.meta).toEqual({ born: 1892 });
    expect(found.books).toHaveLength(2);
    // With dynamic schema off, the same tree is a 400 naming the missing column, and nothing is made.
    const off = await f.console('PUT', '/data/config', { dynamicSchema: false });
    expect(off.statusCode, off.body).toBe(200);
    const err = await rejection(
      sdk()
        .Data.of('Writer')
        .deepSave({ name: 'x', editor: { ___class: 'Agent', name: 'E' } }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain('editor');
    await f.console('PUT', '/data/config', { dynamicSchema: true });
  });
});
