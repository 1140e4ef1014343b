import { describe, expect, it } from 'vitest';
import { asNumber, asText, bare, numberLiteral, stringLiteral, variableIdentifier } from './escape.js';

describe('escaping helpers', () => {
  it('string literals evaluate back to the exact text and hide script-closing sequences', () => {
    for (const s of ['</script>', '<!--', 'a < b > c', '\u2028\u2029', '"\'`${x}', '\\', 'a\nb', '\ud800']) {
      const lit = stringLiteral(s);
      expect(lit).not.toMatch(/<\/|<!|[\u2028\u2029\n]/);
      expect(new Function(`'use strict'; return ${lit};`)()).toBe(s);
    }
  });

  it('numbers must be finite; negatives are parenthesised', () => {
    expect(numberLiteral(3)).toBe('3');
    expect(numberLiteral(-2.5)).toBe('(-2.5)');
    expect(numberLiteral(-0)).toBe('0');
    expect(() => numberLiteral(NaN)).toThrow(RangeError);
    expect(() => numberLiteral(Infinity)).toThrow(RangeError);
  });

  it('identifiers keep letters, digits and _ only, behind a fixed prefix', () => {
    expect(variableIdentifier('await', 1)).toBe('v_await_1');
    expect(variableIdentifier('$params', 2)).toBe('v__params_2');
    expect(variableIdentifier('a b;c()', 3)).toBe('v_a_b_c___3');
    expect(variableIdentifier('x'.repeat(100), 4)).toBe(`v_${'x'.repeat(40)}_4`);
  });

  it('asText/asNumber convert unless the code is already a literal of that type', () => {
    expect(asText('"a"')).toBe('"a"');
    expect(asText('"a" + "b"')).toBe('String("a" + "b")');
    expect(asText('x')).toBe('String(x)');
    expect(asNumber('12.5')).toBe('12.5');
    expect(asNumber('(-3)')).toBe('(-3)');
    expect(asNumber('(-3) - 1')).toBe('Number((-3) - 1)');
    expect(asNumber('"3"')).toBe('Number("3")');
  });

  it('bare drops only parentheses that wrap the whole expression, ignoring those in literals', () => {
    expect(bare('(a + b)')).toBe('a + b');
    expect(bare('(a) + (b)')).toBe('(a) + (b)');
    expect(bare('(")" + x)')).toBe('")" + x');
    expect(bare('("(" + x) + (y)')).toBe('("(" + x) + (y)');
    expect(bare("('\\'' + \")\")")).toBe("'\\'' + \")\"");
    expect(bare('f(x)')).toBe('f(x)');
  });
});
