import { describe, expect, it } from 'vitest';
import type { DataColumn } from '@basalt/shared';
import { whereText, type Condition } from './where-builder';

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

  it('never sends a value that is not of the column type', () => {
    const out = whereText(columns, [cond('age', '>', '1; drop table x'), cond('born', '>', 'yesterday')], 'and');
    expect(out.text).toBe('');
    expect(out.errors).toEqual({ 0: 'Type a number, with . for decimals', 1: 'Type a date as yyyy-mm-dd, optionally with hh:mm' });
  });
});
