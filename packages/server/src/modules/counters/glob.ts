/**
 * Glob patterns of counter names and hive keys: `*` is any run of characters, `?` one character,
 * everything else is literal. Two compilations: to a SQL LIKE pattern (with `\` as the escape, so
 * the query must say `escape '\'`) and to an anchored RegExp.
 */

import { wildcardMatcher, type WildcardMatcher } from '@basalt/shared';

/** `*`/`?` glob → LIKE pattern; `%`, `_` and `\` in the text are escaped. */
export function globToLike(glob: string): string {
  let out = '';
  for (const ch of glob) {
    if (ch === '*') out += '%';
    else if (ch === '?') out += '_';
    else if (ch === '%' || ch === '_' || ch === '\\') out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/** `*`/`?` glob → a test of the whole string (no RegExp: a hostile glob cannot backtrack). */
export function globMatcher(glob: string): WildcardMatcher {
  return wildcardMatcher(glob, { any: '*', one: '?' });
}

/** True when the text holds a control character (U+0000–U+001F), refused in names and keys. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 32) return true;
  return false;
}
