import { describe, expect, it } from 'vitest';
import { testDbKinds } from '../../../test-helpers.js';
import { MAX_PAGE_SIZE, buildCount, buildFind, type CountSpec, type FindSpec } from './index.js';
import { City, Person, schema } from './test-fixture.js';
import { useFixtureStore } from './fixture-store.test-helpers.js';

for (const kind of testDbKinds()) {
  describe(`record queries: props, groupBy, having, sortBy, paging, count [${kind}]`, () => {
    const fixture = useFixtureStore(kind);
    const { appId } = fixture;

    async function find(spec: Partial<FindSpec>, table = Person): Promise<Record<string, unknown>[]> {
      const q = buildFind(fixture.dbs, appId, table, schema, { pageSize: 100, offset: 0, ...spec });
      return (await q.execute(fixture.dbs.app(appId))).rows;
    }
    async function count(spec: CountSpec): Promise<number> {
      const rows = (await buildCount(fixture.dbs, appId, Person, schema, spec).execute(fixture.dbs.app(appId))).rows;
      return Number(rows[0].count);
    }
    const names = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);
    /** BOOLEAN comes back as 0/1 on SQLite; the records layer turns it into true/false. */
    const bool = (v: unknown) => (v === null ? null : Boolean(v));

    it('answers every column by its name when no props are given', async () => {
      const [row] = await find({ where: "name = 'Alice'" });
      expect(Object.keys(row).sort()).toEqual(['active', 'age', 'bio', 'born', 'created', 'name', 'objectId', 'ownerId', 'photo', 'score', 'updated']);
      expect(row).toMatchObject({ objectId: 'p1', name: 'Alice', age: 30, score: 4.5, born: Date.UTC(1990, 3, 28, 9, 5, 3) });
      expect(bool(row.active)).toBe(true);
    });

    it('selects props, aliases and *', async () => {
      expect(await find({ props: ['name', 'age'], where: 'age > 40' })).toEqual([{ name: 'bob', age: 42 }]);
      expect(await find({ props: ['name as who', '`age` AS years'], where: 'age > 40' })).toEqual([{ who: 'bob', years: 42 }]);
      const [all] = await find({ props: ['*'], where: 'age > 40' });
      expect(Object.keys(all)).toHaveLength(11);
      expect(await find({ props: ['objectId'], where: "city.name = 'Berlin'" })).toEqual([{ objectId: 'p2' }]);
    });

    it('groups with aggregates, aliases and having', async () => {
      const rows = await find({ props: ['active', 'Count(objectId) as cnt', 'Sum(age) as total', 'Avg(age) as mean', 'Min(age)', 'Max(born) as latest'], groupBy: ['active'], sortBy: ['cnt desc', 'total'] });
      const shaped = rows.map((r) => ({ ...r, active: bool(r.active) }));
      expect(shaped).toEqual([
        { active: true, cnt: 2, total: 44, mean: 22, min: 14, latest: Date.UTC(2001, 0, 31, 10) },
        { active: false, cnt: 2, total: 82, mean: 41, min: 40, latest: Date.UTC(2024, 0, 31, 23, 59, 59) },
        { active: null, cnt: 1, total: 25, mean: 25, min: 25, latest: null },
      ]);
      const having = await find({ props: ['active', 'Count(objectId) as cnt'], groupBy: ['active'], having: 'cnt > 1 and Sum(age) > 50' });
      expect(having.map((r) => [bool(r.active), r.cnt])).toEqual([[false, 2]]);
      const byAggregate = await find({ props: ['ownerId', 'Count(*) as n'], groupBy: ['ownerId'], having: 'Count(objectId) >= 2', sortBy: ['ownerId desc'] });
      expect(byAggregate).toEqual([{ ownerId: 'u2', n: 2 }, { ownerId: 'u1', n: 2 }]);
      expect(await find({ props: ['Count(distinct ownerId) as owners', 'Count(ownerId)'] })).toEqual([{ owners: 2, count: 4 }]);
      expect(await find({ groupBy: ['ownerId'], sortBy: ['ownerId'] })).toEqual([{ ownerId: null }, { ownerId: 'u1' }, { ownerId: 'u2' }]);
      expect(await find({ props: ['Count(objectId) as n'], where: "tags.label = 'blue'" })).toEqual([{ n: 2 }]);
    });

    it('answers distinct rows', async () => {
      const rows = await find({ props: ['ownerId'], distinct: true, sortBy: ['ownerId desc'] });
      expect(rows).toEqual([{ ownerId: 'u2' }, { ownerId: 'u1' }, { ownerId: null }]);
      expect(await count({ props: ['ownerId'], distinct: true })).toBe(3);
    });

    it('sorts by several keys, both directions, nulls first ascending', async () => {
      expect(names(await find({ sortBy: 'ownerId desc, age' }))).toEqual(['Carol', "O'Brien", 'Alice', 'bob', 'dave']);
      expect(await find({ props: 'name, age as years', where: 'age > 40' })).toEqual([{ name: 'bob', years: 42 }]);
      expect(names(await find({ sortBy: ['age desc'] }))).toEqual(['bob', "O'Brien", 'Alice', 'Carol', 'dave']);
      expect(names(await find({ sortBy: ['score'] }))).toEqual(['Carol', "O'Brien", 'bob', 'dave', 'Alice']);
      expect(names(await find({ sortBy: ['score DESC'] }))).toEqual(['Alice', 'dave', 'bob', "O'Brien", 'Carol']);
      expect(names(await find({ sortBy: ['ownerId asc', 'age desc'] }))).toEqual(['dave', 'bob', 'Alice', "O'Brien", 'Carol']);
      expect(names(await find({ sortBy: ['active desc', 'created DESC'] }))).toEqual(['dave', 'Alice', "O'Brien", 'bob', 'Carol']);
      expect(names(await find({ sortBy: ['born'] }))).toEqual(['Carol', 'bob', 'Alice', 'dave', "O'Brien"]);
    });

    it('sorts by a related column (its first related row) and by a props alias', async () => {
      expect(names(await find({ sortBy: ['city.population desc', 'name'] }))).toEqual(['bob', 'Alice', "O'Brien", 'Carol', 'dave']);
      expect(names(await find({ sortBy: ['`city`.`country`.`name` desc', 'age'] }))).toEqual(['bob', 'Carol', 'Alice', "O'Brien", 'dave']);
      expect(names(await find({ sortBy: ['tags.label', 'age'] }))).toEqual(['Carol', 'bob', "O'Brien", 'dave', 'Alice']);
      expect(await find({ props: ['name as n', 'age'], sortBy: ['n desc'], pageSize: 2 })).toEqual([{ n: 'dave', age: 14 }, { n: 'bob', age: 42 }]);
    });

    it('pages with pageSize and offset', async () => {
      expect(names(await find({ sortBy: ['age'], pageSize: 2 }))).toEqual(['dave', 'Carol']);
      expect(names(await find({ sortBy: ['age'], pageSize: 2, offset: 2 }))).toEqual(['Alice', "O'Brien"]);
      expect(names(await find({ sortBy: ['age'], pageSize: 2, offset: 4 }))).toEqual(['bob']);
      expect(await find({ sortBy: ['age'], pageSize: 2, offset: 10 })).toEqual([]);
      const capped = buildFind(fixture.dbs, appId, Person, schema, { pageSize: 100_000, offset: 0 }).compile(fixture.dbs.app(appId));
      expect(capped.parameters).toContain(MAX_PAGE_SIZE);
      expect(await find({ pageSize: 100_000 })).toHaveLength(5);
    });

    it('counts rows and groups with the same filter', async () => {
      expect(await count({})).toBe(5);
      expect(await count({ where: 'age > 20' })).toBe(4);
      expect(await count({ where: "tags.label = 'red' or city.country.code = 'DE'" })).toBe(3);
      expect(await count({ groupBy: ['ownerId'] })).toBe(3);
      expect(await count({ groupBy: ['ownerId'], having: 'Count(objectId) > 1' })).toBe(2);
      expect(await count({ groupBy: ['ownerId'], having: 'n > 1', props: ['ownerId', 'Count(objectId) as n'] })).toBe(2);
      expect(await count({ where: 'age > 100', groupBy: ['ownerId'] })).toBe(0);
      expect(await count({ where: "name like '%'", distinct: true })).toBe(5);
    });

    it('queries any table of the schema', async () => {
      expect(await find({ props: ['name'], where: "country.name = 'France'", sortBy: ['population desc'] }, City)).toEqual([{ name: 'Paris' }, { name: 'Lyon' }]);
    });
  });
}
