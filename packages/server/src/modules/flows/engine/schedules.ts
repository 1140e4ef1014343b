import { nextRun, readSchedule, ScheduleError, type TimerSchedule } from '../../../jobs/timers.schedule.js';

/** The modes of `trigger.schedule`. */
export const SCHEDULE_MODES = ['once', 'interval', 'daily', 'weekly', 'monthly', 'cron'];

type Rec = Record<string, unknown>;

/**
 * A schedule trigger's config as the calendar of cloud-code timers reads it (jobs/timers.schedule.ts,
 * croner underneath for monthly and cron patterns): `mode` once / interval / daily / weekly /
 * monthly / cron; `startAt` (date or ms: the first run, whose local time in `timezone` is the time
 * of day of daily, weekly and monthly runs; now when absent, except for `once`); `intervalSeconds`;
 * `every` (days or weeks, default 1); `weekdays` (1 = Sunday … 7); `days` (dates of the month) or
 * `weekdays` + `weeks` (1–5, 5 = last) for monthly, `months` (1–12) optional; `cron` (5 or 6
 * fields); `timezone` (IANA, default UTC); `expiresAt` optional. Throws `ScheduleError` naming the
 * fault.
 */
export function flowSchedule(c: Rec, now = Date.now()): TimerSchedule {
  const every = c.every ?? 1;
  let frequency: Rec;
  switch (c.mode) {
    case 'once':
      frequency = { schedule: 'once' };
      break;
    case 'interval':
      frequency = { schedule: 'custom', repeat: { every: c.intervalSeconds } };
      break;
    case 'daily':
      frequency = { schedule: 'daily', repeat: { every } };
      break;
    case 'weekly':
      frequency = { schedule: 'weekly', repeat: { every, on: c.weekdays } };
      break;
    case 'monthly':
      frequency = {
        schedule: 'monthly',
        repeat: {
          months: c.months,
          on: c.days,
          weekdays: c.days === undefined ? c.weekdays : undefined,
          weeks: c.weeks,
        },
      };
      break;
    case 'cron':
      frequency = { schedule: 'cron', repeat: { cron: c.cron } };
      break;
    default:
      throw new ScheduleError(`'mode' must be one of ${SCHEDULE_MODES.join(', ')}`);
  }
  return readSchedule({ startDate: c.startAt, expire: c.expiresAt, frequency, timezone: c.timezone }, now);
}

/** The schedule's fault as a validation message, or undefined when it can run. */
export function scheduleProblem(c: Rec): string | undefined {
  try {
    flowSchedule(c);
    return undefined;
  } catch (err) {
    if (err instanceof ScheduleError) return err.message;
    throw err;
  }
}

/**
 * The slot after `after`, or null when the schedule has ended. Missed slots are not caught up:
 * a server that was down starts one instance for the slot it finds due, then the next one to come.
 */
export function nextSlot(s: TimerSchedule, after: number): number | null {
  return nextRun(s, after);
}
