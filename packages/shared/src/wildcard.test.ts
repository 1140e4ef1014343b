import { describe, expect, it } from 'vitest';
import { wildcardMatcher } from './wildcard.js';

/** The same pattern as an anchored RegExp: the meaning we keep, on inputs too small to backtrack long. */
function reference(pattern: string, ignoreCase: boolean): RegExp {
  let src = '';
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === '\\' && i + 1 < chars.length) src += chars[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else src += ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}$`, ignoreCase ? 'isu' : 'su');
}

describe('wildcard matcher', () => {
  it('agrees with the RegExp meaning on seeded random patterns and texts', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    const alphabet = ['a', 'b', 'A', '%', '_', '\\', 'é', '.'];
    const texts = ['a', 'b', 'A', 'é', '.', '%', '_'];
    for (let n = 0; n < 3000; n++) {
      const pattern = Array.from(
        { length: Math.floor(rand() * 7) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      ).join('');
      const text = Array.from({ length: Math.floor(rand() * 7) }, () => texts[Math.floor(rand() * texts.length)]).join(
        '',
      );
      const ignoreCase = rand() < 0.5;
      const got = wildcardMatcher(pattern, { any: '%', one: '_', escape: '\\', ignoreCase }).test(text);
      expect(got, `${JSON.stringify(pattern)} ~ ${JSON.stringify(text)} (ignoreCase ${ignoreCase})`).toBe(
        reference(pattern, ignoreCase).test(text),
      );
    }
  });

  it('globs: * and ? without an escape, case kept unless asked', () => {
    const glob = (p: string, ignoreCase = false) => wildcardMatcher(p, { any: '*', one: '?', ignoreCase });
    expect(glob('user_*').test('user_42')).toBe(true);
    expect(glob('user_?').test('user_42')).toBe(false);
    expect(glob('*.PNG').test('photo.png')).toBe(false);
    expect(glob('*.PNG', true).test('photo.png')).toBe(true);
    expect(glob('a%b').test('a%b')).toBe(true);
  });

  it('a pattern that makes a RegExp backtrack exponentially is answered by walking the text', () => {
    const hostile = `${'%a'.repeat(500)}b`;
    const text = 'a'.repeat(5000);
    expect(wildcardMatcher(hostile, { any: '%', one: '_', escape: '\\' }).test(text)).toBe(false);
    expect(wildcardMatcher(hostile, { any: '%', one: '_', escape: '\\' }).test(`${text}b`)).toBe(true);
    expect(wildcardMatcher(`${'*a'.repeat(200)}c`, { any: '*', one: '?' }).test('a'.repeat(255))).toBe(false);
  });
});
