import { describe, expect, it } from 'vitest';
import { matchesWhere, parseWhere, WhereSyntaxError } from './where-filter.js';

const test = (where: string, obj: Record<string, unknown>) => matchesWhere(parseWhere(where), obj);

describe('where filter', () => {
  it('compares numbers, text and booleans like SQL', () => {
    expect(test('age > 18', { age: 30 })).toBe(true);
    expect(test('age > 18', { age: '30' })).toBe(true);
    expect(test('age > 18', { age: 3 })).toBe(false);
    expect(test("name = 'Bob'", { name: 'Bob' })).toBe(true);
    expect(test("name <> 'Bob'", { name: 'Ann' })).toBe(true);
    expect(test('active = true', { active: true })).toBe(true);
    expect(test('active = false', { active: true })).toBe(false);
    expect(test('age > 18', {})).toBe(false);
  });

  it('combines with AND, OR, NOT and parentheses, AND binding tighter', () => {
    const row = { a: 1, b: 2, c: 3 };
    expect(test('a = 1 OR b = 9 AND c = 9', row)).toBe(true);
    expect(test('(a = 1 OR b = 9) AND c = 9', row)).toBe(false);
    expect(test('NOT (a = 2) and b = 2', row)).toBe(true);
  });

  it('supports IS NULL, IN, LIKE, quoted names and doubled quotes', () => {
    expect(test('x IS NULL', { x: null })).toBe(true);
    expect(test('x is not null', { x: 0 })).toBe(true);
    expect(test("os IN ('IOS', 'ANDROID')", { os: 'IOS' })).toBe(true);
    expect(test("os NOT IN ('IOS')", { os: 'IOS' })).toBe(false);
    expect(test("name LIKE 'b%'", { name: 'Bob' })).toBe(true);
    expect(test("name like '_o_'", { name: 'bob' })).toBe(true);
    expect(test("name LIKE 'a.c'", { name: 'abc' })).toBe(false);
    expect(test('`first name` = \'Al\'', { 'first name': 'Al' })).toBe(true);
    expect(test("t = 'it''s'", { t: "it's" })).toBe(true);
    expect(test("address.city = 'Oslo'", { address: { city: 'Oslo' } })).toBe(true);
    expect(test('x = null', { x: null })).toBe(true);
  });

  it('rejects malformed text with a message that points at the problem', () => {
    const fails = (where: string, message: RegExp) => {
      expect(() => parseWhere(where)).toThrow(WhereSyntaxError);
      expect(() => parseWhere(where)).toThrow(message);
    };
    fails("name = 'open", /Unterminated string starting at position 8/);
    fails('age >', /Expected a value .* at position 6/);
    fails('age = 1 extra', /position 9/);
    fails('a = 1; drop table x', /Unexpected character ';'/);
    fails('', /empty/);
    fails(`${'('.repeat(40)}a = 1${')'.repeat(40)}`, /nested too deeply/);
    fails(`a = '${'x'.repeat(3000)}'`, /longer than/);
  });
});
