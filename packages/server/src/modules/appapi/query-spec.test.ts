import { describe, expect, it } from 'vitest';
import { namesOutsideQuotes } from './query-spec.js';
import { Rand } from '../../security-suite/suite.test-helpers.js';

/** The former reading of names (blank quoted text, then match names), kept here as the oracle. */
function byRegex(text: string): Set<string> {
  const bare = text.replace(/'(?:[^']|'')*'|"(?:[^"])*"/g, ' ');
  return new Set([...bare.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]));
}

const scan = (text: string) => {
  const out = new Set<string>();
  namesOutsideQuotes(text, out);
  return out;
};

describe('names of a query clause outside quoted text', () => {
  it('finds names and skips quoted text, doubled quotes inside it and unclosed quotes alike', () => {
    expect([...scan("bio = 'secret' AND `age` > 1e5 OR x1_ IN ('a''b', \"q\")")]).toEqual([
      'bio',
      'AND',
      'age',
      'e5',
      'OR',
      'x1_',
      'IN',
    ]);
    expect([...scan("name = 'O''Brien' or bio LIKE '%")]).toEqual(['name', 'or', 'bio', 'LIKE']);
    expect([...scan("'a'' bio")]).toEqual(['bio']);
    expect([...scan("'a''b")]).toEqual(['b']);
  });

  it('answers what the regular expressions answered, for random texts of quotes, names and digits', () => {
    const r = new Rand(20261127);
    const alphabet = ["'", "'", '"', 'a', 'bio', '1', ' ', '_', 'Z9', '`', '.'];
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: r.int(0, 24) }, () => r.pick(alphabet)).join('');
      expect([...scan(text)].sort(), text).toEqual([...byRegex(text)].sort());
    }
  });

  it('reads a where text of 600,000 characters in a few milliseconds', () => {
    const text = `name IN (${Array.from({ length: 65_536 }, (_, i) => `'v${i}'`).join(',')}) OR ${Array.from({ length: 20_000 }, (_, i) => `age != ${i}`).join(' OR ')}`;
    scan(text);
    const started = performance.now();
    const names = scan(text);
    const ms = performance.now() - started;
    expect([...names].sort()).toEqual(['IN', 'OR', 'age', 'name']);
    // Generous for a loaded machine: the regular expressions took 15 ms on a quiet one.
    expect(ms).toBeLessThan(50);
  });
});
