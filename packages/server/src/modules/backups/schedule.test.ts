import { describe, expect, it } from 'vitest';
import type { BackupPolicy } from '@basalt/shared';
import { nextRun } from './schedule.js';

const policy = (p: Partial<BackupPolicy>): BackupPolicy => ({
  enabled: true,
  frequency: 'daily',
  hour: 3,
  weekday: 0,
  retention: 7,
  location: 'default',
  ...p,
});
const at = (iso: string) => Date.parse(iso);

describe('backup schedule', () => {
  it('daily: the next whole hour of today, else of tomorrow', () => {
    expect(nextRun(policy({ hour: 3 }), at('2026-11-27T02:59:59Z'))).toBe(at('2026-11-27T03:00:00Z'));
    expect(nextRun(policy({ hour: 3 }), at('2026-11-27T03:00:00Z'))).toBe(at('2026-11-28T03:00:00Z'));
    expect(nextRun(policy({ hour: 0 }), at('2026-12-31T23:10:00Z'))).toBe(at('2027-01-01T00:00:00Z'));
  });

  it('weekly: the hour of the chosen weekday (2026-11-27 is a Friday)', () => {
    expect(nextRun(policy({ frequency: 'weekly', weekday: 0, hour: 4 }), at('2026-11-27T10:00:00Z'))).toBe(
      at('2026-11-29T04:00:00Z'),
    );
    expect(nextRun(policy({ frequency: 'weekly', weekday: 5, hour: 12 }), at('2026-11-27T10:00:00Z'))).toBe(
      at('2026-11-27T12:00:00Z'),
    );
    expect(nextRun(policy({ frequency: 'weekly', weekday: 5, hour: 9 }), at('2026-11-27T10:00:00Z'))).toBe(
      at('2026-12-04T09:00:00Z'),
    );
  });

  it('disabled: none', () => {
    expect(nextRun(policy({ enabled: false }), Date.now())).toBeNull();
  });
});
