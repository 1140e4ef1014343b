/**
 * A small cron reader for the schedule editor's preview (the server runs schedules with croner;
 * the console carries no copy of it). Five fields `minute hour day-of-month month day-of-week`, or
 * six with seconds first, as croner reads them; `*`, `?`, lists, ranges, steps and month and day
 * names. Day of month and day of week both restricted match either (croner's default). Anything
 * else (`L`, `W`, `#`) is left to the server: the preview says it cannot show it.
 */
export interface CronFields {
  seconds: number[];
  minutes: number[];
  hours: number[];
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function field(text: string, min: number, max: number, what: string, names?: string[], nameBase = 0): number[] {
  const out = new Set<number>();
  const value = (v: string) => {
    const i = names?.indexOf(v.toUpperCase()) ?? -1;
    const n = i >= 0 ? i + nameBase : /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${what}: '${v}' is not ${min}–${max}`);
    return n;
  };
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`${what}: step '${stepText}' is not a whole number`);
    let lo: number;
    let hi: number;
    if (range === '*' || range === '?') [lo, hi] = [min, max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [lo, hi] = [value(a), value(b)];
      if (lo > hi) throw new Error(`${what}: range '${range}' runs backwards`);
    } else {
      lo = value(range);
      hi = stepText === undefined ? lo : max;
    }
    for (let n = lo; n <= hi; n += step) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** Reads a cron expression; throws an Error naming the field at fault. */
export function parseCron(expr: string): CronFields {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6) throw new Error('Write 5 fields (or 6 with seconds first)');
  const [sec, min, hour, dom, mon, dow] = parts.length === 6 ? parts : ['0', ...parts];
  if (/[LW#]/i.test(dom + dow.replace(/[A-Z]{3}/gi, ''))) throw new Error('L, W and # are not previewed here');
  const weekdays = new Set(field(dow, 0, 7, 'Day of week', DAYS).map((d) => d % 7));
  return {
    seconds: field(sec, 0, 59, 'Seconds'),
    minutes: field(min, 0, 59, 'Minute'),
    hours: field(hour, 0, 23, 'Hour'),
    days: new Set(field(dom, 1, 31, 'Day of month')),
    months: new Set(field(mon, 1, 12, 'Month', MONTHS, 1)),
    weekdays,
    anyDay: dom === '*' || dom === '?',
    anyWeekday: dow === '*' || dow === '?',
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(ms: number, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(new Date(ms))) if (type !== 'literal') p[type] = Number(value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time of the zone names (two offset corrections keep DST days right). */
export function zonedInstant(y: number, mo: number, d: number, h: number, mi: number, s: number, timeZone: string) {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let t = wall - offsetAt(wall, timeZone);
  t = wall - offsetAt(t, timeZone);
  return t;
}

/** The next `count` run times after `after` (ms), walking the zone's days for at most five years. */
export function nextCronRuns(expr: string, timeZone: string, after: number, count = 5): number[] {
  const c = parseCron(expr);
  const out: number[] = [];
  const start = partsIn(after, timeZone);
  const day = new Date(Date.UTC(start.year, start.month - 1, start.day));
  for (let i = 0; i < 366 * 5 && out.length < count; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const [y, mo, d, wd] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), day.getUTCDay()];
    if (!c.months.has(mo)) continue;
    const domOk = c.days.has(d);
    const dowOk = c.weekdays.has(wd);
    const dayOk = c.anyDay && c.anyWeekday ? true : c.anyDay ? dowOk : c.anyWeekday ? domOk : domOk || dowOk;
    if (!dayOk) continue;
    for (const h of c.hours)
      for (const mi of c.minutes)
        for (const s of c.seconds) {
          const t = zonedInstant(y, mo, d, h, mi, s, timeZone);
          // A time the DST jump skips has no instant of its own: it is left out.
          const p = partsIn(t, timeZone);
          if (t > after && p.hour === h && p.minute === mi && !out.includes(t)) out.push(t);
          if (out.length >= count) return out;
        }
  }
  return out;
}

/** IANA zones the browser knows, the browser's own first. */
export function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [...new Set([own, 'UTC', ...all])];
}
