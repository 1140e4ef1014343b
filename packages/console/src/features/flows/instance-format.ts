/** How long something ran: `850 ms`, `4.2 s`, `3 min 5 s`, `2 h 10 min`; a running one counts to now. */
export function formatDuration(startedAt: number, finishedAt: number | null | undefined, now = Date.now()): string {
  const ms = Math.max(0, (finishedAt ?? now) - startedAt);
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** What each element did in an instance: SUCCEEDED if one attempt did, FAILED if all failed. */
export function stepLooks(
  steps: ReadonlyArray<{ elementId: string; status: 'SUCCEEDED' | 'FAILED' }>,
): Map<string, 'SUCCEEDED' | 'FAILED'> {
  const map = new Map<string, 'SUCCEEDED' | 'FAILED'>();
  for (const s of steps) if (map.get(s.elementId) !== 'SUCCEEDED') map.set(s.elementId, s.status);
  return map;
}

/** Elements in the order the instance first reached them: the path taken. */
export function pathOf(steps: ReadonlyArray<{ elementId: string; startedAt: number }>): string[] {
  const seen = new Set<string>();
  return [...steps]
    .sort((a, b) => a.startedAt - b.startedAt)
    .flatMap((s) => (seen.has(s.elementId) ? [] : (seen.add(s.elementId), [s.elementId])));
}
