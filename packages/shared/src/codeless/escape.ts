/**
 * The only ways user-controlled text reaches generated code: as a string literal made by JSON.stringify
 * (plus the few characters that are safe in JSON but awkward in a script or an HTML preview), as a
 * number that has been checked to be finite, or as an identifier built from a fixed prefix and
 * [A-Za-z0-9_] only. Decision 0050.
 */

/** A JavaScript string literal holding exactly `s`. */
export function stringLiteral(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');
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
