import { describe, expect, it } from 'vitest';
import { csvHeader, readCsvRows, rejectedRowsCsv } from './csv-text';

describe('CSV text of the import dialog', () => {
  const text = 'title,notes\r\nA,"two\nlines"\r\n\r\nB,"say ""hi"""\r\nC,plain\r\n';

  it('finds records and the file line each starts on, through quoted line breaks and blank lines', () => {
    expect(csvHeader(text)).toEqual(['title', 'notes']);
    expect(readCsvRows(text).map((r) => [r.line, r.cells])).toEqual([[1, ['title', 'notes']], [2, ['A', 'two\nlines']], [5, ['B', 'say "hi"']], [6, ['C', 'plain']]]);
  });

  it('gives back the rejected rows as they were, with line and reason', () => {
    expect(rejectedRowsCsv(text, [{ row: 5, column: 'notes', message: 'too "long"' }])).toBe('title,notes,import_line,import_error\nB,"say ""hi""",5,"notes: too ""long"""\n');
  });
});
