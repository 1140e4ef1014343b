import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Rec = Record<string, unknown>;

/** A seeded generator, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Hostile input to deep save, grouping, find by key, expressions and JSON operations: every
 * answer is a 2xx or a 4xx with a message, never a 5xx, and a refused write leaves the data as
 * it was.
 */
describeEachDb('hostile input to deep save, grouping, keys, expressions and JSON', (server) => {
  let f: AppFixture;
  let emp: Rec;
  let doc: Rec;
  const snapshot = async () =>
    JSON.stringify([
      (await f.api('POST', '/data/Emp/find', { key: f.keys.BL, body: { pageSize: 100, sortBy: 'objectId' } })).json(),
      (await f.api('POST', '/data/Doc/find', { key: f.keys.BL, body: { pageSize: 100, sortBy: 'objectId' } })).json(),
    ]);

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Emp', [
      { name: 'name', dataType: 'STRING' },
      { name: 'rate', dataType: 'DOUBLE' },
      { name: 'hours', dataType: 'INT' },
    ]);
    await f.table('Doc', [
      { name: 'body', dataType: 'JSON' },
      { name: 'owner', dataType: 'DATA_REF', toTableName: 'Emp', relationshipType: 'ONE_TO_ONE' } as never,
    ]);
    // Writes below must not add columns: dynamic schema is off, so a stray key is a 400.
    await f.console('PUT', '/data/config', { dynamicSchema: false });
    emp = (await f.api('PUT', '/data/Emp', { body: { name: 'e', rate: 1.5, hours: 2 } })).json();
    doc = (await f.api('PUT', '/data/Doc', { body: { body: { a: [1, { b: 'x' }], s: 'text' } } })).json();
  });

  const expressions = [
    'rate +',
    '1/0',
    'rate / (hours - hours)',
    '((((((rate))))))',
    '-'.repeat(200) + '1',
    '1e999',
    'rate * 1e308 * 1e308',
    "rate + '1'",
    'rate;',
    '`rate`` + 1',
    'objectId + 1',
    'name * 2',
    'created + 1',
    '('.repeat(70) + '1' + ')'.repeat(70),
    'rate' + ' + rate'.repeat(1200),
    '\u0000',
    '',
    '   ',
    'rate -- 1',
    'rate /* x */',
  ];
  const paths = [
    "$.a'",
    '$..a',
    '$.a[-1]',
    '$[999999]',
    '$.a[1].b.c.d',
    '$.' + 'a.'.repeat(40) + 'a',
    '$."a\\"b"',
    '$.\u0000',
    '$',
    '',
    'x',
    '$.a[1]',
    '$[0]',
    '$.s[0]',
    '$.a.b',
  ];
  const ops = [
    'JSON_SET',
    'JSON_INSERT',
    'JSON_REPLACE',
    'JSON_REMOVE',
    'JSON_ARRAY_APPEND',
    'JSON_ARRAY_INSERT',
    'NOPE',
    '',
    null,
  ];

  it('expressions: a bad one is a 400 and changes nothing', async () => {
    for (const e of expressions) {
      const before = await snapshot();
      const res = await f.api('PUT', `/data/Emp/${emp.objectId}`, {
        body: { rate: { ___class: 'BackendlessExpression', value: e } },
      });
      expect(res.statusCode, `${e.slice(0, 40)}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(await snapshot()).toBe(before);
    }
    for (const value of [null, 5, {}, [], { value: 'rate' }]) {
      const res = await f.api('PUT', `/data/Emp/${emp.objectId}`, {
        body: { rate: { ___class: 'BackendlessExpression', value } },
      });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
    }
  });

  it('JSON operations with random paths, values and operation names: never a 5xx', async () => {
    const r = rng(29);
    const values = [
      1,
      -0.5,
      'x',
      '',
      null,
      true,
      [],
      {},
      [1, [2, [3]]],
      { k: { k: { k: 1 } } },
      'x\u0000',
      '\ud800',
      1e308,
    ];
    for (let i = 0; i < 150; i++) {
      const op = ops[Math.floor(r() * ops.length)];
      const path = paths[Math.floor(r() * paths.length)];
      const args =
        op === 'JSON_REMOVE' ? [path] : r() < 0.1 ? path : { [path]: values[Math.floor(r() * values.length)] };
      const before = await snapshot();
      const res = await f.api('PUT', `/data/Doc/${doc.objectId}`, { body: { body: { ___operation: op, args } } });
      expect(res.statusCode, `${op} ${JSON.stringify(args)}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(await snapshot()).toBe(before);
      // Whatever happened, the document still reads back as JSON.
      const now = (await f.api('GET', `/data/Doc/${doc.objectId}`, { key: f.keys.BL })).json();
      expect(now.objectId).toBe(doc.objectId);
    }
  });

  it('JSON paths in where: never a 5xx', async () => {
    const r = rng(7);
    const rights = ['1', "'x'", 'true', 'null', 'body', "body->'$.s'", '1.5e3', "'2026-01-01'"];
    const cmp = ['=', '!=', '>', '<=', 'LIKE', 'IN', 'BETWEEN', 'IS NULL', 'IS NOT NULL'];
    for (let i = 0; i < 120; i++) {
      const path = paths[Math.floor(r() * paths.length)].replace(/'/g, "''");
      const c = cmp[Math.floor(r() * cmp.length)];
      const right = rights[Math.floor(r() * rights.length)];
      const tail =
        c === 'IN'
          ? `IN (${right}, ${right})`
          : c === 'BETWEEN'
            ? `BETWEEN ${right} AND ${right}`
            : c.startsWith('IS')
              ? c
              : `${c} ${right}`;
      const where = `body->'${path}' ${tail}`;
      for (const route of ['/data/Doc/find', '/data/Doc/count']) {
        const res = await f.api('POST', route, { body: { where } });
        expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('deep save, grouping and find by key with hostile bodies: never a 5xx', async () => {
    const deep: unknown[] = [
      null,
      [],
      'x',
      5,
      { owner: 5 },
      { owner: 'bad id!' },
      { owner: [{ name: 'a' }, { name: 'b' }] },
      { owner: { __originSubID: 7 } },
      { owner: { ___class: 'Doc' } },
      { owner: { objectId: 'nope' } },
      { __subID: 'a', owner: { __subID: 'a', name: 'x' } },
      { owner: { name: 'x'.repeat(501) } },
      { body: { ___operation: 'JSON_SET', args: { '$.a': 1 } } },
      { stray: 1 },
      { owner: { stray: 1 } },
    ];
    let nest: Rec = { name: 'leaf' };
    for (let i = 0; i < 40; i++) nest = { body: null, owner: { name: `n${i}` }, ...(i % 2 ? {} : {}), child: nest };
    deep.push(nest);
    const before = await snapshot();
    for (const body of deep) {
      const res = await f.api('PUT', '/data/Doc/deep-save', { body });
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBeLessThan(500);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot()).toBe(before);
    const groupings: unknown[] = [
      {},
      { groupBy: 'nope' },
      { groupBy: 'body' },
      { groupBy: 'name', groupPath: 'x' },
      { groupBy: 'name', groupPath: [{}] },
      { groupBy: 'name', groupPath: [{ column: 'rate', value: 1 }] },
      { groupBy: 'name', groupPath: [[1]] },
      { groupBy: 'name', groupDepth: -1 },
      { groupBy: 'name', groupPageSize: 0 },
      { groupBy: 'name', recordsPageSize: 'x' },
      { groupBy: 'name,rate,hours,name,rate,hours' },
      { groupBy: 'name', where: "name = 'x" },
      { groupBy: 'name', props: 'Count(rate)' },
      { groupBy: 'name', having: 'x > 1' },
      { groupBy: 'rate', groupPath: ['not a number'] },
      { groupBy: 'hours', groupPath: [1.5] },
      { groupBy: 'name', sortBy: 'nope' },
    ];
    for (const body of groupings) {
      for (const route of ['/data/data-grouping/Emp', '/data/data-grouping/Emp/count']) {
        const res = await f.api('POST', route, { body });
        expect(res.statusCode, `${route} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      }
    }
    for (const q of [
      '',
      '?nope=1',
      '?rate=abc',
      '?hours=1.5',
      '?created=x',
      '?objectId=a&objectId=b',
      '?name=' + 'x'.repeat(5000),
      '?body=1',
      '?owner=x',
    ]) {
      const res = await f.api('GET', `/data/Emp/pk${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBeLessThan(500);
    }
  });
});
