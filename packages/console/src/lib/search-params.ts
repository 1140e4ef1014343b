/**
 * The query string as the browser has it now, to build the next one from. React Router hands a
 * `setSearchParams` updater the params of the last render, and its renders run as transitions that
 * typing can hold back: a change made right after another (clear the search, then apply a filter)
 * would start from the params before the first change and undo it. The router writes the history
 * entry as soon as a navigation completes, before that render, so the location is never behind.
 */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** The current query string with `changes` applied: a value sets its key, an empty one removes it. */
export function changedSearchParams(changes: Record<string, string | null | undefined>): URLSearchParams {
  const next = currentSearchParams();
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
