/**
 * Input limits of the where language, checked while a clause is parsed, before any name is
 * resolved or any SQL is made. Each keeps a query well inside what both databases, the compiler
 * and the JavaScript stack can take, and well above what people and the console write;
 * docs/security.md ("Limits") gives the reasoning for each number.
 */
import { WhereSyntaxError } from './tokenizer.js';

export const WhereLimits = {
  /**
   * characters in one clause text (where, having, props, groupBy or sortBy, all parts together):
   * room for the SDK's bulk delete of 10,000 ids (about 400,000 characters), while a longer text is
   * refused by its length alone, before any pass over its characters
   */
  textLength: 500_000,
  /** levels of parentheses, NOT and nested distance() */
  depth: 64,
  /** comparisons (=, <, LIKE, IN, IS NULL, BETWEEN …) in one where or having */
  terms: 1_000,
  /** values in one IN list */
  inValues: 10_000,
  /** literal values in one where or having, IN lists included (each becomes a bind parameter) */
  values: 10_000,
  /** characters of one LIKE pattern */
  likePattern: 1_000,
  /** relations in one dotted path (`friends.city.name` has two) */
  pathHops: 8,
  /** distinct relation hops one comparison joins (each hop joins a link table and a table) */
  conditionHops: 16,
  /** relation hops of a whole clause, over all its comparisons or sort items */
  clauseHops: 64,
  /** items of one props, groupBy or sortBy list */
  listItems: 1_000,
} as const;

export type WhereLimit = keyof typeof WhereLimits;

/** A clause that breaks one of `WhereLimits`: `limit` names it. */
export class WhereLimitError extends WhereSyntaxError {
  constructor(
    public readonly limit: WhereLimit,
    message: string,
    position: number,
    token: string,
  ) {
    super(message, position, token);
    this.name = 'WhereLimitError';
  }
}

/** 10000 → '10,000', the same in every locale. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
