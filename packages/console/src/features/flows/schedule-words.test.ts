import { describe, expect, it } from 'vitest';
import { describeSchedule, splitInterval } from './schedule-words';

describe('schedule words', () => {
  it('reads an interval in its largest whole unit', () => {
    expect(splitInterval(7200)).toEqual({ amount: 2, unit: 'hours' });
    expect(splitInterval(90)).toEqual({ amount: 90, unit: 'seconds' });
    expect(splitInterval(86400 * 3)).toEqual({ amount: 3, unit: 'days' });
  });

  it('says what the schedule does', () => {
    expect(describeSchedule({ mode: 'interval', intervalSeconds: 3600 })).toBe(
      'Runs every hour, from when the flow is enabled.',
    );
    expect(describeSchedule({ mode: 'interval', intervalSeconds: 300 })).toMatch(/^Runs every 5 minutes/);
    expect(describeSchedule({ mode: 'once' })).toBe('Choose when it runs.');
    expect(describeSchedule({ mode: 'once', startAt: '2030-01-02T03:04:00.000Z' })).toMatch(/^Runs once, on .*2030/);
    expect(describeSchedule({ mode: 'cron', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' })).toBe(
      'Runs on cron 0 9 * * 1-5 in Europe/Berlin.',
    );
  });
});
