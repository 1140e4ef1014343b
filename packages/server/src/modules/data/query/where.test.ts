import { describe, expect, it } from 'vitest';
import { buildSearchWhere } from '@basalt/shared';
import { testDbKinds } from '../../../test-helpers.js';
import { buildFind, buildWhereSelectIds } from './index.js';
import { Person, schema } from './test-fixture.js';
import { useFixtureStore } from './fixture-store.test-helpers.js';

for (const kind of testDbKinds()) {
  describe(`where language [${kind}]`, () => {
    const fixture = useFixtureStore(kind);
    const { appId } = fixture;

    /** Names of the Person rows a where selects, sorted. */
    async function names(where: string): Promise<string[]> {
      const rows = await buildFind(fixture.dbs, appId, Person, schema, { where, pageSize: 100, offset: 0 }).execute(fixture.dbs.app(appId));
      return rows.rows.map((r) => String(r.name)).sort();
    }

    it.each([
      ["name = 'Alice'", ['Alice']],
      ["name = 'alice'", []],
      ["name != 'Alice'", ["O'Brien", 'Carol', 'bob', 'dave']],
      ["name <> 'Alice'", ["O'Brien", 'Carol', 'bob', 'dave']],
      ['age < 25', ['dave']],
      ['age <= 25', ['Carol', 'dave']],
      ['age > 40', ['bob']],
      ['age >= 40', ["O'Brien", 'bob']],
      ["age = '30'", ['Alice']],
      ['40 <= age', ["O'Brien", 'bob']],
      ['age > 29.5', ["O'Brien", 'Alice', 'bob']],
      ['score = 2', ['bob']],
      ['score > 3', ['Alice', 'dave']],
      ["name = 'O''Brien'", ["O'Brien"]],
      ['1 = 1', ["O'Brien", 'Alice', 'Carol', 'bob', 'dave']],
      ['1 = 0', []],
    ])('compares: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ["name like 'ali%'", ['Alice']],
      ["name LIKE 'ALICE'", ['Alice']],
      ["name like '%B%'", ["O'Brien", 'bob']],
      ["name not like '%o%'", ['Alice', 'dave']],
      ["bio like '100\\%%'", ['dave']],
      ["bio like '%under\\_%'", ["O'Brien"]],
      ["age like '%4%'", ["O'Brien", 'bob', 'dave']],
      ["age like '3_'", ['Alice']],
      ["score like '2'", ['bob']],
      ["score like '3.25'", ['dave']],
      ["score like '%.5'", ["O'Brien", 'Alice']],
      ["born like '1990-04-28%'", ['Alice']],
      ["born like '%09:05:03%'", ['Alice']],
      ["born like '2024-01-31 23:59:59'", ["O'Brien"]],
      ["born not like '19%'", ["O'Brien", 'dave']],
      ["born like '%09:05:03 GMT%'", ['Alice']],
      ["born like '%23:59 G%'", ["O'Brien"]],
      ["born like '%09:05 GMT+3%'", []],
    ])('LIKE ignores case and matches number and date text: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ["name in ('Alice', 'bob', 'nobody')", ['Alice', 'bob']],
      ['age in (14, 30)', ['Alice', 'dave']],
      ['age not in (14, 30)', ["O'Brien", 'Carol', 'bob']],
      ["born in ('1990-04-28 09:05:03')", ['Alice']],
      ['age between 25 and 40', ["O'Brien", 'Alice', 'Carol']],
      ['age not between 25 and 40', ['bob', 'dave']],
      ["born between '1985-01-01' and '1995-01-01'", ['Alice', 'bob']],
      ['score is null', ['Carol']],
      ['score = null', ['Carol']],
      ['born is not null', ["O'Brien", 'Alice', 'bob', 'dave']],
      ['score != null', ["O'Brien", 'Alice', 'bob', 'dave']],
    ])('IN, BETWEEN and NULL: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ['active = true', ['Alice', 'dave']],
      ['active = TRUE', ['Alice', 'dave']],
      ['active = 1', ['Alice', 'dave']],
      ['active = false', ["O'Brien", 'bob']],
      ['active = 0', ["O'Brien", 'bob']],
      ["active = 'true'", ['Alice', 'dave']],
      ['active != true', ["O'Brien", 'bob']],
      ['active is null', ['Carol']],
      ["born > '2000-01-01'", ["O'Brien", 'dave']],
      ["born < '1990-04-28 09:05:04'", ['Alice', 'bob']],
      ["born = '1990-04-28T09:05:03Z'", ['Alice']],
      ["born = '1990-04-28T11:05:03+02:00'", ['Alice']],
      [`born = ${Date.UTC(1985, 11, 1)}`, ['bob']],
      [`born >= '${Date.UTC(2001, 0, 31, 10)}'`, ["O'Brien", 'dave']],
      ["born < '4/28/1990'", ['bob']],
    ])('booleans and dates: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ["age > 20 and age < 35 or name = 'dave'", ['Alice', 'Carol', 'dave']],
      ["age > 20 and (age < 35 or name = 'dave')", ['Alice', 'Carol']],
      ['not age > 20', ['dave']],
      ["not (age > 20 or name = 'dave')", []],
      ['not not active = true', ['Alice', 'dave']],
      ["NOT name LIKE 'a%' AND NOT score IS NULL", ["O'Brien", 'bob', 'dave']],
    ])('AND, OR, NOT and parentheses: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ["city.name = 'Paris'", ["O'Brien", 'Alice']],
      ["`city`.`name` = 'Paris'", ["O'Brien", 'Alice']],
      ["city.objectId = 'lyon'", ['Carol']],
      ['city.population > 1000000', ["O'Brien", 'Alice', 'bob']],
      ["city.country.code = 'DE'", ['bob']],
      ["`city`.`country`.`name` like 'fr%'", ["O'Brien", 'Alice', 'Carol']],
      ['city is null', ['dave']],
      ['city is not null', ["O'Brien", 'Alice', 'Carol', 'bob']],
      ['city.country is null', []],
      ["tags.label = 'red'", ['Alice', 'dave']],
      ["tags.label in ('green', 'blue')", ["O'Brien", 'Alice', 'bob']],
      ["tags.label = 'red' and tags.label = 'green'", ['Alice']],
      ["not tags.label = 'red'", ["O'Brien", 'Carol', 'bob']],
      ['tags is null', ['Carol']],
      ["tags.label != 'red'", ["O'Brien", 'Alice', 'bob']],
      ["friends.name = 'bob'", ['Alice']],
      ["friends.city.name = 'Paris'", ['Carol', 'dave']],
      ["friends.tags.label = 'blue'", ['Alice', 'Carol']],
      ["friends.friends.name = 'bob'", ['dave']],
      ["friends.city.country.code = 'FR' and age < 20", ['dave']],
      ["city.name = 'Paris' or tags.label = 'blue'", ["O'Brien", 'Alice', 'bob']],
      ["city.name = friends.city.name", []],
      ['friends.age > age', ['Alice', 'Carol', 'dave']],
    ])('relation paths as EXISTS: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it.each([
      ['distance(48.8566, 2.3522, location.latitude, location.longitude) < km(10)', ['Alice']],
      ['distance(48.8566, 2.3522, location.latitude, location.longitude) < mi(600)', ['Alice', 'bob']],
      ['distance(48.8566, 2.3522, location.latitude, location.longitude) > km(5000)', ['dave']],
      ['distance(48.8566, 2.3522, location.latitude, location.longitude) < yd(10000)', ['Alice']],
      ['distance(48.8566, 2.3522, location.latitude, location.longitude) between 870 and 890', ['bob']],
    ])('distance over geo relations: %s', async (where, expected) => {
      expect(await names(where)).toEqual([...expected].sort());
    });

    it('runs the free-text search of the SDK', async () => {
      const search = (text: string, filter?: string) => names(buildSearchWhere(Person, text, filter) ?? '');
      expect(await search('ali')).toEqual(['Alice']);
      expect(await search('4/28/1990')).toEqual(['Alice']);
      expect(await search('9:05:03')).toEqual(['Alice']);
      expect(await search('9:5 GMT')).toEqual(['Alice']);
      expect(await search('true')).toEqual(['Alice', 'dave']);
      expect(await search("O'Brien")).toEqual(["O'Brien"]);
      expect(await search('42')).toEqual(['bob']);
      // created/updated are DATETIME columns too: their text '2024-06-01 …' contains a 4.
      expect(await search('4')).toHaveLength(5);
      expect(await search('4', 'active = true')).toEqual(['Alice', 'dave']);
      expect(await search("x'); DROP TABLE t_person; --")).toEqual([]);
    });

    it('keeps user text out of the SQL text', () => {
      const hostile = "Robert'); DROP TABLE t_person; --";
      const q = buildFind(fixture.dbs, appId, Person, schema, { where: `name = '${hostile.replace(/'/g, "''")}' or bio like '%--%'`, pageSize: 15, offset: 0 }).compile(fixture.dbs.app(appId));
      expect(q.sql).not.toMatch(/DROP|Robert|--/);
      expect(q.parameters).toContain(hostile);
      expect(q.sql).toContain('t_person');
    });

    it('selects the ids for updates and deletes', async () => {
      const sub = buildWhereSelectIds(fixture.dbs, appId, Person, schema, "tags.label = 'red'");
      const ids = (await sub.execute(fixture.dbs.app(appId))).rows.map((r) => r.objectId).sort();
      expect(ids).toEqual(['p1', 'p4']);
      expect((await buildWhereSelectIds(fixture.dbs, appId, Person, schema, ' ').execute(fixture.dbs.app(appId))).rows).toHaveLength(5);
    });
  });
}
