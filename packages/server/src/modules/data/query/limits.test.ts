import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildSearchWhere, WhereLimits } from '@basalt/shared';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

/**
 * The where language's input limits through real requests, console API and app API, on both
 * databases: each input the hostile tests found answering 500 (or running for seconds) is now a
 * 400 that names its limit, leaves the data as it was, and answers at once; inputs at the limits
 * still run and answer correctly.
 */

const N = 12;
const ors = (n: number, term = (i: number) => `age = ${i}`) => Array.from({ length: n }, (_, i) => term(i)).join(' or ');
const ands = (n: number) => Array.from({ length: n }, (_, i) => `age != ${-1 - i}`).join(' and ');
const list = (n: number, value = (i: number) => String(i)) => Array.from({ length: n }, (_, i) => value(i)).join(',');
const hops = (n: number, last = 'name') => `${'friends.'.repeat(n)}${last}`;

describeEachDb('where input limits through the console and the app API', (server) => {
  let f: AppFixture;
  /** objectIds of P, in age order: P[i] has age i and its friend is P[i + 1]. */
  const ids: string[] = [];

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('P', [{ name: 'name', dataType: 'STRING' }, { name: 'age', dataType: 'INT' }, { name: 'score', dataType: 'DOUBLE' }]);
    const rel = await f.console('POST', '/data/tables/P/columns/relation', { name: 'friends', toTableName: 'P', relationshipType: 'ONE_TO_MANY' });
    expect(rel.statusCode, rel.body).toBe(200);
    const created = await f.api('POST', '/data/bulk/P', { body: Array.from({ length: N }, (_, i) => ({ name: `p${i}`, age: i, score: i / 2 })) });
    expect(created.statusCode, created.body).toBe(200);
    ids.push(...created.json());
    for (let i = 0; i + 1 < N; i++) expect((await f.api('POST', `/data/P/${ids[i]}/friends`, { body: [ids[i + 1]] })).statusCode).toBe(200);
  });

  const consoleFind = (where: string, extra: Record<string, unknown> = {}) => f.console('POST', '/data/P/find', { where, pageSize: 100, ...extra });
  const apiFind = (where: string, extra: Record<string, unknown> = {}) => f.api('POST', '/data/P/find', { body: { where, pageSize: 100, ...extra } });
  const names = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().map((r: { name: string }) => r.name).sort();
  };

  /** A 400 from both APIs whose message names the limit; the data is unchanged afterwards. */
  async function refused(where: string, named: RegExp, clause = 'where', apiOnly = false): Promise<void> {
    const started = Date.now();
    const answers: Array<[string, LightMyRequestResponse]> = [['app API find', await apiFind(where)], ['app API count', await f.api('POST', '/data/P/count', { body: { where } })]];
    if (!apiOnly) answers.push(['console find', await consoleFind(where)], ['console count', await f.console('POST', '/data/P/count', { where })]);
    for (const [label, res] of answers) {
      expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.json().message, label).toMatch(named);
      expect(res.json().message, label).not.toMatch(/sqlite|postgres|select |exists \(|Internal/i);
      if (label.startsWith('app API')) expect(res.json().code, label).toBe(8000);
      else expect(res.json().details, label).toMatchObject({ fields: [{ field: clause }] });
    }
    // Bulk writes with the same where touch nothing.
    const bulkUpdate = await f.api('PUT', `/data/bulk/P?where=${encodeURIComponent(where)}`, { body: { name: 'changed' } });
    const bulkDelete = await f.api('POST', '/data/bulk/P/delete', { body: { where } });
    for (const res of [bulkUpdate, bulkDelete]) {
      // A where too long for a URL is refused before it is read (431/414), which changes nothing either.
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(names(await apiFind('age >= 0'))).toEqual(Array.from({ length: N }, (_, i) => `p${i}`).sort());
    // Refused before any SQL runs: no long query.
    expect(Date.now() - started).toBeLessThan(5000);
  }

  it('deep parentheses, NOT chains and nested distance() are a 400 naming the depth limit', async () => {
    await refused(`${'('.repeat(5000)}age = 1${')'.repeat(5000)}`, /nested too deeply .*the limit is 64 levels/, 'where', true);
    await refused(`${'('.repeat(65)}age = 1${')'.repeat(65)}`, /the limit is 64 levels/);
    await refused(`${'not '.repeat(100)}age = 1`, /the limit is 64 levels/);
    await refused(`${'distance('.repeat(100)}1`, /the limit is 64 levels/);
    expect(names(await apiFind(`${'('.repeat(60)}age = 1${')'.repeat(60)}`))).toEqual(['p1']);
  });

  it('long OR and AND chains are a 400 naming the comparison limit; 1,000 comparisons still run on both databases', async () => {
    await refused(ors(5000), /the limit is 1,000 comparisons/, 'where', true);
    await refused(ands(20_000), /the limit is 1,000 comparisons/, 'where', true);
    await refused(ors(1001), /the limit is 1,000 comparisons/);
    expect(names(await apiFind(ors(WhereLimits.terms, (i) => `age = ${i * 3}`)))).toEqual(['p0', 'p3', 'p6', 'p9']);
    expect(names(await consoleFind(ands(WhereLimits.terms)))).toHaveLength(N);
    expect((await f.api('POST', '/data/P/count', { body: { where: ors(WhereLimits.terms / 2, (i) => `(age = ${i} and name like 'p%')`) } })).json()).toBe(N);
  });

  it('the console search ORs a LIKE over every column of a wide table and runs', async () => {
    const columns = Array.from({ length: 100 }, (_, i) => ({ name: `c${i}`, dataType: i % 3 ? 'STRING' : 'INT' }));
    const where = buildSearchWhere({ name: 'P', columns: [...columns, { name: 'name', dataType: 'STRING' }, { name: 'age', dataType: 'INT' }] }, "p1'", 'age >= 0');
    // the columns do not exist in P: the where is valid up to the names, which is what the limits see
    const res = await consoleFind(where!);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Unknown column 'c0'");
    expect(names(await consoleFind(buildSearchWhere({ name: 'P', columns: [{ name: 'name', dataType: 'STRING' }, { name: 'age', dataType: 'INT' }, { name: 'score', dataType: 'DOUBLE' }] }, '1', 'age < 5')!))).toEqual(['p1', 'p2', 'p3']);
  });

  it('IN lists over 10,000 values (too many SQL variables, a PostgreSQL bind message) are a 400 naming the limit; 10,000 ids run', async () => {
    await refused(`age in (${list(70_000)})`, /IN list too long .*the limit is 10,000 values in one IN list/, 'where', true);
    await refused(`age in (${list(40_000)})`, /the limit is 10,000 values in one IN list/, 'where', true);
    await refused(`age in (${list(6000)}) or age in (${list(6000)})`, /the limit is 10,000 values in one clause/, 'where', true);
    // the console's route caps where at 20,000 characters before the where is read
    const consoleIn = await consoleFind(`age in (${list(40_000)})`);
    expect([consoleIn.statusCode, consoleIn.json().message]).toEqual([400, expect.stringContaining('20000 characters')]);
    // the SDK's bulkDelete by objects sends one IN with every id
    const some = [ids[2], ids[5], ...Array.from({ length: WhereLimits.inValues - 2 }, (_, i) => `01000000-0000-7000-8000-${String(i).padStart(12, '0')}`)];
    const where = `objectId in (${some.map((id) => `'${id}'`).join(',')})`;
    expect(names(await apiFind(where))).toEqual(['p2', 'p5']);
    expect((await f.api('POST', '/data/P/count', { body: { where } })).json()).toBe(2);
  });

  it('LIKE patterns over 1,000 characters (LIKE or GLOB pattern too complex) are a 400 naming the limit; 1,000 run', async () => {
    await refused(`name like '${'%a'.repeat(30_000)}'`, /LIKE pattern too long .*60,000 characters, the limit is 1,000/, 'where', true);
    await refused(`name like '${'%'.repeat(1001)}'`, /LIKE pattern too long .*the limit is 1,000/);
    expect(names(await apiFind(`name like '${'%'.repeat(998)}p1'`))).toEqual(['p1']);
    expect(names(await consoleFind(`age like '${'%'.repeat(999)}1'`))).toEqual(['p1', 'p11']);
  });

  it('relation chains over 8 hops (64 tables in a join, 20 s on PostgreSQL) are a 400 at once; 8 hops answer quickly', async () => {
    await refused(`${hops(63)} = 'x'`, /Relation path too long .*the limit is 8 relations in one path/);
    await refused(`${hops(33)} = 'x'`, /the limit is 8 relations/);
    await refused(`${hops(9)} is null`, /the limit is 8 relations/);
    const started = Date.now();
    expect(names(await apiFind(`${hops(8)} = 'p11'`))).toEqual(['p3']);
    expect(names(await consoleFind(`${hops(8)} = 'p11'`))).toEqual(['p3']);
    expect(names(await apiFind(`${hops(8, 'age')} = ${hops(7, 'age')}`))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
    const sorted = await f.api('POST', '/data/P/find', { body: { sortBy: [hops(9, 'age')] } });
    expect([sorted.statusCode, sorted.json().message]).toEqual([400, expect.stringContaining('the limit is 8 relations')]);
  });

  it('3,000 relation terms, comparisons joining over 16 hops, clauses over 64 hops and over 16 relation conditions are a 400 naming the limit', async () => {
    await refused(ors(3000, (i) => `friends.age = ${i}`), /the limit is 64 relation hops \(joins\) in one clause/, 'where', true);
    await refused(ors(9, (i) => `${hops(8, 'age')} = ${i}`), /Too many relation hops .*the limit is 64 relation hops \(joins\) in one clause/);
    // names are counted before they are looked up: 17 distinct hops in one comparison
    const wide = `age in (${hops(8, 'age')}, ${Array.from({ length: 9 }, (_, i) => `r${i}.age`).join(', ')})`;
    await refused(wide, /joins 17 relations: the limit is 16 relation hops in one comparison/);
    await refused(ors(17, (i) => `friends.age = ${i}`), /Too many conditions over relations: the limit is 16 in one query/);
    await refused(Array.from({ length: 17 }, () => 'friends is not null').join(' and '), /the limit is 16 in one query/);
    await refused(`${ors(8, (i) => `friends.age = ${i}`)} or ${ors(9, (i) => `friends.friends is null and age = ${i}`)}`, /the limit is 16 in one query/);
    // at the limits: 16 conditions, 8 of them eight hops deep (64 hops), answer at once on both databases
    const started = Date.now();
    expect(names(await apiFind(ors(16, (i) => `friends.age = ${i}`)))).toHaveLength(N - 1);
    expect((await f.api('POST', '/data/P/count', { body: { where: ors(8, (i) => `${hops(8, 'age')} = ${i + 8}`) } })).json()).toBe(4);
    // P0…P3 reach eight hops; P11 has no friends
    expect((await f.console('POST', '/data/P/count', { where: Array.from({ length: 8 }, (_, i) => `(${hops(8, 'age')} >= ${i} or friends is null)`).join(' and ') })).json()).toBe(5);
    expect(names(await consoleFind(`${hops(8, 'age')} = ${hops(4, 'age')}`))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a NUL character in a where literal is a 400 on both databases', async () => {
    await refused("name = 'p1\u0000'", /NUL character \(U\+0000\) is not allowed/);
    await refused("name like '%\u0000%' or age = 1", /NUL character/);
    await refused("name in ('a', 'b\u0000')", /NUL character/);
  });

  it('having, sortBy, props and groupBy have their limits too', async () => {
    const having = await f.console('POST', '/data/P/find', { groupBy: ['name'], props: ['name', 'Count(objectId) as n'], having: `${'('.repeat(80)}n > 0${')'.repeat(80)}` });
    expect([having.statusCode, having.json().message, having.json().details]).toEqual([400, expect.stringContaining('the limit is 64 levels'), expect.objectContaining({ fields: [expect.objectContaining({ field: 'having' })] })]);
    const props = await f.api('POST', '/data/P/find', { body: { props: Array.from({ length: 1001 }, (_, i) => `Count(objectId) as n${i}`) } });
    expect([props.statusCode, props.json().code, props.json().message]).toEqual([400, 8000, expect.stringContaining('the limit is 1,000 items in one list')]);
    const sortBy = await f.api('POST', '/data/P/find', { body: { sortBy: Array.from({ length: 9 }, (_, i) => `${'friends.'.repeat(i % 2)}${hops(7, 'age')}`) } });
    expect([sortBy.statusCode, sortBy.json().message]).toEqual([400, expect.stringContaining('the limit is 64 relation hops')]);
  });
});
