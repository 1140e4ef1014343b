import { describe, expect, it } from 'vitest';
import { dateTextOf, escapeHtml, textOf } from './html.js';

describe('published page text', () => {
  it('shows a date column as a date with its zone named, and anything that is not a date as text', () => {
    expect(dateTextOf(Date.UTC(2026, 10, 28, 3, 20, 45))).toBe('2026-11-28 03:20 UTC');
    expect(dateTextOf(0)).toBe('1970-01-01 00:00 UTC');
    // Outside the range a date can hold: the number as it is, never a thrown RangeError.
    expect(dateTextOf(1e20)).toBe('100000000000000000000');
    expect(dateTextOf(null)).toBe('');
    expect(dateTextOf('soon')).toBe('soon');
    expect(escapeHtml(textOf('<b>'))).toBe('&lt;b&gt;');
  });
});
