import { describe, expect, it } from 'vitest';
import { parseGroupBy, parseProps, parseSortBy, parseWhere } from './parser.js';
import { WhereSyntaxError } from './tokenizer.js';
import { WhereLimitError, WhereLimits } from './limits.js';
import { buildSearchWhere } from './search.js';
import type { Condition } from './ast.js';

/** Compact rendering of a condition so expectations stay readable. */
function show(c: Condition | null): string {
  const op = (o: any): string => {
    switch (o.kind) {
      case 'column':
        return o.path.join('.');
      case 'literal':
        return typeof o.value === 'string' ? `'${o.value}'` : String(o.value);
      case 'aggregate':
        return `${o.fn}(${o.distinct ? 'distinct ' : ''}${o.arg ? op(o.arg) : '*'})`;
      case 'distance':
        return `distance(${o.args.map(op).join(',')})`;
      case 'unit':
        return `${o.unit}(${o.value})`;
    }
    return '?';
  };
  if (!c) return 'null';
  switch (c.kind) {
    case 'and':
    case 'or':
      return `(${show(c.left)} ${c.kind} ${show(c.right)})`;
    case 'not':
      return `not ${show(c.expr)}`;
    case 'compare':
      return `${op(c.left)} ${c.op} ${op(c.right)}`;
    case 'like':
      return `${op(c.target)} ${c.negated ? 'not ' : ''}like ${op(c.pattern)}`;
    case 'in':
      return `${op(c.target)} ${c.negated ? 'not ' : ''}in [${c.values.map(op).join(',')}]`;
    case 'isNull':
      return `${op(c.target)} is ${c.negated ? 'not ' : ''}null`;
    case 'between':
      return `${op(c.target)} ${c.negated ? 'not ' : ''}between ${op(c.low)} ${op(c.high)}`;
  }
}

function syntaxError(fn: () => unknown): WhereSyntaxError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(WhereSyntaxError);
    return e as WhereSyntaxError;
  }
  throw new Error('expected a syntax error');
}

