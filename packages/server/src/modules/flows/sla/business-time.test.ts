import { describe, expect, it } from 'vitest';
import { businessMs, isTimeZone, type Calendar } from './business-time.js';

const H = 3_600_000;
const officeHours = (timezone: string): Calendar => ({
  timezone,
  week: ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((day) => ({ day, intervals: [{ from: '09:00', to: '17:00' }] })),
  holidays: ['2026-12-25'],
});

describe('business time', () => {
  it('is wall-clock time without a calendar or without a week (24/7)', () => {
    expect(businessMs(0, 5 * H, null)).toBe(5 * H);
    expect(businessMs(0, 5 * H, { timezone: 'UTC', week: null, holidays: [] })).toBe(5 * H);
    expect(businessMs(5 * H, 0, null)).toBe(0);
  });

  it('counts only working hours in the calendar’s time zone, across a weekend', () => {
    const cal = officeHours('America/New_York');
    // Friday 2026-11-27 16:00 EST (21:00 UTC) to Monday 2026-11-30 10:00 EST (15:00 UTC): 1 h + 1 h.
    expect(businessMs(Date.UTC(2026, 10, 27, 21), Date.UTC(2026, 10, 30, 15), cal)).toBe(2 * H);
    // Saturday all day: nothing.
    expect(businessMs(Date.UTC(2026, 10, 28, 0), Date.UTC(2026, 10, 29, 0), cal)).toBe(0);
  });

  it('keeps the working hours local across a DST change, and skips holidays', () => {
    const cal = officeHours('America/New_York');
    // Monday 2026-03-09 (EDT since Sunday): 09:00–17:00 local is 13:00–21:00 UTC.
    expect(businessMs(Date.UTC(2026, 2, 9, 12), Date.UTC(2026, 2, 9, 14), cal)).toBe(H);
    // Friday 2026-03-06 (EST): 09:00 local is 14:00 UTC.
    expect(businessMs(Date.UTC(2026, 2, 6, 13), Date.UTC(2026, 2, 6, 15), cal)).toBe(H);
    // Christmas (a Friday) is a holiday.
    expect(businessMs(Date.UTC(2026, 11, 25, 0), Date.UTC(2026, 11, 26, 0), cal)).toBe(0);
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
