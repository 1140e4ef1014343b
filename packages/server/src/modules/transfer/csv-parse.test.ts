import { describe, expect, it } from 'vitest';
import { readCsv, CsvSyntaxError } from './csv-parse.js';
import { cellValue, relationIds } from './csv-values.js';

const read = (text: string, delimiter?: string) => [...readCsv(text, { delimiter })];

describe('CSV reader', () => {
  it('reads plain cells, empty cells as null and quoted empty cells as empty text', () => {
    expect(read('a,b,c\n1,,""\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', null, ''] },
    ]);
  });

  it('reads quotes, doubled quotes, delimiters and line breaks inside quoted cells', () => {
    const text = 'name,note\r\n"Smith, John","He said ""hi""\r\nand left"\r\n"x",y';
    expect(read(text)).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['Smith, John', 'He said "hi"\r\nand left'] },
      { line: 4, cells: ['x', 'y'] },
    ]);
  });

  it('counts lines across LF, CRLF and lone CR, and skips blank lines', () => {
    expect(read('a\r\rb\n\nc\r\n"d\re"\nf').map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'a'],
      [3, 'b'],
      [5, 'c'],
      [6, 'd\re'],
      [8, 'f'],
    ]);
  });

  it('drops a byte-order mark, keeps a trailing empty cell and takes other delimiters', () => {
    expect(read('\ufeffa;b;\n1;2;3', ';')).toEqual([
      { line: 1, cells: ['a', 'b', null] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
    expect(read('a\tb', '\t')[0].cells).toEqual(['a', 'b']);
    expect(read('a,')[0].cells).toEqual(['a', null]);
    expect(read('')).toEqual([]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => read('a\n"open,b\nc')).toThrow(
      new CsvSyntaxError('A quoted cell that starts on line 2 is never closed', 2),
    );
    expect(() => read('a\n"x"y,b')).toThrow(/Line 2 has text after the closing quote/);
    expect(() => [...readCsv('a,b,c', { maxCells: 2 })]).toThrow(/more than 2 cells/);
  });
});

describe('CSV cell values', () => {
  it('reads booleans, numbers and dates as spreadsheets write them', () => {
    expect(['true', 'YES', '1', 'false', 'no', '0'].map((t) => cellValue('b', 'BOOLEAN', t))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(cellValue('n', 'INT', ' 42 ')).toBe(42);
    expect(cellValue('d', 'DOUBLE', '-1.25')).toBe(-1.25);
    expect(cellValue('t', 'DATETIME', '1700000000000')).toBe(1700000000000);
    expect(cellValue('t', 'DATETIME', '2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(cellValue('t', 'DATETIME', '2024-03-01 09:30')).toBe(Date.UTC(2024, 2, 1, 9, 30));
    expect(cellValue('t', 'DATETIME', '2024-03-01 09:30:15')).toBe(Date.UTC(2024, 2, 1, 9, 30, 15));
    expect(cellValue('t', 'DATETIME', '2024-03-01T09:30:15.500Z')).toBe(Date.UTC(2024, 2, 1, 9, 30, 15, 500));
    expect(cellValue('t', 'DATETIME', '2024-03-01T09:30:00+02:00')).toBe(Date.UTC(2024, 2, 1, 7, 30));
    expect(cellValue('s', 'STRING', ' as is ')).toBe(' as is ');
    expect(relationIds('a, b;c d')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses what is not a value of the type, naming column and value', () => {
    expect(() => cellValue('active', 'BOOLEAN', 'maybe')).toThrow(
      "Value 'maybe' is not valid for column 'active' (BOOLEAN)",
    );
    expect(() => cellValue('qty', 'INT', '1.5')).toThrow(
      "Value '1.5' is not valid for column 'qty' (INT): expected a whole number",
    );
    expect(() => cellValue('qty', 'INT', '99999999999999999999')).toThrow(/between/);
    expect(() => cellValue('price', 'DOUBLE', '1,5')).toThrow("Value '1,5' is not valid for column 'price' (DOUBLE)");
    expect(() => cellValue('price', 'DOUBLE', '0x10')).toThrow(/DOUBLE/);
    expect(() => cellValue('at', 'DATETIME', '2024-02-30')).toThrow(
      "Value '2024-02-30' is not valid for column 'at' (DATETIME)",
    );
    expect(() => cellValue('at', 'DATETIME', '01/03/2024')).toThrow(/yyyy-mm-dd/);
    expect(() => cellValue('at', 'DATETIME', '2024-03-01 25:00')).toThrow(/DATETIME/);
  });
});
