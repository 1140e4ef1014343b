import { Cron } from 'croner';

/**
 * When a cloud-code timer runs (decision 0047). The stored form is Backendless's: `startDate` and
 * `expire` in ms, and `frequency: {schedule, repeat}` with
 * - `once` (no repeat): at `startDate`;
 * - `custom` `{every: seconds}` (1 … 86,400): `startDate + k·every`;
 * - `daily` `{every: days}` / `weekly` `{every: weeks, on: [1..7]}` (1 = Sunday): at the local time
 *   of `startDate` in the timer's timezone, every N days / on those weekdays of every Nth week
 *   counted from the week of `startDate`;
 * - `monthly` `{months?: [1..12], on: [dates 1..31]}` or `{months?, weekdays: [1..7], weeks: [1..5]}`
 *   (week 5 = the last such weekday of the month), at `startDate`'s local time;
 * - `cron` `{cron: '<sec> <min> <hour> <dom> <month> <dow>'}` (or five fields), a Basalt addition.
 *
 * croner serves only as a calendar (a paused job asked `nextRun(after)`): nothing is scheduled in
 * memory, so a restart loses nothing.
 */
export interface TimerSchedule {
  startDate: number;
  expire: number | null;
  frequency: Frequency;
  timezone: string;
}

export type Frequency =
  | { schedule: 'once' }
  | { schedule: 'custom'; repeat: { every: number } }
  | { schedule: 'daily'; repeat: { every: number } }
  | { schedule: 'weekly'; repeat: { every: number; on: number[] } }
  | {
      schedule: 'monthly';
      repeat: { months?: number[]; on?: number[]; weekdays?: number[]; weeks?: number[] };
    }
  | { schedule: 'cron'; repeat: { cron: string } };

/** A schedule that cannot be run; its message names what is wrong (the routes answer it as a 400). */
export class ScheduleError extends Error {}

const DAY = 86_400_000;
/** The shortest custom interval (seconds): Backendless's lowest plan limit is 1 s as well. */
export const MIN_EVERY_SECONDS = Number(process.env.BASALT_TIMER_MIN_SECONDS) || 1;

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function ints(v: unknown, min: number, max: number, what: string, required: boolean): number[] | undefined {
  if (v === undefined || v === null) {
    if (required) throw new ScheduleError(`'${what}' is required`);
    return undefined;
  }
  if (!Array.isArray(v) || (required && !v.length) || !v.every((x) => isInt(x, min, max)))
    throw new ScheduleError(`'${what}' must be a list of whole numbers from ${min} to ${max}`);
  return [...new Set(v as number[])].sort((a, b) => a - b);
}

function checkTimezone(tz: unknown): string {
  if (tz === undefined || tz === null || tz === '') return 'UTC';
  if (typeof tz !== 'string' || tz.length > 64) throw new ScheduleError('The timezone must be an IANA name');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new ScheduleError(`Unknown timezone '${tz.slice(0, 64)}'`);
  }
  return tz;
}

/**
 * Reads a schedule as the console, the SDK or deployed code give it; throws `ScheduleError` naming
 * the fault. A missing `startDate` means now (except for `once`, which needs one).
 */
export function readSchedule(
  input: { startDate?: unknown; expire?: unknown; frequency?: unknown; timezone?: unknown },
  now = Date.now(),
): TimerSchedule {
  const f = input.frequency;
  if (!f || typeof f !== 'object' || Array.isArray(f)) throw new ScheduleError("'frequency' must be an object");
  const { schedule, repeat } = f as { schedule?: unknown; repeat?: unknown };
  const r = (repeat && typeof repeat === 'object' && !Array.isArray(repeat) ? repeat : {}) as Record<string, unknown>;
  const time = (v: unknown, what: string) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : typeof v === 'string' ? Date.parse(v) : v;
    if (!isInt(n, 0, 8_640_000_000_000_000)) throw new ScheduleError(`'${what}' must be a time in milliseconds`);
    return n;
  };
  if (schedule === 'once' && (input.startDate === undefined || input.startDate === null))
    throw new ScheduleError("A timer that runs once needs a 'startDate'");
  const startDate =
    input.startDate === undefined || input.startDate === null ? now : time(input.startDate, 'startDate');
  const expire = input.expire === undefined || input.expire === null ? null : time(input.expire, 'expire');
  if (expire !== null && expire < startDate) throw new ScheduleError("'expire' is before 'startDate'");
  const timezone = checkTimezone(input.timezone);
  let frequency: Frequency;
  switch (schedule) {
    case 'once':
      frequency = { schedule };
      break;
    case 'custom':
      if (!isInt(r.every, MIN_EVERY_SECONDS, 86_400))
        throw new ScheduleError(`'repeat.every' must be whole seconds from ${MIN_EVERY_SECONDS} to 86400`);
      frequency = { schedule, repeat: { every: r.every } };
      break;
    case 'daily':
      if (!isInt(r.every, 1, 3650)) throw new ScheduleError("'repeat.every' must be whole days from 1 to 3650");
      frequency = { schedule, repeat: { every: r.every } };
      break;
    case 'weekly':
      if (!isInt(r.every, 1, 520)) throw new ScheduleError("'repeat.every' must be whole weeks from 1 to 520");
      frequency = { schedule, repeat: { every: r.every, on: ints(r.on, 1, 7, 'repeat.on', true)! } };
      break;
    case 'monthly': {
      const months = ints(r.months, 1, 12, 'repeat.months', false);
      const on = ints(r.on ?? r.dates, 1, 31, 'repeat.on', false);
      const weekdays = ints(r.weekdays, 1, 7, 'repeat.weekdays', false);
      const weeks = ints(r.weeks, 1, 5, 'repeat.weeks', false);
      if (!on === !weekdays) throw new ScheduleError("A monthly timer names either dates ('on') or 'weekdays'");
      if (weekdays && !weeks) throw new ScheduleError("A monthly timer on weekdays names the 'weeks' of the month");
      frequency = { schedule, repeat: { ...(months ? { months } : {}), ...(on ? { on } : { weekdays, weeks }) } };
      break;
    }
    case 'cron': {
      if (typeof r.cron !== 'string' || r.cron.length > 200)
        throw new ScheduleError("'repeat.cron' must be a cron pattern");
      try {
        new Cron(r.cron, { paused: true, timezone });
      } catch (err) {
        throw new ScheduleError(`Invalid cron pattern: ${(err as Error).message}`);
      }
      frequency = { schedule, repeat: { cron: r.cron } };
      break;
    }
    default:
      throw new ScheduleError("'frequency.schedule' must be once, custom, daily, weekly, monthly or cron");
  }
  const out = { startDate, expire, frequency, timezone };
  // A calendar that never fires (31 February) is refused rather than stored as silent.
  if (frequency.schedule === 'monthly' || frequency.schedule === 'cron') {
    if (nextRun(out, startDate - 1) === null && (expire === null || expire > startDate))
      throw new ScheduleError('The schedule never comes');
  }
  return out;
}

