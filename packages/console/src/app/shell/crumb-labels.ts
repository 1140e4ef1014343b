import { useEffect, useSyncExternalStore } from 'react';

/*
 * Names for path segments the breadcrumbs cannot know from the path alone: a page that shows a
 * record by its id (a codeless method, a function, a handler) gives the id its name while it is
 * open, so the crumb reads "Calc" instead of an opaque id.
 */
const labels = new Map<string, string>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, string> = new Map();

function publish() {
  snapshot = new Map(labels);
  for (const l of listeners) l();
}

/** While the calling page is mounted, the crumb of `segment` reads `label`. */
export function useCrumbLabel(segment: string | undefined, label: string | undefined): void {
  useEffect(() => {
    if (!segment || !label) return;
    labels.set(segment, label);
    publish();
    return () => {
      if (labels.get(segment) === label) {
        labels.delete(segment);
        publish();
      }
    };
  }, [segment, label]);
}

/** The names pages gave their segments. */
export function useCrumbLabels(): ReadonlyMap<string, string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}
