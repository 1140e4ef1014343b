/**
 * Wildcard patterns (LIKE's `%` and `_`, globs' `*` and `?`) matched without regular
 * expressions. A pattern such as `%a%a%a%…%b` turned into a RegExp backtracks exponentially on a
 * long text of `a`s, so one hostile filter could hold the event loop for minutes. This matcher
 * remembers only the last `any` it passed, which is enough for patterns whose only wildcards are
 * "any run" and "one character": at most (text length × pattern length) steps.
 */
export interface WildcardSyntax {
  /** matches any run of characters, also none */
  any: string;
  /** matches exactly one character */
  one: string;
  /** makes the next character literal */
  escape?: string;
  /** compare letters without regard to case */
  ignoreCase?: boolean;
}

type Atom = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; ch: string };

export interface WildcardMatcher {
  test(text: string): boolean;
}

export function wildcardMatcher(pattern: string, syntax: WildcardSyntax): WildcardMatcher {
  const chars = Array.from(syntax.ignoreCase ? pattern.toLowerCase() : pattern);
  const atoms: Atom[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (syntax.escape !== undefined && ch === syntax.escape && i + 1 < chars.length)
      atoms.push({ kind: 'char', ch: chars[++i] });
    else if (ch === syntax.any) {
      // Runs of `any` mean the same as one.
      if (atoms[atoms.length - 1]?.kind !== 'any') atoms.push({ kind: 'any' });
    } else if (ch === syntax.one) atoms.push({ kind: 'one' });
    else atoms.push({ kind: 'char', ch });
  }
  return { test: (text) => matchAtoms(atoms, Array.from(syntax.ignoreCase ? text.toLowerCase() : text)) };
}

function matchAtoms(atoms: Atom[], text: string[]): boolean {
  let p = 0;
  let t = 0;
  // Where the last `any` was seen, and how much of the text it has taken so far.
  let star = -1;
  let starT = 0;
  while (t < text.length) {
    const a = atoms[p];
    if (a && (a.kind === 'one' || (a.kind === 'char' && a.ch === text[t]))) {
      p++;
      t++;
    } else if (a?.kind === 'any') {
      star = p++;
      starT = t;
    } else if (star >= 0) {
      // Let the last `any` take one more character and try the rest again from there.
      p = star + 1;
      t = ++starT;
    } else return false;
  }
  while (atoms[p]?.kind === 'any') p++;
  return p === atoms.length;
}
