import { describe, expect, it } from 'vitest';
import type { DataColumn } from '@basalt/shared';
import { readableFilter, whereText, type Condition } from './where-builder';
import { formatDateTimeWithZone } from '../../data-format';

const col = (name: string, dataType: string): DataColumn => ({ columnId: name, name, dataType, required: false, unique: false, indexed: false, defaultValue: null, system: false, primaryKey: false });
const columns = [col('name', 'STRING'), col('age', 'INT'), col('active', 'BOOLEAN'), col('born', 'DATETIME')];
const cond = (column: string, op: string, value = '', value2 = ''): Condition => ({ column, op, value, value2 });

describe('filter builder', () => {
  it('writes where text by type, quoting text and joining with AND or OR', () => {
    expect(whereText(columns, [cond('name', 'contains', "O'Brien")], 'and').text).toBe("name like '%O''Brien%'");
    expect(whereText(columns, [cond('age', 'between', '18', '30'), cond('active', 'true')], 'or').text).toBe('(age between 18 and 30) or (active = true)');
    expect(whereText(columns, [cond('name', 'in', 'a, b')], 'and').text).toBe("name in ('a', 'b')");
    expect(whereText(columns, [cond('name', 'empty')], 'and').text).toBe('name is null');
    expect(whereText(columns, [cond('born', '<', '2024-01-02')], 'and').text).toBe(`born < ${new Date(2024, 0, 2).getTime()}`);
  });

  it('takes dates typed as dates: day first too, and a whole day with "on the day"', () => {
    expect(whereText(columns, [cond('born', '>', '2-1-2024')], 'and').text).toBe(`born > ${new Date(2024, 0, 2).getTime()}`);
    expect(whereText(columns, [cond('born', '<', '02.01.2024 13:45')], 'and').text).toBe(`born < ${new Date(2024, 0, 2, 13, 45).getTime()}`);
    expect(whereText(columns, [cond('born', 'on', '31/12/2024')], 'and').text).toBe(`born >= ${new Date(2024, 11, 31).getTime()} and born < ${new Date(2025, 0, 1).getTime()}`);
    expect(whereText(columns, [cond('born', 'on', '31-02-2024')], 'and').errors).toEqual({ 0: 'Type a date as yyyy-mm-dd or d-m-yyyy' });
  });

  it('never sends a value that is not of the column type', () => {
    const out = whereText(columns, [cond('age', '>', '1; drop table x'), cond('born', '>', 'yesterday')], 'and');
    expect(out.text).toBe('');
    expect(out.errors).toEqual({ 0: 'Type a number, with . for decimals', 1: 'Type a date as yyyy-mm-dd or d-m-yyyy, optionally with hh:mm' });
  });
});

describe('readableFilter', () => {
  it('shows epoch numbers compared with date columns as dates with the zone', () => {
    const a = new Date(2024, 11, 31).getTime();
    const b = new Date(2025, 0, 1).getTime();
    expect(readableFilter(`born >= ${a} and born < ${b} and age > 30`, columns)).toBe(`born >= ${formatDateTimeWithZone(a)} and born < ${formatDateTimeWithZone(b)} and age > 30`);
    expect(readableFilter(`born between ${a} and ${b}`, columns)).toBe(`born between ${formatDateTimeWithZone(a)} and ${formatDateTimeWithZone(b)}`);
    expect(formatDateTimeWithZone(a)).toMatch(/^2024-12-31 00:00:00 \S+/);
  });
  it('leaves other columns and quoted text alone', () => {
    expect(readableFilter("age > 1735599600000 and name = 'born = 5'", columns)).toBeNull();
  });
});
