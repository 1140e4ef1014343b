import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data.test-helpers.js';

describeEachDb('data relations', (server) => {
  let f: DataFixture;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    f = await dataFixture(server());
    await f.createTable('Country', [{ name: 'name', dataType: 'STRING' }]);
    await f.createTable('City', [{ name: 'name', dataType: 'STRING' }, { name: 'country', dataType: 'DATA_REF', toTableName: 'Country', relationshipType: 'ONE_TO_ONE' }]);
    await f.createTable('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
      { name: 'home', dataType: 'DATA_REF', toTableName: 'City', relationshipType: 'ONE_TO_ONE' },
      { name: 'visited', dataType: 'DATA_REF', toTableName: 'City', relationshipType: 'ONE_TO_MANY' },
    ]);
    for (const name of ['France', 'Japan']) ids[name] = (await f.ok('POST', '/Country', { name })).objectId;
    ids.Paris = (await f.ok('POST', '/City', { name: 'Paris', country: ids.France })).objectId;
    ids.Lyon = (await f.ok('POST', '/City', { name: 'Lyon', country: { objectId: ids.France } })).objectId;
    ids.Tokyo = (await f.ok('POST', '/City', { name: 'Tokyo' })).objectId;
    ids.ann = (await f.ok('POST', '/Person', { name: 'Ann', age: 30, home: ids.Paris })).objectId;
    ids.bob = (await f.ok('POST', '/Person', { name: 'Bob', age: 40 })).objectId;
  });

  it('lists relation columns in relations with their target and type', async () => {
    const { tables } = await f.ok('GET', '/tables');
    const person = tables.find((t: any) => t.name === 'Person');
    expect(person.relations.map((r: any) => [r.name, r.dataType, r.toTableName, r.relationshipType])).toEqual([
      ['home', 'DATA_REF', 'City', 'ONE_TO_ONE'],
      ['visited', 'DATA_REF', 'City', 'ONE_TO_MANY'],
    ]);
    expect(person.columns.some((c: any) => c.name === 'home')).toBe(false);
  });

  it('sets, adds and removes related records', async () => {
    expect(await f.ok('PUT', `/Person/${ids.bob}/visited`, [ids.Paris, ids.Tokyo])).toBe(2);
    expect(await f.ok('PUT', `/Person/${ids.bob}/visited`, [ids.Tokyo, ids.Lyon])).toBe(1);
    expectError(await f.call('PUT', `/Person/${ids.bob}/visited`, ['NO-SUCH-CITY']), 400, "'NO-SUCH-CITY'");
    expectError(await f.call('PUT', `/Person/${ids.bob}/home`, [ids.Paris, ids.Lyon]), 400, 'one-to-one');
    expectError(await f.call('PUT', `/Person/${ids.bob}/ghost`, [ids.Paris]), 404, "'ghost'");
    const removed = await f.call('DELETE', `/Person/${ids.bob}/visited/relations`, [ids.Lyon]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBe(1);
    await f.ok('PUT', `/Person/${ids.bob}/home`, [ids.Tokyo]);
    await f.ok('PUT', `/Person/${ids.bob}/home`, [ids.Lyon]);
    const value = await f.ok('GET', `/Person/${ids.bob}/home/retrieve-value`);
    expect(value.name).toBe('Lyon');
  });

  it('loads relations two levels deep, one-to-one as an object and one-to-many as a list', async () => {
    const rows = await f.ok('POST', '/Person/find', { sortBy: 'name', loadRelations: 'home,home.country,visited,visited.country' });
    const [ann, bob] = rows;
    expect(ann.home.name).toBe('Paris');
    expect(ann.home.country.name).toBe('France');
    expect(ann.visited).toEqual([]);
    expect(bob.home.name).toBe('Lyon');
    expect(bob.visited.map((c: any) => [c.name, c.country?.name ?? null])).toEqual([['Paris', 'France'], ['Tokyo', null]]);
    const plain = await f.ok('POST', '/Person/find', { sortBy: 'name' });
    expect('home' in plain[0]).toBe(false);
    expectError(await f.call('POST', '/Person/find', { loadRelations: 'name' }), 400, "'name'");
  });

  it('filters by relation paths through the where language', async () => {
    const inFrance = await f.ok('POST', '/Person/find', { where: "home.country.name = 'France'", sortBy: 'name' });
    expect(inFrance.map((p: any) => p.name)).toEqual(['Ann', 'Bob']);
    const visitedTokyo = await f.ok('POST', '/Person/find', { where: "visited.name = 'Tokyo'", loadRelations: 'home' });
    expect(visitedTokyo.map((p: any) => [p.name, p.home.name])).toEqual([['Bob', 'Lyon']]);
    expect(await f.ok('POST', '/Person/count', { where: 'age > 35' })).toBe(1);
    expectError(await f.call('POST', '/Person/find', { where: "name = 'x" }), 400);
    expectError(await f.call('POST', '/Person/find', { where: 'nope = 1' }), 400, 'nope');
  });

  it('drops links of deleted records', async () => {
    const tmp = (await f.ok('POST', '/City', { name: 'Gone' })).objectId;
    await f.ok('PUT', `/Person/${ids.ann}/visited`, [tmp]);
    await f.ok('DELETE', '/tables/City/records', [{ objectId: tmp }]);
    const [ann] = await f.ok('POST', '/Person/find', { where: "name = 'Ann'", loadRelations: 'visited' });
    expect(ann.visited).toEqual([]);
  });

  it('renames relations, narrows them to one-to-one only when possible, and deletes them', async () => {
    expectError(await f.call('PUT', '/tables/Person/columns/relation', { name: 'visited', relationshipType: 'ONE_TO_ONE' }), 409, "'visited'");
    const renamed = await f.ok('PUT', '/tables/Person/columns/relation', { prevName: 'visited', name: 'trips' });
    expect(renamed).toMatchObject({ name: 'trips', relationshipType: 'ONE_TO_MANY', toTableName: 'City' });
    const [bob] = await f.ok('POST', '/Person/find', { where: "name = 'Bob'", loadRelations: 'trips' });
    expect(bob.trips).toHaveLength(2);
    await f.ok('DELETE', '/tables/Person/columns/relation/trips');
    const { tables } = await f.ok('GET', '/tables');
    expect(tables.find((t: any) => t.name === 'Person').relations.map((r: any) => r.name)).toEqual(['home']);
  });

  it('refuses to delete a table that relations point at, unless cascading', async () => {
    expectError(await f.call('DELETE', '/tables/Country'), 409, 'City.country');
    expectError(await f.call('POST', '/tables/City/columns/relation', { name: 'bad', toTableName: 'Nowhere' }), 404, "'Nowhere'");
    const res = await server().call('DELETE', `/${f.appId}/console/data/tables/Country?cascade=true`, { authKey: f.authKey });
    expect(res.statusCode).toBe(200);
    const { tables } = await f.ok('GET', '/tables');
    expect(tables.find((t: any) => t.name === 'City').relations).toEqual([]);
    expect(tables.some((t: any) => t.name === 'Country')).toBe(false);
  });

  it('creates geo relations to the geo points table', async () => {
    const geo = await f.ok('POST', '/tables/Person/columns/georelation', { name: 'location', relationshipType: 'ONE_TO_ONE' });
    expect(geo).toMatchObject({ name: 'location', dataType: 'GEO_REF', toTableName: 'GeoPoint' });
    const { tables } = await f.ok('GET', '/tables');
    const person = tables.find((t: any) => t.name === 'Person');
    expect(person.geoRelations.map((r: any) => r.name)).toEqual(['location']);
    const point = await f.ok('POST', '/GeoPoint', { latitude: 48.8566, longitude: 2.3522 });
    await f.ok('PUT', `/Person/${ids.ann}/location`, [point.objectId]);
    const near = await f.ok('POST', '/Person/find', { where: 'distance(48.85, 2.35, location.latitude, location.longitude) < km(5)', loadRelations: 'location' });
    expect(near.map((p: any) => [p.name, p.location.latitude])).toEqual([['Ann', 48.8566]]);
  });
});
