/**
 * Values of resolved promises, readable synchronously.
 *
 * The app API's hot paths read remembered answers (an app's schema, its roles and permission
 * rules, a key's app) that are kept as promises, so that concurrent first readers share one load.
 * Once such a promise has resolved, awaiting it again still costs a promise and a queued tick per
 * step, and a record request walks through dozens of them. A memory that marks its promises with
 * `track` lets a caller take the value at once with `settledValue`, and await only while loading.
 */
const values = new WeakMap<Promise<unknown>, { value: unknown }>();

/** Marks `p` so that `settledValue(p)` answers its value once it has resolved; answers `p`. */
export function track<T>(p: Promise<T>): Promise<T> {
  p.then(
    (value) => values.set(p, { value }),
    () => undefined,
  );
  return p;
}

/** The value of a tracked promise that has resolved, or undefined while loading, failed or untracked. */
export function settledValue<T>(p: Promise<T> | undefined): { value: T } | undefined {
  return p ? (values.get(p) as { value: T } | undefined) : undefined;
}