describe('parseWhere', () => {
  it.each([
    ["name = 'Bob'", "name = 'Bob'"],
    ['age != 3', 'age != 3'],
    ['age <> 3', 'age != 3'],
    ['age<3', 'age < 3'],
    ['age <= -3.5', 'age <= -3.5'],
    ['age > 1e3', 'age > 1000'],
    ['age >= 0', 'age >= 0'],
    ['5 < age', '5 < age'],
    ["name LIKE '%a%'", "name like '%a%'"],
    ["name not like 'a%'", "name not like 'a%'"],
    ["name IN ('a', 'b')", "name in ['a','b']"],
    ['age NOT IN (1,2,3)', 'age not in [1,2,3]'],
    ['name IS NULL', 'name is null'],
    ['name is not null', 'name is not null'],
    ['age BETWEEN 1 AND 5', 'age between 1 5'],
    ['age not between 1 and 5', 'age not between 1 5'],
    ['flag = true', 'flag = true'],
    ['flag = FALSE', 'flag = false'],
    ['name = null', 'name = null'],
    ["name = 'O''Brien'", "name = 'O'Brien'"],
    ["city.name = 'Paris'", "city.name = 'Paris'"],
    ["`city`.`name` = 'Paris'", "city.name = 'Paris'"],
    ['`a b`.c.`d``e` = 1', 'a b.c.d`e = 1'],
    ['`order` = 1', 'order = 1'],
    ["created > '2024-01-31 10:00:00'", "created > '2024-01-31 10:00:00'"],
  ])('%s', (input, expected) => {
    expect(show(parseWhere(input))).toBe(expected);
  });

  it('binds AND tighter than OR and honours parentheses', () => {
    expect(show(parseWhere('a = 1 or b = 2 and c = 3'))).toBe('(a = 1 or (b = 2 and c = 3))');
    expect(show(parseWhere('(a = 1 or b = 2) and c = 3'))).toBe('((a = 1 or b = 2) and c = 3)');
    expect(show(parseWhere('not a = 1 and not (b = 2 or c = 3)'))).toBe('(not a = 1 and not (b = 2 or c = 3))');
  });

  it('parses distance with units and aggregates', () => {
    expect(show(parseWhere('distance(30.26, -97.74, loc.latitude, loc.longitude) < mi(200)'))).toBe(
      'distance(30.26,-97.74,loc.latitude,loc.longitude) < MI(200)',
    );
    const c = parseWhere('distance(1, 2, a.b, a.c) <= km(10)') as any;
    expect(c.right).toMatchObject({ kind: 'unit', unit: 'KM', km: 10 });
    expect((parseWhere('distance(1, 2, a.b, a.c) < yd(1000)') as any).right.km).toBeCloseTo(0.9144);
    expect((parseWhere('distance(1, 2, a.b, a.c) < mi(1)') as any).right.km).toBeCloseTo(1.609344);
    expect(show(parseWhere('Count(objectId) > 2 and sum(price) >= 10'))).toBe(
      '(COUNT(objectId) > 2 and SUM(price) >= 10)',
    );
    expect(show(parseWhere('count(*) > 1'))).toBe('COUNT(*) > 1');
    expect(show(parseWhere('Count(distinct name) = 1'))).toBe('COUNT(distinct name) = 1');
  });

  it('answers null for blank input and records positions', () => {
    expect(parseWhere('   ')).toBeNull();
    expect(parseWhere(undefined)).toBeNull();
    const c = parseWhere("  name = 'x'") as any;
    expect(c.pos).toBe(7);
    expect(c.left.pos).toBe(2);
    expect(c.right.pos).toBe(9);
  });

  it.each([
    ["name = 'x'; DROP TABLE x", ';', 10],
    ["name = 'x' UNION SELECT * FROM t", 'UNION', 11],
    ["name = 'x' -- comment", '--', 11],
    ["name = 'x' /* c */", '/*', 11],
    ["name = 'abc", "'abc", 7],
    ['name = "abc"', '"', 7],
    ['sleep(5) = 1', 'sleep', 0],
    ['name = ', '', 7],
    ['name', '', 4],
    ['name = 1 and', '', 12],
    ['(name = 1', '', 9],
    ['name == 1', '==', 5],
    ['name ! 1', '!', 5],
    ['age in ()', ')', 8],
    ['age = 12abc', '12abc', 6],
    ['and = 1', 'and', 0],
    ['name not = 1', '=', 9],
    ['age between 1 or 2', 'or', 14],
    ['a.', '', 2],
    ['``= 1', '``', 0],
    ['km(x) > 1', 'x', 3],
    ['sum(*) > 1', '*', 4],
    ['name = 1 1', '1', 9],
    ['name @ 1', '@', 5],
  ])('rejects %j naming %j at %d', (input, token, position) => {
    const e = syntaxError(() => parseWhere(input));
    expect(e.token).toBe(token);
    expect(e.position).toBe(position);
    if (token) expect(e.message).toContain(token);
    expect(e.message).toMatch(/position|end of input/);
  });

  it('refuses absurd nesting without overflowing the stack', () => {
    const e = syntaxError(() => parseWhere(`${'('.repeat(5000)}a = 1${')'.repeat(5000)}`));
    expect(e.message).toContain('nested too deeply');
    expect(() => parseWhere(`${'not '.repeat(5000)}a = 1`)).toThrow(WhereSyntaxError);
    expect(show(parseWhere('((((a = 1))))'))).toBe('a = 1');
  });
});

describe('parseProps / parseSortBy / parseGroupBy', () => {
  it('parses props with aliases, aggregates and *', () => {
    expect(parseProps(['name', 'Count(objectId) as cnt', '*', '`a`.`b` AS ab'])).toEqual([
      { kind: 'column', column: { kind: 'column', path: ['name'], pos: 0 }, alias: null, pos: 0 },
      {
        kind: 'aggregate',
        aggregate: {
          kind: 'aggregate',
          fn: 'COUNT',
          arg: { kind: 'column', path: ['objectId'], pos: 6 },
          distinct: false,
          pos: 0,
        },
        alias: 'cnt',
        pos: 0,
      },
      { kind: 'all', pos: 0 },
      { kind: 'column', column: { kind: 'column', path: ['a', 'b'], pos: 0 }, alias: 'ab', pos: 0 },
    ]);
    expect(parseProps('name, age as years').map((p: any) => p.alias)).toEqual([null, 'years']);
    expect(parseProps(undefined)).toEqual([]);
    expect(parseProps([' ', ''])).toEqual([]);
  });

  it('rejects bad props', () => {
    expect(syntaxError(() => parseProps('name as `x`')).token).toBe('`x`');
    expect(syntaxError(() => parseProps('name; drop table t')).token).toBe(';');
    expect(syntaxError(() => parseProps('distance(1,2,3,4)')).message).toContain('Only Count');
    expect(syntaxError(() => parseProps('name age')).token).toBe('age');
    expect(syntaxError(() => parseProps('upper(name)')).token).toBe('upper');
  });

  it('parses sortBy in every accepted spelling', () => {
    const s = parseSortBy(['name', 'name desc', 'created DESC', '`a`.`b` asc', 'Count(objectId) desc']);
    expect(s.map((x) => [x.target.kind === 'column' ? x.target.path.join('.') : x.target.fn, x.descending])).toEqual([
      ['name', false],
      ['name', true],
      ['created', true],
      ['a.b', false],
      ['COUNT', true],
    ]);
    expect(parseSortBy('name desc, age').length).toBe(2);
    expect(syntaxError(() => parseSortBy('name descending')).token).toBe('descending');
    expect(syntaxError(() => parseSortBy('name; select 1')).token).toBe(';');
  });

  it('parses groupBy', () => {
    expect(parseGroupBy(['city', 'a.b']).map((c) => c.path)).toEqual([['city'], ['a', 'b']]);
    expect(syntaxError(() => parseGroupBy('Count(x)')).token).toBe('(');
  });
});

