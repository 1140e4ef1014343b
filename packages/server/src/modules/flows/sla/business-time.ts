/** A business calendar as business-time arithmetic needs it (decision 0075). */
export interface Calendar {
  timezone: string;
  /** Working intervals per weekday (`MON` … `SUN`), `HH:MM` local times; no week at all means 24/7. */
  week: Array<{ day: string; intervals: Array<{ from: string; to: string }> }> | null;
  /** Local dates (`YYYY-MM-DD`) with no working time. */
  holidays: string[];
}

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const DAY_MS = 86_400_000;
/** Longest span measured day by day; beyond it a duration is measured up to this many days. */
const MAX_DAYS = 800;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** Whether the runtime knows a time zone (IANA name). */
export function isTimeZone(timezone: string): boolean {
  try {
    formatter(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a time zone, as if it were UTC (epoch ms). */
function wall(instant: number, timezone: string): number {
  const p = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/** The instant a local wall-clock time happens in a time zone (the later one across a DST gap). */
function instantOf(localMs: number, timezone: string): number {
  let guess = localMs;
  for (let i = 0; i < 3; i++) guess = localMs - (wall(guess, timezone) - guess);
  return guess;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Business time between two instants: the overlap of `[start, end)` with the calendar's working
 * intervals, day by day in the calendar's time zone (so DST days have their real length);
 * holidays have none. A calendar without a week is 24/7.
 */
export function businessMs(start: number, end: number, cal: Calendar | null): number {
  if (end <= start) return 0;
  if (!cal || !cal.week) return end - start;
  const holidays = new Set(cal.holidays);
  const byDay = new Map(cal.week.map((d) => [d.day.toUpperCase(), d.intervals]));
  let total = 0;
  // Local midnight of the start's day, then one local day after another.
  const first = wall(start, cal.timezone);
  let day = first - (first % DAY_MS);
  for (let i = 0; i < MAX_DAYS && instantOf(day, cal.timezone) < end; i++, day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (holidays.has(date)) continue;
    for (const iv of byDay.get(WEEKDAYS[new Date(day).getUTCDay()]) ?? []) {
      const from = instantOf(day + minutes(iv.from) * 60_000, cal.timezone);
      const to = instantOf(day + minutes(iv.to) * 60_000, cal.timezone);
      total += Math.max(0, Math.min(to, end) - Math.max(from, start));
    }
  }
  return total;
}
