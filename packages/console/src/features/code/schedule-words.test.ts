import { describe, expect, it } from 'vitest';
import { scheduleInWords } from './schedule-words';

describe('timer schedules in words', () => {
  it('names each kind of schedule', () => {
    expect(scheduleInWords({ schedule: 'once' })).toBe('once');
    expect(scheduleInWords({ schedule: 'custom', repeat: { every: 1 } })).toBe('every second');
    expect(scheduleInWords({ schedule: 'custom', repeat: { every: 30 } })).toBe('every 30 seconds');
    expect(scheduleInWords({ schedule: 'daily', repeat: { every: 2 } })).toBe('every 2 days');
    expect(scheduleInWords({ schedule: 'weekly', repeat: { every: 1, on: [2, 6] } })).toBe(
      'every week on Monday and Friday',
    );
    expect(scheduleInWords({ schedule: 'monthly', repeat: { on: [1, 15], months: [1, 7] } })).toBe(
      'on day 1 and 15 of Jan and Jul',
    );
    expect(scheduleInWords({ schedule: 'monthly', repeat: { weeks: [5], weekdays: [6] } })).toBe(
      'on the last Friday of every month',
    );
    expect(scheduleInWords({ schedule: 'cron', repeat: { cron: '0 */5 * * * *' } })).toBe('cron 0 */5 * * * *');
  });

  it('says so when the schedule is not one it knows', () => {
    expect(scheduleInWords(null)).toBe('unknown schedule');
    expect(scheduleInWords({ schedule: 'hourly' })).toBe('unknown schedule');
  });
});
