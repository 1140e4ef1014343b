import { sql, type RawBuilder } from 'kysely';
import { parseDateLiteral, type Literal } from '@basalt/shared';
import { fail, type Ctx, type ValueKind } from './scope.js';

/**
 * Literal values of a condition, turned into bind parameters of the type the other side of the
 * comparison has. Every value travels as a parameter; a value that cannot have that type is a 400
 * naming the value and the column.
 */

/** A compiled operand: its SQL and how its values compare. */
export interface Typed {
  expr: RawBuilder<unknown>;
  kind: ValueKind;
  /** what the user wrote, for messages (`age`, `city.name`, `Count(objectId)`) */
  label: string;
  /** a JSON path's value read as the kind the other side of its comparison has */
  json?: (as: 'text' | 'double' | 'boolean') => RawBuilder<unknown>;
}

const NUMERIC = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

export function isNumericKind(kind: ValueKind): boolean {
  return kind === 'int' || kind === 'double';
}

/** Kinds that can be compared with each other (numbers with numbers, the rest only with themselves). */
export function comparable(a: ValueKind, b: ValueKind): boolean {
  return a === b || (isNumericKind(a) && isNumericKind(b));
}

/**
 * A number parameter. An integer column compared with a fraction (or with a number beyond
 * 2^53) gets the value as double precision: PostgreSQL would otherwise type the parameter bigint.
 */
export function numberParam(value: number, kind: ValueKind): RawBuilder<unknown> {
  if ((kind === 'int' || kind === 'datetime') && !Number.isSafeInteger(value)) return sql`cast(${value} as double precision)`;
  return sql`${value}`;
}

function show(lit: Literal): string {
  return typeof lit.value === 'string' ? `'${lit.value}'` : String(lit.value);
}

function mismatch(ctx: Ctx, lit: Literal, against: Typed, expected: string): never {
  const shown = show(lit);
  fail(ctx, `Value ${shown} is not ${expected} for ${against.label} at position ${lit.pos}`, shown, lit.pos);
}

/** The literal as a parameter of `against`'s kind (never null: callers turn `= null` into IS NULL). */
export function literalAs(ctx: Ctx, lit: Literal, against: Typed): RawBuilder<unknown> {
  const v = lit.value;
  if (v === null) return fail(ctx, `null cannot be used here at position ${lit.pos}: use IS NULL or IS NOT NULL`, 'null', lit.pos);
  switch (against.kind) {
    case 'text':
      if (typeof v === 'boolean') mismatch(ctx, lit, against, 'text');
      return sql`${String(v)}`;
    case 'int':
    case 'double':
      if (typeof v === 'number') return numberParam(v, against.kind);
      if (typeof v === 'string' && NUMERIC.test(v) && Number.isFinite(Number(v))) return numberParam(Number(v), against.kind);
      return mismatch(ctx, lit, against, 'a number');
    case 'boolean':
      if (v === true || v === 1 || v === 'true' || v === '1') return ctx.dbs.booleanValue(true);
      if (v === false || v === 0 || v === 'false' || v === '0') return ctx.dbs.booleanValue(false);
      return mismatch(ctx, lit, against, 'true or false');
    case 'json':
      return fail(ctx, `${against.label} is a JSON column: compare a value inside it through a JSON path, such as ${against.label}->'$.name' = 'x', at position ${lit.pos}`, show(lit), lit.pos);
    case 'geometry':
      return fail(ctx, `${against.label} is a spatial column: compare it through a spatial function such as Equals(${against.label}, 'POINT(x y)') = true, at position ${lit.pos}`, show(lit), lit.pos);
    case 'datetime': {
      if (typeof v === 'number') return numberParam(v, 'datetime');
      if (typeof v === 'string') {
        const ms = /^\s*-?\d+\s*$/.test(v) ? Number(v) : parseDateLiteral(v);
        if (ms !== null) return numberParam(ms, 'datetime');
      }
      return mismatch(ctx, lit, against, "a date ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS' or epoch milliseconds)");
    }
  }
}

/** Compares two literals in JS, so `1 = 1` needs no typed parameters (PostgreSQL cannot type `$1 = $2`). */
export function foldConstants(op: string, a: Literal['value'], b: Literal['value']): boolean {
  if (a === null || b === null) return false;
  let x: string | number | boolean = a;
  let y: string | number | boolean = b;
  if (typeof x !== typeof y) {
    x = String(x);
    y = String(y);
  }
  switch (op) {
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}
