import { describe, expect, it } from 'vitest';
import { nextRun, readSchedule, ScheduleError } from './timers.schedule.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('timer schedules', () => {
  it('once: at its start, then never', () => {
    const s = readSchedule({ startDate: at('2026-01-01T10:00:00Z'), frequency: { schedule: 'once' } });
    expect(iso(nextRun(s, at('2025-12-31T00:00:00Z')))).toBe('2026-01-01T10:00:00.000Z');
    expect(nextRun(s, at('2026-01-01T10:00:00Z'))).toBeNull();
  });

  it('custom: every N seconds from the start; missed ticks collapse into the next one', () => {
    const s = readSchedule({
      startDate: at('2026-01-01T00:00:00Z'),
      frequency: { schedule: 'custom', repeat: { every: 90 } },
    });
    expect(iso(nextRun(s, at('2026-01-01T00:00:00Z')))).toBe('2026-01-01T00:01:30.000Z');
    // Down for a day: the next run is the next tick after now, not one per missed tick.
    expect(iso(nextRun(s, at('2026-01-02T00:00:01Z')))).toBe('2026-01-02T00:01:30.000Z');
  });

  it('daily: every N days at the local time of the start, across a daylight-saving change', () => {
    const s = readSchedule({
      startDate: at('2026-03-27T08:30:00Z'), // 09:30 in Berlin (winter time)
      timezone: 'Europe/Berlin',
      frequency: { schedule: 'daily', repeat: { every: 2 } },
    });
    expect(iso(nextRun(s, at('2026-03-27T08:30:00Z')))).toBe('2026-03-29T07:30:00.000Z'); // 09:30 summer time
    expect(iso(nextRun(s, at('2026-03-29T07:30:00Z')))).toBe('2026-03-31T07:30:00.000Z');
  });

  it('weekly: on the given weekdays (1 = Sunday) of every Nth week', () => {
    const s = readSchedule({
      startDate: at('2026-11-02T12:00:00Z'), // a Monday
      frequency: { schedule: 'weekly', repeat: { every: 2, on: [2, 6] } }, // Monday, Friday
    });
    const runs: Array<string | null> = [];
    let t = s.startDate - 1;
    for (let i = 0; i < 5; i++) {
      const n = nextRun(s, t)!;
      runs.push(iso(n));
      t = n;
    }
    expect(runs).toEqual([
      '2026-11-02T12:00:00.000Z',
      '2026-11-06T12:00:00.000Z',
      '2026-11-16T12:00:00.000Z',
      '2026-11-20T12:00:00.000Z',
      '2026-11-30T12:00:00.000Z',
    ]);
  });

  it('monthly: by dates of chosen months, or by weekday of a week of the month (5 = last)', () => {
    const dates = readSchedule({
      startDate: at('2026-01-01T06:00:00Z'),
      frequency: { schedule: 'monthly', repeat: { months: [2, 8], on: [1, 15] } },
    });
    expect(iso(nextRun(dates, at('2026-01-05T00:00:00Z')))).toBe('2026-02-01T06:00:00.000Z');
    expect(iso(nextRun(dates, at('2026-02-01T06:00:00Z')))).toBe('2026-02-15T06:00:00.000Z');
    expect(iso(nextRun(dates, at('2026-02-15T06:00:00Z')))).toBe('2026-08-01T06:00:00.000Z');
    const weekdays = readSchedule({
      startDate: at('2026-01-01T06:00:00Z'),
      timezone: 'America/New_York',
      frequency: { schedule: 'monthly', repeat: { weekdays: [2], weeks: [1, 5] } }, // first and last Monday
    });
    // 01:00 in New York (the start's local time): first Monday of December 2026 is the 7th, last the 28th.
    expect(iso(nextRun(weekdays, at('2026-11-30T12:00:00Z')))).toBe('2026-12-07T06:00:00.000Z');
    expect(iso(nextRun(weekdays, at('2026-12-07T06:00:00Z')))).toBe('2026-12-28T06:00:00.000Z');
  });

  it('cron with a timezone, start and expiry', () => {
    const s = readSchedule({
      startDate: at('2026-06-01T00:00:00Z'),
      expire: at('2026-06-03T00:00:00Z'),
      timezone: 'Asia/Tokyo',
      frequency: { schedule: 'cron', repeat: { cron: '0 0 9 * * *' } },
    });
    expect(iso(nextRun(s, at('2026-05-01T00:00:00Z')))).toBe('2026-06-01T00:00:00.000Z'); // 09:00 in Tokyo
    // A run at the expiry itself still happens; none after it.
    expect(iso(nextRun(s, at('2026-06-02T00:00:00Z')))).toBe('2026-06-03T00:00:00.000Z');
    expect(nextRun(s, at('2026-06-03T00:00:00Z'))).toBeNull();
  });

  it('refuses what cannot run, naming the fault', () => {
    const bad = (input: Parameters<typeof readSchedule>[0], message: RegExp) =>
      expect(() => readSchedule(input)).toThrow(message);
    bad({ frequency: { schedule: 'once' } }, /needs a 'startDate'/);
    bad({ frequency: { schedule: 'hourly' } }, /must be once, custom/);
    bad({ frequency: { schedule: 'custom', repeat: { every: 0 } } }, /repeat.every/);
    bad({ frequency: { schedule: 'custom', repeat: { every: 86401 } } }, /repeat.every/);
    bad({ frequency: { schedule: 'weekly', repeat: { every: 1, on: [8] } } }, /repeat.on/);
    bad({ frequency: { schedule: 'monthly', repeat: { on: [1], weekdays: [2], weeks: [1] } } }, /either dates/);
    bad({ frequency: { schedule: 'monthly', repeat: { months: [2], on: [30, 31] } } }, /never comes/);
    bad({ frequency: { schedule: 'cron', repeat: { cron: 'every day' } } }, /Invalid cron/);
    bad({ frequency: { schedule: 'daily', repeat: { every: 1 } }, timezone: 'Mars/Base' }, /Unknown timezone/);
    bad({ startDate: 10, expire: 5, frequency: { schedule: 'daily', repeat: { every: 1 } } }, /before 'startDate'/);
    bad({ frequency: 'often' }, /must be an object/);
    expect(() => readSchedule({ frequency: null })).toThrow(ScheduleError);
  });
});
