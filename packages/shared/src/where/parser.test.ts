import { describe, expect, it } from 'vitest';
import { parseGroupBy, parseProps, parseSortBy, parseWhere } from './parser.js';
import { WhereSyntaxError } from './tokenizer.js';
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
    ["5 < age", '5 < age'],
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
    ["`a b`.c.`d``e` = 1", 'a b.c.d`e = 1'],
    ["`order` = 1", 'order = 1'],
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
    expect(show(parseWhere('distance(30.26, -97.74, loc.latitude, loc.longitude) < mi(200)'))).toBe('distance(30.26,-97.74,loc.latitude,loc.longitude) < MI(200)');
    const c = parseWhere('distance(1, 2, a.b, a.c) <= km(10)') as any;
    expect(c.right).toMatchObject({ kind: 'unit', unit: 'KM', km: 10 });
    expect((parseWhere('distance(1, 2, a.b, a.c) < yd(1000)') as any).right.km).toBeCloseTo(0.9144);
    expect((parseWhere('distance(1, 2, a.b, a.c) < mi(1)') as any).right.km).toBeCloseTo(1.609344);
    expect(show(parseWhere('Count(objectId) > 2 and sum(price) >= 10'))).toBe('(COUNT(objectId) > 2 and SUM(price) >= 10)');
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
      { kind: 'aggregate', aggregate: { kind: 'aggregate', fn: 'COUNT', arg: { kind: 'column', path: ['objectId'], pos: 6 }, distinct: false, pos: 0 }, alias: 'cnt', pos: 0 },
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
    expect(syntaxError(() => parseSortBy("name; select 1")).token).toBe(';');
  });

  it('parses groupBy', () => {
    expect(parseGroupBy(['city', 'a.b']).map((c) => c.path)).toEqual([['city'], ['a', 'b']]);
    expect(syntaxError(() => parseGroupBy('Count(x)')).token).toBe('(');
  });
});
