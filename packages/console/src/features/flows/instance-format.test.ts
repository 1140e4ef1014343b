import { describe, expect, it } from 'vitest';
import { formatDuration, pathOf, stepLooks } from './instance-format';

describe('instance format', () => {
  it('reads durations in the unit that fits', () => {
    expect(formatDuration(0, 850)).toBe('850 ms');
    expect(formatDuration(0, 4200)).toBe('4.2 s');
    expect(formatDuration(0, 185_000)).toBe('3 min 5 s');
    expect(formatDuration(0, 7_800_000)).toBe('2 h 10 min');
    expect(formatDuration(1000, null, 3000)).toBe('2.0 s');
  });

  it('marks an element SUCCEEDED when a retry succeeded, and lists the path in order', () => {
    const steps = [
      { elementId: 'http', status: 'FAILED' as const, startedAt: 20 },
      { elementId: 'start', status: 'SUCCEEDED' as const, startedAt: 10 },
      { elementId: 'http', status: 'SUCCEEDED' as const, startedAt: 30 },
      { elementId: 'bad', status: 'FAILED' as const, startedAt: 40 },
    ];
    expect(Object.fromEntries(stepLooks(steps))).toEqual({ http: 'SUCCEEDED', start: 'SUCCEEDED', bad: 'FAILED' });
    expect(pathOf(steps)).toEqual(['start', 'http', 'bad']);
  });
});
