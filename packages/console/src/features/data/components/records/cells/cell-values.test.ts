import { describe, expect, it } from 'vitest';
import type { DataColumn, DataTable } from '@basalt/shared';
import { formatNumberCell, recordLabel, nextBoolean, parseBooleanText, parseDateTimeInput, parseDateTimeText, parseNumberText, relatedIds, relationChips } from './cell-values';

describe('nextBoolean', () => {
  it('cycles through null when the column accepts it', () => {
    expect(nextBoolean(null, false)).toBe(true);
    expect(nextBoolean(true, false)).toBe(false);
    expect(nextBoolean(false, false)).toBeNull();
  });
  it('only flips true and false on a required column', () => {
    expect(nextBoolean(false, true)).toBe(true);
    expect(nextBoolean(true, true)).toBe(false);
    expect(nextBoolean(null, true)).toBe(true);
  });
});

describe('parseBooleanText', () => {
  it('reads the usual spellings and empty as null', () => {
    expect(parseBooleanText(' TRUE ')).toEqual({ value: true });
    expect(parseBooleanText('no')).toEqual({ value: false });
    expect(parseBooleanText('0')).toEqual({ value: false });
    expect(parseBooleanText('')).toEqual({ value: null });
  });
  it('refuses anything else', () => {
    expect(parseBooleanText('maybe')).toEqual({ error: 'Type true or false' });
  });
});

describe('parseNumberText', () => {
  const int = { integer: true, required: false, name: 'qty' };
  const dbl = { integer: false, required: false, name: 'price' };
  it('reads whole numbers and decimals', () => {
    expect(parseNumberText(' 42 ', int)).toEqual({ value: 42 });
    expect(parseNumberText('-7', int)).toEqual({ value: -7 });
    expect(parseNumberText('3.25', dbl)).toEqual({ value: 3.25 });
    expect(parseNumberText('.5', dbl)).toEqual({ value: 0.5 });
    expect(parseNumberText('1e3', int)).toEqual({ value: 1000 });
  });
  it('empties to null, unless required', () => {
    expect(parseNumberText('', int)).toEqual({ value: null });
    expect(parseNumberText('  ', { ...int, required: true })).toEqual({ error: 'qty is required' });
  });
  it('refuses text that is not a number, naming what to type', () => {
    expect(parseNumberText('twelve', int)).toEqual({ error: 'Type a whole number, like 42' });
    expect(parseNumberText('abc', dbl)).toEqual({ error: 'Type a number, like 3.5' });
    expect(parseNumberText('0x10', int)).toHaveProperty('error');
    expect(parseNumberText('Infinity', dbl)).toHaveProperty('error');
    expect(parseNumberText('1,5', dbl)).toEqual({ error: 'Use . for decimals, not ,' });
  });
  it('refuses decimals and unsafe sizes in whole-number columns', () => {
    expect(parseNumberText('2.5', int)).toEqual({ error: 'qty takes whole numbers' });
    expect(parseNumberText('1e300', int)).toEqual({ error: 'This whole number is too large' });
    expect(parseNumberText('1e400', dbl)).toEqual({ error: 'This number is too large' });
  });
  it('formats back what it read', () => {
    expect(formatNumberCell(null)).toBe('');
    expect(formatNumberCell(9.5)).toBe('9.5');
  });
});

describe('parseDateTimeInput', () => {
  const opts = { required: false, name: 'due' };
  it('turns the input value into local epoch millis', () => {
    expect(parseDateTimeInput('2025-01-02T03:04:05', false, opts)).toEqual({ value: new Date(2025, 0, 2, 3, 4, 5).getTime() });
    expect(parseDateTimeInput('2025-01-02T03:04', false, opts)).toEqual({ value: new Date(2025, 0, 2, 3, 4, 0).getTime() });
  });
  it('never treats a half-typed date as clearing the cell', () => {
    expect(parseDateTimeInput('', true, opts)).toEqual({ error: 'Finish the date and time, or clear it' });
  });
  it('clears to null unless required', () => {
    expect(parseDateTimeInput('', false, opts)).toEqual({ value: null });
    expect(parseDateTimeInput('', false, { ...opts, required: true })).toEqual({ error: 'due is required' });
  });
});

describe('parseDateTimeText', () => {
  it('reads pasted dates and epoch millis', () => {
    expect(parseDateTimeText('2024-05-01 10:00')).toEqual({ value: new Date(2024, 4, 1, 10, 0).getTime() });
    expect(parseDateTimeText('1714557600000')).toEqual({ value: 1714557600000 });
    expect(parseDateTimeText('')).toEqual({ value: null });
    expect(parseDateTimeText('soon')).toHaveProperty('error');
  });
});

describe('relation cells', () => {
  it('lists the ids of one-to-one and one-to-many values', () => {
    expect(relatedIds(null)).toEqual([]);
    expect(relatedIds({ objectId: 'A' })).toEqual(['A']);
    expect(relatedIds([{ objectId: 'A' }, { objectId: 'B' }, { name: 'no id' }])).toEqual(['A', 'B']);
  });
  it('shows at most three chips and counts the rest', () => {
    expect(relationChips([])).toEqual([]);
    expect(relationChips(['a', 'b'])).toEqual(['a', 'b']);
    expect(relationChips(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', '+2']);
  });
});

describe('recordLabel', () => {
  const col = (name: string, dataType: string, system = false) => ({ name, dataType, system }) as DataColumn;
  const city = { name: 'City', columns: [col('objectId', 'STRING_ID', true), col('size', 'INT'), col('title', 'STRING')] } as DataTable;
  it('uses the first text column of the target table', () => {
    expect(recordLabel(city, { objectId: 'C1', title: 'Paris', size: 3 })).toBe('Paris');
  });
  it('falls back to the objectId when that text is empty or the table is unknown', () => {
    expect(recordLabel(city, { objectId: 'C1', title: '' })).toBe('C1');
    expect(recordLabel(undefined, { objectId: 'C2', title: 'Oslo' })).toBe('C2');
  });
});
