import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/** Inputs the hostile fuzz found slow or failing: each is refused at once, or answered, never a 500. */
describeEachDb('app API: input edges', (server) => {
  let f: AppFixture;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Item', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
    ]);
    const rel = await f.console('POST', '/data/tables/Item/columns/relation', {
      name: 'friends',
      toTableName: 'Item',
      relationshipType: 'ONE_TO_MANY',
    });
    expect(rel.statusCode, rel.body).toBe(200);
  });

  it('a list clause over the item limit is a 400 naming it (the console refuses it by length first)', async () => {
    const sortBy = Array.from({ length: 1001 }, () => 'age desc');
    const api = await f.api('POST', '/data/Item/find', { body: { sortBy } });
    expect([api.statusCode, api.json().message]).toEqual([
      400,
      expect.stringContaining('the limit is 1,000 items in one list'),
    ]);
    const consoleFind = await f.console('POST', '/data/Item/find', { sortBy: sortBy.join(',') });
    // The console's route holds sortBy to 2,000 characters before the list is even read.
    expect([consoleFind.statusCode, consoleFind.json().message]).toEqual([400, expect.stringContaining('sortBy')]);
    const fine = await f.api('POST', '/data/Item/find', {
      body: { sortBy: Array.from({ length: 1000 }, () => 'age desc') },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('a write bringing more new columns than the limit adds none of them', async () => {
    const record = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const res = await f.api('PUT', '/data/Item', { body: record });
    expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining('new-columns limit')]);
    const { tables } = (await f.console('GET', '/data/tables')).json();
    const item = tables.find((t: { name: string }) => t.name === 'Item');
    expect(item.columns.some((c: { name: string }) => c.name === 'k0')).toBe(false);
    // A few new keys still become columns.
    const few = await f.api('PUT', '/data/Item', { body: { name: 'x', extra1: 1, extra2: 'two' } });
    expect(few.statusCode, few.body).toBe(200);
  });

  it('the same child added to one parent by requests at the same moment is linked once, without an error', async () => {
    const [parent, child] = (
      await f.api('POST', '/data/bulk/Item', { body: [{ name: 'parent' }, { name: 'child' }] })
    ).json();
    const where = encodeURIComponent(`objectId = '${child}'`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => f.api('PUT', `/data/Item/${parent}/friends?whereClause=${where}`)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const friends = (await f.api('GET', `/data/Item/${parent}/friends`)).json();
    expect(friends.map((x: { objectId: string }) => x.objectId)).toEqual([child]);
  });
});
