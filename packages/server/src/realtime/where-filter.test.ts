import { describe, expect, it } from 'vitest';
import { columnDiffers, columnEquals, columnIn, whereAll, whereAny } from '@basalt/shared';
import {
  compileWhere,
  hiddenNamed,
  matchesWhere,
  parseFilter,
  textNamesHidden,
  WhereSyntaxError,
} from './where-filter.js';

const test = (where: string, obj: Record<string, unknown>) => matchesWhere(parseFilter(where), obj);

describe('real-time where filter', () => {
  it('compares numbers, text, booleans and dates like SQL', () => {
    expect(test('age > 18', { age: 30 })).toBe(true);
    expect(test('age > 18', { age: '30' })).toBe(true);
    expect(test('age > 18', { age: 3 })).toBe(false);
    expect(test("name = 'Bob'", { name: 'Bob' })).toBe(true);
    expect(test("name != 'Bob'", { name: 'Ann' })).toBe(true);
    expect(test('active = true', { active: true })).toBe(true);
    expect(test('active = false', { active: true })).toBe(false);
    expect(test('age > 18', {})).toBe(false);
    expect(test("created > '2024-01-01'", { created: Date.UTC(2024, 5, 1) })).toBe(true);
    expect(test("created > '2024-01-01'", { created: Date.UTC(2023, 5, 1) })).toBe(false);
  });

  it('combines with AND, OR, NOT and parentheses, AND binding tighter', () => {
    const row = { a: 1, b: 2, c: 3 };
    expect(test('a = 1 OR b = 9 AND c = 9', row)).toBe(true);
    expect(test('(a = 1 OR b = 9) AND c = 9', row)).toBe(false);
    expect(test('NOT (a = 2) and b = 2', row)).toBe(true);
  });

  it('supports IS NULL, IN, BETWEEN, LIKE, quoted names, escapes and nested fields', () => {
    expect(test('x IS NULL', { x: null })).toBe(true);
    expect(test('x is not null', { x: 0 })).toBe(true);
    expect(test("os IN ('IOS', 'ANDROID')", { os: 'IOS' })).toBe(true);
    expect(test("os NOT IN ('IOS')", { os: 'IOS' })).toBe(false);
    expect(test('n BETWEEN 1 AND 3', { n: 2 })).toBe(true);
    expect(test('n NOT BETWEEN 1 AND 3', { n: 2 })).toBe(false);
    expect(test("name LIKE 'b%'", { name: 'Bob' })).toBe(true);
    expect(test("name like '_o_'", { name: 'bob' })).toBe(true);
    expect(test("name LIKE 'a.c'", { name: 'abc' })).toBe(false);
    expect(test("name LIKE '100\\%'", { name: '100%' })).toBe(true);
    expect(test("name LIKE '100\\%'", { name: '1000' })).toBe(false);
    expect(test("`first name` = 'Al'", { 'first name': 'Al' })).toBe(true);
    expect(test("address.city = 'Oslo'", { address: { city: 'Oslo' } })).toBe(true);
  });

  it('rejects malformed text, aggregates and overlong text with positioned messages', () => {
    const fails = (where: string, message: RegExp) => {
      expect(() => parseFilter(where)).toThrow(WhereSyntaxError);
      expect(() => parseFilter(where)).toThrow(message);
    };
    fails("name = 'open", /position/);
    fails('age >', /end of input/);
    fails('a = 1; drop table x', /';'/);
    fails('   ', /empty/);
    fails('Count(objectId) > 1', /not available in a real-time filter/);
    fails(`a = '${'x'.repeat(3000)}'`, /longer than/);
  });

  it('a compiled permission scope decides as matchesWhere does, id lists looked up in a set', () => {
    const scope = whereAny([
      columnIn('objectId', ['g1', 'g2']),
      whereAll([columnIn('objectId', ['d1'], true), columnEquals('ownerId', 'me')]),
    ])!;
    const rows = [
      { objectId: 'g1', ownerId: 'other' },
      { objectId: 'd1', ownerId: 'me' },
      { objectId: 'x', ownerId: 'me' },
      { objectId: 'x', ownerId: null },
      { objectId: 'x' },
      { objectId: 7, ownerId: 'me' },
      { objectId: null, ownerId: 'me' },
      {},
    ];
    const compiled = compileWhere(scope);
    for (const r of rows) expect(compiled(r)).toBe(matchesWhere(scope, r));
    expect(rows.map(compiled)).toEqual([true, false, true, false, false, true, false, false]);
    const notMine = compileWhere(columnDiffers('ownerId', 'me'));
    expect([{ ownerId: 'me' }, { ownerId: 'you' }, { ownerId: null }].map(notMine)).toEqual([false, true, true]);
    // Numbers in a list still compare as SQL does.
    expect(compileWhere(parseFilter("n IN ('1', '2')"))({ n: 2 })).toBe(true);
  });

  it('finds hidden columns named in a filter or in a where text', () => {
    const hidden = new Set(['secret']);
    expect(hiddenNamed(parseFilter("secret = 'a'"), hidden)).toBe('secret');
    expect(hiddenNamed(parseFilter("secret.inner = 'a' OR x = 1"), hidden)).toBe('secret');
    expect(hiddenNamed(parseFilter("title = 'secret'"), hidden)).toBeUndefined();
    expect(hiddenNamed(parseFilter("SECRET = 'a'"), hidden)).toBeUndefined();
    expect(hiddenNamed(undefined, hidden)).toBeUndefined();
    expect(textNamesHidden("`SECRET` = 'a'", hidden)).toBe(true);
    expect(textNamesHidden("title = 'secret'", hidden)).toBe(false);
    expect(textNamesHidden("title = 'unclosed", hidden)).toBe(true);
    expect(textNamesHidden(null, hidden)).toBe(false);
  });
});
