/**
 * Names the UI Builder takes in URL paths. The reference client puts them into paths without
 * encoding, so a `/`, `?`, `#` or `%` in a name would make a broken URL: containers, pages and
 * layouts keep to a safe charset, answered 400 otherwise (decision 0080).
 */

/** Container, page and layout names: letters, digits, `_` and `-`, not starting with `_`/`-` (at most 50; `404` is a page). */
export const UI_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$/;

/** Component uids and logic handler names (at most 64). */
export const UI_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** i18n keys (at most 100). */
export const UI_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/** Data source ids and parameter names: they appear in where texts (`$id`) and URL queries. */
export const UI_IDENT_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

/** CSS class names of `classList`. */
export const UI_CLASS_PATTERN = /^-?[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export const isUiName = (v: unknown): v is string => typeof v === 'string' && UI_NAME_PATTERN.test(v);

/** The 400 message of a name outside the safe charset (names cut to 60 characters, JSON-quoted). */
export function uiNameProblem(what: string, value: unknown): string | undefined {
  if (isUiName(value)) return undefined;
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 60)) : String(typeof value);
  return `The ${what} name ${shown} is not valid: use letters, digits, '_' or '-', starting with a letter or digit (at most 50)`;
}
