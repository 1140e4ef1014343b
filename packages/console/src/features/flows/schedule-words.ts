/** Interval units the schedule editor offers, in seconds. */
export const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
export type IntervalUnit = keyof typeof UNITS;

/** The largest unit that divides the interval: 7200 s reads as 2 hours. */
export function splitInterval(seconds: number): { amount: number; unit: IntervalUnit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds >= UNITS[unit] && seconds % UNITS[unit] === 0) return { amount: seconds / UNITS[unit], unit };
  return { amount: seconds, unit: 'seconds' };
}

const when = (v: unknown) => {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms)
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms))
    : undefined;
};

/** The schedule in words, so the developer can check what they set. */
export function describeSchedule(config: Record<string, unknown>): string {
  const start = when(config.startAt);
  if (config.mode === 'once') return start ? `Runs once, on ${start}.` : 'Choose when it runs.';
  if (config.mode === 'interval') {
    const { amount, unit } = splitInterval(Number(config.intervalSeconds) || 0);
    if (!amount) return 'Choose how often it runs.';
    const every = amount === 1 ? unit.slice(0, -1) : `${amount} ${unit}`;
    return `Runs every ${every}, ${start ? `from ${start}` : 'from when the flow is enabled'}.`;
  }
  if (config.mode === 'cron')
    return `Runs on cron ${String(config.cron ?? '')} in ${String(config.timezone ?? 'UTC')}.`;
  return `Mode '${String(config.mode)}' is kept as it is.`;
}
