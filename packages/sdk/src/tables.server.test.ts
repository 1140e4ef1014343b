/** The SDK's `tables` and `dataViews` groups against the real server, on both databases. */
import { expect, it } from 'vitest';
import type { DataTable } from '@basalt/shared';
import type { BasaltClient } from './client.js';
import { describeAgainstServer } from './server-session.test-helpers.js';

async function table(client: BasaltClient, appId: string, name: string): Promise<DataTable> {
  const found = (await client.tables.get(appId)).tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
}

describeAgainstServer('SDK tables and records against the server', (session) => {
  it('models tables with columns and a relation; get stamps relation types', async () => {
    const { client, appId } = session();
    const city = await client.tables.create(appId, { name: 'City' });
    expect(city).toMatchObject({ name: 'City', relations: [], geoRelations: [] });
    await client.tables.createColumn(appId, city, { name: 'title', dataType: 'STRING' });
    let person = await client.tables.create(appId, { name: 'Person' });
    for (const [name, dataType] of [
      ['name', 'STRING'],
      ['age', 'INT'],
      ['active', 'BOOLEAN'],
      ['born', 'DATETIME'],
      ['nick', 'STRING'],
    ]) {
      expect(await client.tables.createColumn(appId, person, { name, dataType })).toMatchObject({ name, dataType });
    }
    const rel = await client.tables.createColumn(appId, person, {
      name: 'city',
      dataType: 'DATA_REF',
      toTableName: 'City',
      relationshipType: 'ONE_TO_ONE',
    });
    expect(rel).toMatchObject({ name: 'city', dataType: 'DATA_REF' });

    person = await table(client, appId, 'Person');
    expect(person.relations).toEqual([
      expect.objectContaining({ name: 'city', dataType: 'DATA_REF', toTableName: 'City' }),
    ]);
    expect(person.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['objectId', 'created', 'updated', 'ownerId', 'name', 'age', 'active', 'born']),
    );

    await client.tables.updateColumn(
      appId,
      person,
      { name: 'nick', dataType: 'STRING' },
      { name: 'nickname', dataType: 'STRING' },
    );
    await client.tables.deleteColumn(appId, person, { name: 'nickname', dataType: 'STRING' });
    expect((await table(client, appId, 'Person')).columns.map((c) => c.name)).not.toContain('nickname');
  });

  it('creates records and finds them by free-text search, raw where, filter and sort, with the total', async () => {
    const { client, appId } = session();
    const person = await table(client, appId, 'Person');
    await client.tables.createRecord(appId, person, {
      name: 'Ann',
      age: 34,
      active: true,
      born: Date.UTC(1990, 3, 28),
    });
    await client.tables.bulkCreateRecords(appId, 'Person', [
      { name: "O'Brien", age: 41, active: false, born: Date.UTC(1983, 0, 2) },
      { name: 'Bob', age: 25, active: true },
      { name: 'Joanna', age: 52, active: false },
    ]);

    const all = await client.tables.loadRecords(appId, person, { sortField: 'age', sortDir: 'asc' });
    expect(all.totalRows).toBe(4);
    expect(all.data.map((r) => r.name)).toEqual(['Bob', 'Ann', "O'Brien", 'Joanna']);

    const ann = await client.tables.loadRecords(appId, person, { where: 'ann', sortBy: 'name' });
    expect([ann.totalRows, ann.data.map((r) => r.name)]).toEqual([2, ['Ann', 'Joanna']]);
    const quoted = await client.tables.loadRecords(appId, person, { where: "O'Brien" });
    expect(quoted.data.map((r) => r.name)).toEqual(["O'Brien"]);
    const byDate = await client.tables.loadRecords(appId, person, { where: '4/28/1990' });
    expect(byDate.data.map((r) => r.name)).toEqual(['Ann']);
    const byBool = await client.tables.loadRecords(appId, person, { where: 'false', sortBy: 'name' });
    expect(byBool.data.map((r) => r.name)).toEqual(['Joanna', "O'Brien"]);
    // A digit also matches the created/updated DATETIME text, which depends on the clock: the
    // oracle is "every record whose age or date text holds the digit", computed here.
    const byNumber = await client.tables.loadRecords(appId, person, { where: '4' });
    const isoText = (ms: unknown) =>
      typeof ms === 'number' ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '';
    const expected = all.data
      .filter((r) =>
        [String(r.age ?? ''), isoText(r.born), isoText(r.created), isoText(r.updated)].some((t) => t.includes('4')),
      )
      .map((r) => r.name)
      .sort();
    expect(byNumber.data.map((r) => r.name).sort()).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['Ann', "O'Brien"]));

    const raw = await client.tables.loadRecords(appId, person, {
      where: 'age > 30',
      sqlSearch: true,
      sortBy: 'age desc',
      pageSize: 2,
    });
    expect([raw.totalRows, raw.data.map((r) => r.name)]).toEqual([3, ['Joanna', "O'Brien"]]);
    const filtered = await client.tables.loadRecords(appId, person, { where: 'ann', filterString: 'age > 40' });
    expect(filtered.data.map((r) => r.name)).toEqual(['Joanna']);
    expect(
      await client.tables.loadRecords(appId, person, { props: ['name'], sortBy: 'name', pageSize: 1 }, true),
    ).toEqual([expect.objectContaining({ name: 'Ann' })]);

    expect(await client.tables.getRecordsCount(appId, person, { where: 'active = true', sqlSearch: true })).toBe(2);
    expect(await client.tables.getCount(appId, person)).toBe(4);
    expect(await client.tables.getRecordsCountForTables(appId, ['Person', { name: 'City' }])).toEqual({
      Person: 4,
      City: 0,
    });
  });

  it('updates and deletes records, sets and removes relations, exports CSV', async () => {
    const { client, appId } = session();
    const person = await table(client, appId, 'Person');
    const city = await table(client, appId, 'City');
    const paris = await client.tables.createRecord(appId, city, { title: 'Paris' });
    const {
      data: [bob],
    } = await client.tables.loadRecords(appId, person, { where: "name = 'Bob'", sqlSearch: true });
    const updated = await client.tables.updateRecord(appId, person, { objectId: bob.objectId, age: 26 });
    expect(updated).toMatchObject({ objectId: bob.objectId, age: 26 });

    await client.tables.updateRelations(appId, person, 'city', String(bob.objectId), [String(paris.objectId)]);
    const inParis = await client.tables.loadRecords(appId, person, {
      where: "city.title = 'Paris'",
      sqlSearch: true,
      loadRelations: 'city',
    });
    expect(inParis.data).toEqual([
      expect.objectContaining({ name: 'Bob', city: expect.objectContaining({ title: 'Paris' }) }),
    ]);
    await client.tables.removeRelations(appId, person, 'city', String(bob.objectId), [String(paris.objectId)]);
    expect(
      (await client.tables.loadRecords(appId, person, { where: "city.title = 'Paris'", sqlSearch: true })).totalRows,
    ).toBe(0);

    const csv = await client.tables.exportRecords(appId, null, person, {
      where: 'ann',
      props: ['name', 'age'],
      sortBy: ['name'],
    });
    expect(csv.trim().split(/\r?\n/)).toEqual(['name,age', 'Ann,34', 'Joanna,52']);

    await client.tables.deleteRecords(appId, person, [String(bob.objectId)]);
    expect(await client.tables.getRecordsCount(appId, person, {}, true)).toBe(3);
    await client.tables.deleteRecords(appId, person);
    expect(await client.tables.getRecordsCount(appId, person, {}, true)).toBe(0);
  });

  it('data settings, table rename and removal', async () => {
    const { client, appId } = session();
    await client.tables.setConfigs(appId, { dynamicSchema: false });
    expect(await client.tables.loadConfigs(appId)).toMatchObject({ dynamicSchema: false });
    const temp = await client.tables.create(appId, { name: 'Temp' });
    const renamed = await client.tables.update(appId, temp, { name: 'Scratch' });
    expect(renamed).toMatchObject({ name: 'Scratch', relations: [], geoRelations: [] });
    await client.tables.remove(appId, renamed);
    expect((await client.tables.get(appId)).tables.map((t) => t.name)).not.toContain('Scratch');
    const err = await client.tables.remove(appId, { name: 'City' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409 });
  });
});