/** The first run strictly after `after`, or null when there is none (once done, expired). */
export function nextRun(s: TimerSchedule, after: number): number | null {
  const next = nextRaw(s, after);
  if (next === null || (s.expire !== null && next > s.expire)) return null;
  return next;
}

function nextRaw(s: TimerSchedule, after: number): number | null {
  const f = s.frequency;
  switch (f.schedule) {
    case 'once':
      return s.startDate > after ? s.startDate : null;
    case 'custom': {
      const every = f.repeat.every * 1000;
      if (s.startDate > after) return s.startDate;
      return s.startDate + (Math.floor((after - s.startDate) / every) + 1) * every;
    }
    case 'daily':
      return byDays(s, after, f.repeat.every, () => true);
    case 'weekly': {
      const on = new Set(f.repeat.on);
      const period = f.repeat.every;
      // Weeks count from the Sunday of the start's week (1 = Sunday, as Backendless numbers them).
      const start = localParts(s.startDate, s.timezone);
      const firstSunday = dayNumber(start) - start.weekday;
      return byDays(s, after, 1, (day) => {
        const weekday = (((day % 7) + 7 + 4) % 7) as number; // day 0 (1970-01-01) was a Thursday
        return on.has(weekday + 1) && Math.floor((day - firstSunday) / 7) % period === 0;
      });
    }
    case 'monthly':
    case 'cron':
      return byCalendar(s, after);
  }
}

/**
 * The first day (from the start's, in steps of `step` days) that `fits`, at the start's local
 * time, after `after`. Arithmetic on local dates, so a daylight-saving change keeps the hour.
 */
function byDays(s: TimerSchedule, after: number, step: number, fits: (day: number) => boolean): number | null {
  const start = localParts(s.startDate, s.timezone);
  const first = dayNumber(start);
  // Jump close to `after` first: a timer started years ago does not walk every day since.
  let k = Math.max(0, Math.floor((after - s.startDate) / (step * DAY)) - 2);
  for (let tries = 0; tries < 4000; tries++, k++) {
    const day = first + k * step;
    if (!fits(day)) continue;
    const at = fromLocal(day, start, s.timezone);
    if (at > after && at >= s.startDate) return at;
  }
  return null;
}

function byCalendar(s: TimerSchedule, after: number): number | null {
  const from = Math.max(after, s.startDate - 1);
  const next = new Cron(pattern(s), { paused: true, timezone: s.timezone }).nextRun(new Date(from));
  return next ? next.getTime() : null;
}

/** The croner pattern of a monthly or cron schedule (seconds first). */
function pattern(s: TimerSchedule): string {
  const f = s.frequency;
  if (f.schedule === 'cron') return f.repeat.cron;
  if (f.schedule !== 'monthly') throw new Error('not a calendar schedule');
  const t = localParts(s.startDate, s.timezone);
  const months = f.repeat.months?.join(',') ?? '*';
  const time = `${t.second} ${t.minute} ${t.hour}`;
  if (f.repeat.on) return `${time} ${f.repeat.on.join(',')} ${months} *`;
  // `MON#2` is the second Monday; week 5 is the last one (`MON#L`).
  const names = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
  const days = f.repeat.weekdays!.flatMap((d) => f.repeat.weeks!.map((w) => `${names[d - 1]}#${w === 5 ? 'L' : w}`));
  return `${time} * ${months} ${days.join(',')}`;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** 0 = Sunday */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(tz, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function localParts(ms: number, tz: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of format(tz).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    ms: ((ms % 1000) + 1000) % 1000,
    weekday: WEEKDAYS[parts.weekday],
  };
}

/** Days since 1970-01-01 of a local date. */
function dayNumber(p: Pick<LocalParts, 'year' | 'month' | 'day'>): number {
  return Math.floor(Date.UTC(p.year, p.month - 1, p.day) / DAY);
}

/** The instant of local day `day` at the time of `t` in `tz` (a time skipped by DST moves forward). */
function fromLocal(day: number, t: LocalParts, tz: string): number {
  const wall = day * DAY + ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.ms;
  // The offset at the wall time read as UTC, then at the instant that gives: two steps settle it.
  let at = wall - offset(wall, tz);
  at = wall - offset(at, tz);
  return at;
}

/** How far `tz`'s wall clock is ahead of UTC at `ms`. */
function offset(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + p.ms;
  return wall - ms;
}
