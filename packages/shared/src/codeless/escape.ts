/**
 * The only ways user-controlled text reaches generated code: as a string literal made by JSON.stringify
 * (plus U+2028/U+2029 and the `<` of `</` and `<!`, so the code can never close or comment out a
 * script element it is shown in), as a
 * number that has been checked to be finite, or as an identifier built from a fixed prefix and
 * [A-Za-z0-9_] only. Decision 0050.
 */

/** A JavaScript string literal holding exactly `s`. */
export function stringLiteral(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/<(?=[/!])/g, '\\u003c');
}

/** A JavaScript numeric literal for a finite number, parenthesised when negative so operators cannot merge. */
export function numberLiteral(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('not a finite number');
  if (Object.is(n, -0)) return '0';
  return n < 0 ? `(${String(n)})` : String(n);
}

const MAX_IDENT_PART = 40;

/**
 * The identifier for a user variable: `v_<letters, digits and _ of the name>_<n>`. The fixed prefix
 * keeps it clear of reserved words (`await`, `let`…), of the scope names (`$params`, `$ctx`…), of the
 * generator's own `$b_` helpers and of globals such as `basalt`; the number keeps two names that
 * sanitise alike apart.
 */
export function variableIdentifier(name: string, n: number): string {
  const part = name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, MAX_IDENT_PART);
  return `v_${part}_${n}`;
}

const STRING_LITERAL = /^"(?:[^"\\]|\\.)*"$/;
const NUMBER_LITERAL = /^(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|\(-\d+(?:\.\d+)?(?:e[+-]?\d+)?\))$/;

/** `String(expr)`, or the expression itself when it is already a string literal (a tidier preview). */
export function asText(expr: string): string {
  return STRING_LITERAL.test(expr) ? expr : `String(${expr})`;
}

/** `Number(expr)`, or the expression itself when it is already a numeric literal. */
export function asNumber(expr: string): string {
  return NUMBER_LITERAL.test(expr) ? expr : `Number(${expr})`;
}

/**
 * An expression without the one pair of parentheses that wraps all of it, for places that bring
 * their own (`if (…)`, `return …;`). Quotes are skipped so a parenthesis inside a literal is not counted.
 */
export function bare(expr: string): string {
  if (!expr.startsWith('(') || !expr.endsWith(')')) return expr;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0 && i < expr.length - 1) return expr;
  }
  return expr.slice(1, -1);
}