describe('limits', () => {
  const limitError = (fn: () => unknown): WhereLimitError => {
    const e = syntaxError(fn);
    expect(e).toBeInstanceOf(WhereLimitError);
    return e as WhereLimitError;
  };
  const comparisons = (n: number, op = 'or') => Array.from({ length: n }, (_, i) => `a = ${i}`).join(` ${op} `);
  const depthOf = (c: Condition): number =>
    c.kind === 'and' || c.kind === 'or'
      ? 1 + Math.max(depthOf(c.left), depthOf(c.right))
      : c.kind === 'not'
        ? 1 + depthOf(c.expr)
        : 1;
  const leaves = (c: Condition, out: Condition[] = []): Condition[] => {
    if (c.kind === 'and' || c.kind === 'or') {
      leaves(c.left, out);
      leaves(c.right, out);
    } else out.push(c);
    return out;
  };
  const path = (hops: number, last = 'name') => `${'friends.'.repeat(hops)}${last}`;

  it('refuses a text over 500,000 characters before reading it, naming the limit', () => {
    const e = limitError(() => parseWhere(`a = '${'x'.repeat(WhereLimits.textLength)}'`));
    expect(e.limit).toBe('textLength');
    expect(e.message).toContain('500,000');
    expect(limitError(() => parseSortBy(['name', 'x'.repeat(WhereLimits.textLength)])).limit).toBe('textLength');
  });

  it('takes the SDK bulk delete of 10,000 objects within the text limit', () => {
    const ids = Array.from(
      { length: 10_000 },
      (_, i) => `'${`0000000${i}`.slice(-8)}-1C29-C821-4F2B-9A6D-3E1F00AB12CD'`,
    );
    const text = `objectId in (${ids.join(',')})`;
    expect(text.length).toBeLessThan(WhereLimits.textLength);
    const c: any = parseWhere(text);
    expect(c.values ?? c.right?.values ?? c.right).toHaveLength(10_000);
  });

  it('parses runs of AND and OR into balanced trees in their order, and limits comparisons to 1,000', () => {
    const tree = parseWhere(comparisons(1000))!;
    expect(depthOf(tree)).toBeLessThanOrEqual(11);
    expect(leaves(tree).map((l: any) => l.right.value)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(depthOf(parseWhere(comparisons(1000, 'and'))!)).toBeLessThanOrEqual(11);
    // operator positions stay on the nodes
    expect((parseWhere('a = 1 or b = 2 or c = 3 or d = 4') as any).pos).toBe(15);
    const e = limitError(() => parseWhere(comparisons(1001)));
    expect(e.limit).toBe('terms');
    expect(e.message).toMatch(/the limit is 1,000 comparisons/);
    expect(limitError(() => parseWhere(comparisons(600, 'and') + ' or ' + comparisons(600))).limit).toBe('terms');
  });

  it('keeps the console search over a table of 300 columns within the limits', () => {
    const columns = Array.from({ length: 300 }, (_, i) => ({ name: `c${i}`, dataType: i % 2 ? 'STRING' : 'INT' }));
    const where = buildSearchWhere({ name: 'T', columns }, "O'Brien", 'c1 > 5 and c2 is not null');
    expect(depthOf(parseWhere(where)!)).toBeLessThanOrEqual(12);
  });

  it('limits IN lists to 10,000 values and a clause to 10,000 values', () => {
    const ids = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `'${String(from + i).padStart(36, '0')}'`).join(',');
    expect((parseWhere(`objectId in (${ids(10_000)})`) as any).values).toHaveLength(10_000);
    const e = limitError(() => parseWhere(`objectId in (${ids(10_001)})`));
    expect([e.limit, e.message]).toEqual([
      'inValues',
      expect.stringContaining('the limit is 10,000 values in one IN list'),
    ]);
    const values = limitError(() => parseWhere(`objectId in (${ids(6000)}) or objectId in (${ids(6000, 6000)})`));
    expect([values.limit, values.message]).toEqual([
      'values',
      expect.stringContaining('the limit is 10,000 values in one clause'),
    ]);
  });

  it('limits LIKE patterns to 1,000 characters', () => {
    expect(parseWhere(`name like '${'%a'.repeat(500)}'`)).not.toBeNull();
    const e = limitError(() => parseWhere(`name like '${'%a'.repeat(501)}'`));
    expect([e.limit, e.position]).toEqual(['likePattern', 10]);
    expect(e.message).toContain('LIKE pattern too long');
    expect(e.message).toContain('1,002 characters, the limit is 1,000');
  });

  it('limits relation paths to 8 hops, a comparison to 16 and a clause to 64', () => {
    expect((parseWhere(`${path(8)} = 'x'`) as any).left.path).toHaveLength(9);
    const long = limitError(() => parseWhere(`age > 1 and ${path(9)} = 'x'`));
    expect([long.limit, long.position]).toEqual(['pathHops', 12]);
    expect(long.message).toContain('the limit is 8 relations in one path');
    expect(limitError(() => parseWhere(`${path(63)} = 'x'`)).limit).toBe('pathHops');
    expect(limitError(() => parseSortBy(path(9))).limit).toBe('pathHops');
    // one comparison: the distinct prefixes of all its paths are its joins
    expect(parseWhere(`${path(8, 'age')} = ${path(8, 'score')}`)).not.toBeNull();
    const wide = `age in (${path(8, 'age')}, ${Array.from({ length: 9 }, (_, i) => `city${i}.population`).join(', ')})`;
    const e = limitError(() => parseWhere(wide));
    expect(e.limit).toBe('conditionHops');
    expect(e.message).toContain('joins 17 relations: the limit is 16');
    // a clause: eight comparisons of eight hops each are 64, a ninth is over
    const eightHops = (n: number) => Array.from({ length: n }, (_, i) => `r${i}.${path(7)} = 1`).join(' or ');
    expect(parseWhere(eightHops(8))).not.toBeNull();
    expect(limitError(() => parseWhere(eightHops(9))).limit).toBe('clauseHops');
    expect(limitError(() => parseSortBy(Array.from({ length: 9 }, (_, i) => `r${i}.${path(7)}`))).limit).toBe(
      'clauseHops',
    );
  });

  it('limits props, groupBy and sortBy to 1,000 items', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(parseProps(names(1000))).toHaveLength(1000);
    expect(limitError(() => parseProps(names(1001))).limit).toBe('listItems');
    expect(limitError(() => parseGroupBy(names(1001).join(','))).message).toContain('the limit is 1,000 items');
  });

  it('limits nesting of distance() like parentheses, without overflowing the stack', () => {
    const e = limitError(() => parseWhere(`${'distance('.repeat(20_000)}1`));
    expect([e.limit, e.message]).toEqual(['depth', expect.stringContaining('the limit is 64 levels')]);
    expect(limitError(() => parseWhere(`${'('.repeat(400_000)}a = 1`)).limit).toBe('depth');
  });

  it('refuses the NUL character in text values and quoted names', () => {
    const e = syntaxError(() => parseWhere("name = 'a\u0000b'"));
    expect([e.position, e.message]).toEqual([
      9,
      expect.stringContaining('NUL character (U+0000) is not allowed in a string'),
    ]);
    expect(syntaxError(() => parseWhere('`na\u0000me` = 1')).message).toContain('NUL');
  });

  it('still names a malformed token that follows a grammar error', () => {
    expect(syntaxError(() => parseWhere("name like '%O'Brien%'")).token).toBe('%');
    expect(syntaxError(() => parseWhere('name = 1 1 ;')).token).toBe(';');
  });
});
