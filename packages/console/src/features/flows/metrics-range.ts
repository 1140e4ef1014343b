/** Ranges the metrics tab offers; custom takes dates from the URL. */
export const METRIC_PERIODS = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
] as const;

const SPAN: Record<string, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/**
 * `[from, to)` in epoch ms for a period, ending at the next whole minute after `now` so the range
 * (and the query keys made of it) stays the same for a minute. Custom dates are local days, the
 * end day included.
 */
export function metricsRange(period: string, now: number, fromDay?: string, toDay?: string): [number, number] {
  const to = Math.ceil((now + 1) / 60_000) * 60_000;
  if (period === 'custom') {
    const from = fromDay ? new Date(`${fromDay}T00:00`).getTime() : to - SPAN['7d'];
    const end = toDay ? new Date(`${toDay}T00:00`).getTime() + 86_400_000 : to;
    return [Number.isFinite(from) ? from : to - SPAN['7d'], Number.isFinite(end) ? end : to];
  }
  return [to - (SPAN[period] ?? SPAN['7d']), to];
}

/** Milliseconds in words: 850 ms, 2.4 s, 3.1 min, 1.5 h. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}
