import { describe, expect, it } from 'vitest';
import { matchesWhere, parseFilter, WhereSyntaxError } from './where-filter.js';

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
});
