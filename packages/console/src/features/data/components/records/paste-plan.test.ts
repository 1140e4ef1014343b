import { describe, expect, it } from 'vitest';
import type { DataColumn } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { convertText, lengthError, parseTsv, planPaste } from './paste-plan';
import type { GridField } from './RecordsGrid.utils';

const col = (name: string, dataType: string, extra: Partial<DataColumn> = {}): DataColumn => ({
  columnId: name, name, dataType, required: false, unique: false, indexed: false, defaultValue: null, system: false, primaryKey: false, ...extra,
});
const fields: GridField[] = [
  { kind: 'column', column: col('objectId', 'STRING_ID', { system: true }) },
  { kind: 'column', column: col('name', 'STRING') },
  { kind: 'column', column: col('qty', 'INT') },
  { kind: 'column', column: col('done', 'BOOLEAN') },
  { kind: 'column', column: col('due', 'DATETIME') },
];
const records: DataRecord[] = [
  { objectId: 'A', name: 'a', qty: 1, done: false, due: null },
  { objectId: 'B', name: 'b', qty: 2, done: true, due: null },
];
const getRecord = (row: number) => records[row];

describe('parseTsv', () => {
  it('reads a spreadsheet block, dropping the trailing newline', () => {
    expect(parseTsv('x\t1\r\ny\t2\r\n')).toEqual([['x', '1'], ['y', '2']]);
  });
  it('keeps tabs, newlines and quotes inside quoted cells', () => {
    expect(parseTsv('"two\nlines"\t"a\tb"\n"say ""hi"""\tz')).toEqual([['two\nlines', 'a\tb'], ['say "hi"', 'z']]);
  });
  it('keeps empty cells', () => {
    expect(parseTsv('\t\nq\t')).toEqual([['', ''], ['q', '']]);
  });
  it('reads back what the grid copies (quoted only when needed)', () => {
    expect(parseTsv('Paint\ttrue\t12\t4.75\t2026-03-04 05:06:07')).toEqual([['Paint', 'true', '12', '4.75', '2026-03-04 05:06:07']]);
  });
});

describe('convertText', () => {
  it('converts by column type with the cell editors’ rules', () => {
    expect(convertText(col('n', 'INT'), '42')).toEqual({ value: 42 });
    expect(convertText(col('n', 'INT'), '4.5')).toEqual({ error: 'n takes whole numbers' });
    expect(convertText(col('b', 'BOOLEAN'), 'Yes')).toEqual({ value: true });
    expect(convertText(col('b', 'BOOLEAN', { required: true }), '')).toEqual({ error: 'b is required' });
    expect(convertText(col('d', 'DATETIME'), '2026-04-28 14:30')).toEqual({ value: new Date(2026, 3, 28, 14, 30).getTime() });
    expect(convertText(col('j', 'JSON'), '{"a":1}')).toEqual({ value: { a: 1 } });
    expect('error' in convertText(col('j', 'JSON'), '{a')).toBe(true);
  });
  it('checks the declared length of text columns', () => {
    expect(convertText(col('s', 'STRING'), 'x'.repeat(500))).toEqual({ value: 'x'.repeat(500) });
    expect(convertText(col('s', 'STRING'), 'x'.repeat(501))).toEqual({ error: '501 characters; this column holds at most 500' });
    expect(lengthError(col('t', 'TEXT'), 'x'.repeat(10_000))).toBeNull();
  });
});

describe('planPaste', () => {
  it('fills the block it covers and records the previous values', () => {
    const plan = planPaste({ fields, getRecord, totalRows: 2, col: 1, row: 0, block: [['x', '10', 'true'], ['y', '20', 'false']], addRows: false });
    expect(plan.problems).toEqual([]);
    expect(plan.cells).toBe(6);
    expect(plan.rows).toBe(2);
    expect(plan.updates).toEqual([{ objectId: 'A', name: 'x', qty: 10, done: true }, { objectId: 'B', name: 'y', qty: 20, done: false }]);
    expect(plan.previous).toEqual([{ objectId: 'A', name: 'a', qty: 1, done: false }, { objectId: 'B', name: 'b', qty: 2, done: true }]);
  });
  it('counts only cells whose value changes', () => {
    const plan = planPaste({ fields, getRecord, totalRows: 2, col: 1, row: 0, block: [['a', '5']], addRows: false });
    expect(plan.cells).toBe(1);
    expect(plan.updates).toEqual([{ objectId: 'A', qty: 5 }]);
  });
  it('leaves rows past the end out unless asked to add them', () => {
    const block = [['p'], ['q'], ['r']];
    const without = planPaste({ fields, getRecord, totalRows: 2, col: 1, row: 1, block, addRows: false });
    expect(without.rowsBeyond).toBe(2);
    expect(without.creates).toEqual([]);
    const withRows = planPaste({ fields, getRecord, totalRows: 2, col: 1, row: 1, block, addRows: true });
    expect(withRows.creates).toEqual([{ name: 'q' }, { name: 'r' }]);
    expect(withRows.rows).toBe(3);
  });
  it('reports every value that does not fit, and read-only or missing columns', () => {
    const plan = planPaste({ fields, getRecord, totalRows: 2, col: 2, row: 0, block: [['many', 'maybe'], ['3', 'true', 'x', 'extra']], addRows: false });
    expect(plan.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [0, '', 'The block is 4 columns wide, 1 more than the table has from this cell'],
      [0, 'qty', 'Type a whole number, like 42'],
      [0, 'done', 'Type true or false'],
      [1, 'due', 'Use a date like 2026-04-28 14:30'],
    ]);
    const system = planPaste({ fields, getRecord, totalRows: 2, col: 0, row: 0, block: [['id']], addRows: false });
    expect(system.problems[0].message).toBe('objectId is set by the server');
  });
  it('refuses rows that have not loaded', () => {
    const plan = planPaste({ fields, getRecord: () => undefined, totalRows: 500, col: 1, row: 300, block: [['x']], addRows: false });
    expect(plan.problems[0].message).toMatch(/not loaded/);
  });
});
