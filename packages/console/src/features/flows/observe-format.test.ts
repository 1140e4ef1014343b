import { describe, expect, it } from 'vitest';
import { formatMs, metricsRange } from './metrics-range';
import { readJson } from './json-text';
import { fromLocalInput, toLocalInput } from './local-time';

describe('metrics range and numbers', () => {
  const now = Date.parse('2026-11-28T05:30:20Z');

  it('ends a named period at the next whole minute, so its query keys hold for a minute', () => {
    const [from, to] = metricsRange('24h', now);
    expect(new Date(to).toISOString()).toBe('2026-11-28T05:31:00.000Z');
    expect(to - from).toBe(86_400_000);
    expect(metricsRange('24h', now + 30_000)).toEqual([from, to]);
    expect(metricsRange('30d', now)[1] - metricsRange('30d', now)[0]).toBe(30 * 86_400_000);
  });

  it('takes custom local days with the end day included', () => {
    const [from, to] = metricsRange('custom', now, '2026-11-01', '2026-11-02');
    expect(from).toBe(new Date('2026-11-01T00:00').getTime());
    expect(to).toBe(new Date('2026-11-03T00:00').getTime());
  });

  it('writes durations in a readable unit', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(2400)).toBe('2.4 s');
    expect(formatMs(186_000)).toBe('3.1 min');
    expect(formatMs(5_400_000)).toBe('1.5 h');
  });
});

describe('mocked data and local times', () => {
  it('says why text is not JSON', () => {
    expect(readJson('{"total": 150}')).toEqual({ ok: true, value: { total: 150 } });
    const bad = readJson('{"total": 150');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Not valid JSON/);
    expect(readJson('  ')).toEqual({ ok: false, error: 'Write a JSON value, e.g. {"total": 150}' });
  });

  it('turns epoch ms into a datetime-local value and back', () => {
    const ms = new Date('2026-11-28T09:15').getTime();
    expect(toLocalInput(ms)).toBe('2026-11-28T09:15');
    expect(fromLocalInput('2026-11-28T09:15')).toBe(String(ms));
    expect(toLocalInput(0)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});
