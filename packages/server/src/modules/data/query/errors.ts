import { WhereSyntaxError, parseGroupBy, parseProps, parseSortBy } from '@basalt/shared';
import { parseWhereOnce } from './refused-texts.js';
import { ApiError } from '../../../http/api-error.js';

/** Which part of a record query a message is about, so the console can show it beside that field. */
export type Clause = 'where' | 'having' | 'props' | 'groupBy' | 'sortBy' | 'pageSize' | 'offset';

/** A 400 about one token of one clause: `{clause, token, position}` go to `details`. */
export function queryError(clause: Clause, message: string, token?: string, position?: number): ApiError {
  return ApiError.field('BAD_REQUEST', clause, `Invalid ${clause}: ${message}`, { ...(token !== undefined ? { token } : {}), ...(position !== undefined ? { position } : {}) });
}

/** Runs a parser and turns its syntax error into the 400 that names the token. */
export function parsed<T>(clause: Clause, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof WhereSyntaxError) throw queryError(clause, e.message, e.token, e.position);
    throw e;
  }
}

/**
 * Parses every clause of a record query without compiling it, so that a query that will run over
 * no rows (a caller who may Find none) still answers a malformed clause with the same 400 as one
 * that runs: whether some rows are readable must not change how the input is judged.
 */
export function checkClauses(spec: { where?: string; having?: string; sortBy?: string[]; props?: string[]; groupBy?: string[] }): void {
  parsed('where', () => parseWhereOnce(spec.where));
  parsed('having', () => parseWhereOnce(spec.having));
  parsed('sortBy', () => parseSortBy(spec.sortBy));
  parsed('props', () => parseProps(spec.props));
  parsed('groupBy', () => parseGroupBy(spec.groupBy));
}
