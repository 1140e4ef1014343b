import { describe, expect, it } from 'vitest';
import { testDbKinds } from '../../../test-helpers.js';
import { ApiError } from '../../../http/api-error.js';
import { buildCount, buildFind, type FindSpec } from './index.js';
import { Person, schema } from './test-fixture.js';
import { useFixtureStore, type FixtureStore } from './fixture-store.test-helpers.js';

/**
 * Comparisons across every pair of value kinds and every kind of literal, run on both databases:
 * each is refused with a 400 or answers, and both databases answer alike (the same rows, or both
 * a 400). PostgreSQL types its parameters from the column they meet and refuses mixed types that
 * SQLite would compare anyway, so a clause that slipped past the compiler's type checks would show
 * here as a 500 on one database or as different rows.
 */

/** One column of each kind, plus text and time columns the system keeps. */
const COLUMNS = ['name', 'bio', 'photo', 'objectId', 'age', 'score', 'active', 'born', 'created', 'city.population', 'city.name', 'friends.born', 'friends.active'];
const LITERALS = [
  '0', '1', '-1', '2.5', '-0.5', '1e20', '-1e20', '9007199254740993', '1e308', '30', '42',
  "'1'", "'2.5'", "' 7 '", "'1e3'", "'0x10'", "'abc'", "''", "'-'", "'2024-01-31'", "'2024-01-31 10:00:00'", "'1990-04-28T09:05:03Z'", "'99999-01-01'", "'2024-02-30'",
  "'true'", "'false'", "'TRUE'", 'true', 'false', 'null', 'km(1)', 'mi(0.5)',
];
const OPS = ['=', '!=', '<', '>='];

function wheres(): string[] {
  const out: string[] = [];
  for (const a of COLUMNS) {
    for (const b of COLUMNS) for (const op of OPS) out.push(`${a} ${op} ${b}`);
    for (const lit of LITERALS) {
      for (const op of OPS) out.push(`${a} ${op} ${lit}`, `${lit} ${op} ${a}`);
      out.push(`${a} in (${lit}, 1)`, `${a} not in (${lit})`, `${a} between ${lit} and ${lit}`, `${a} like ${lit}`);
    }
    out.push(`${a} is null`, `${a} between ${a} and ${a}`, `${a} in (${a}, ${a})`);
  }
  for (const lit of LITERALS) {
    out.push(`distance(${lit}, 1, score, age) < km(10)`, `distance(1, 2, 3, 4) > ${lit}`);
    for (const lit2 of ['1', "'1'", 'true', 'null']) out.push(`${lit} = ${lit2}`, `${lit} < ${lit2}`);
  }
  return out;
}

/** Having clauses: aggregates of every kind against every literal. */
function havings(): string[] {
  const out: string[] = [];
  for (const agg of ['Count(*)', 'Count(name)', 'Sum(age)', 'Avg(score)', 'Max(name)', 'Min(born)', 'Max(age)', 'Min(score)']) {
    for (const lit of LITERALS) out.push(`${agg} > ${lit}`, `${agg} = ${lit}`);
    out.push(`${agg} = active`, `${agg} > name`, `${agg} < Count(*)`);
  }
  return out;
}

type Outcome = { refused: string } | { rows: string[]; count: number };

async function outcome(store: FixtureStore, spec: Partial<FindSpec>): Promise<Outcome> {
  const full = { pageSize: 100, offset: 0, ...spec };
  try {
    const db = store.dbs.app(store.appId);
    const found = await buildFind(store.dbs, store.appId, Person, schema, full).execute(db);
    const counted = await buildCount(store.dbs, store.appId, Person, schema, full).execute(db);
    return { rows: found.rows.map((r) => JSON.stringify(r.objectId ?? r)).sort(), count: Number(counted.rows[0].count) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) return { refused: e.message };
    throw new Error(`${JSON.stringify(spec)} failed on ${store.dbs.kind}: ${String(e)}`);
  }
}

const kinds = testDbKinds();

describe(`comparisons across types [${kinds.join(', ')}]`, () => {
  const stores = kinds.map((kind) => useFixtureStore(kind));

  async function same(specs: Array<Partial<FindSpec>>): Promise<number> {
    let answered = 0;
    const differ: string[] = [];
    for (const spec of specs) {
      const outcomes = [];
      for (const store of stores) outcomes.push(await outcome(store, spec));
      if ('rows' in outcomes[0]) answered++;
      const kindsOf = outcomes.map((o) => ('refused' in o ? 'refused' : JSON.stringify(o)));
      if (new Set(kindsOf).size > 1) differ.push(`${JSON.stringify(spec)}: ${outcomes.map((o, i) => `${kinds[i]} ${JSON.stringify(o)}`).join(' / ')}`);
    }
    expect(differ).toEqual([]);
    return answered;
  }

  it('where: every column kind against every other and every literal kind answers alike on both databases, or is a 400', async () => {
    const all = wheres();
    expect(all.length).toBeGreaterThan(4000);
    const answered = await same(all.map((where) => ({ where })));
    // most are meaningful comparisons that run; the check is not vacuous
    expect(answered).toBeGreaterThan(all.length / 3);
  });

  it('having: aggregates of every kind against every literal kind answer alike, or are a 400', async () => {
    const answered = await same(havings().map((having) => ({ having, groupBy: ['active'], props: ['Count(*) as n', 'Sum(age) as s'] })));
    expect(answered).toBeGreaterThan(100);
  });
});
