import { describe, expect, it } from 'vitest';
import { nextCronRuns, parseCron } from './cron';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());

describe('cron preview', () => {
  it('lists the next five runs of a weekday schedule in UTC', () => {
    // Friday 2026-11-27 10:00 UTC; 09:30 on weekdays.
    expect(iso(nextCronRuns('30 9 * * 1-5', 'UTC', at('2026-11-27T10:00:00Z')))).toEqual([
      '2026-11-30T09:30:00.000Z',
      '2026-12-01T09:30:00.000Z',
      '2026-12-02T09:30:00.000Z',
      '2026-12-03T09:30:00.000Z',
      '2026-12-04T09:30:00.000Z',
    ]);
  });

  it('reads wall-clock time in the zone, across a DST change', () => {
    // Berlin leaves summer time on 2026-10-25: 08:00 local is 06:00 UTC before, 07:00 UTC after.
    expect(iso(nextCronRuns('0 8 * * *', 'Europe/Berlin', at('2026-10-23T12:00:00Z'), 3))).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-10-26T07:00:00.000Z',
    ]);
  });

  it('takes steps, lists, names and a seconds field', () => {
    expect(iso(nextCronRuns('*/15 * * * * *', 'UTC', at('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-01-01T00:00:15.000Z',
      '2026-01-01T00:00:30.000Z',
      '2026-01-01T00:00:45.000Z',
    ]);
    expect(iso(nextCronRuns('0 0 1 JAN,JUL *', 'UTC', at('2026-02-01T00:00:00Z'), 2))).toEqual([
      '2026-07-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('matches either day field when both are restricted', () => {
    // The 13th, or any Friday: 2026-02-06 (Fri), 2026-02-13 (the 13th, also a Friday), 2026-02-20 (Fri).
    expect(iso(nextCronRuns('0 12 13 * FRI', 'UTC', at('2026-02-01T00:00:00Z'), 3))).toEqual([
      '2026-02-06T12:00:00.000Z',
      '2026-02-13T12:00:00.000Z',
      '2026-02-20T12:00:00.000Z',
    ]);
  });

  it('names the field at fault', () => {
    expect(() => parseCron('61 * * * *')).toThrow(/Minute/);
    expect(() => parseCron('* * *')).toThrow(/5 fields/);
    expect(() => parseCron('0 0 L * *')).toThrow(/not previewed/);
  });
});
