import { describe, expect, it } from 'vitest';
import { GridCellKind } from '@glideapps/glide-data-grid';
import type { DataColumn } from '@basalt/shared';
import { parseJsonText, jsonDraft } from './json-text';
import { draftOf, recordFromDrafts } from './record-form';
import { cellFor, valueFromEdit } from './RecordsGrid.utils';
import { conditionText, operatorsFor } from './where-builder';

const doc = { name: 'doc', dataType: 'JSON', required: false, system: false } as unknown as DataColumn;

describe('JSON columns in the console', () => {
  it('reads any JSON value and names where bad text breaks', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ value: { a: [1, 2] } });
    expect(parseJsonText('"text"')).toEqual({ value: 'text' });
    expect(parseJsonText('null')).toEqual({ value: null });
    const bad = parseJsonText('{"a": }');
    expect('error' in bad && bad.error).toMatch(/^Not valid JSON/);
    expect('error' in parseJsonText('x'.repeat(1_000_001))).toBe(true);
  });

  it('the record panel edits indented JSON and refuses text that is not JSON', () => {
    expect(draftOf(doc, { a: 1 })).toBe(jsonDraft({ a: 1 }));
    expect(draftOf(doc, { a: 1 })).toContain('\n');
    expect(recordFromDrafts([doc], { doc: '{ "city": "Paris", "tags": ["x"] }' })).toEqual({ record: { doc: { city: 'Paris', tags: ['x'] } }, errors: {} });
    const { errors } = recordFromDrafts([doc], { doc: '{city: Paris}' });
    expect(errors.doc).toMatch(/^Not valid JSON/);
    expect(recordFromDrafts([doc], { doc: '' }).record).toEqual({ doc: null });
  });

  it('the grid shows compact JSON and takes edited JSON back', () => {
    const cell = cellFor({ kind: 'column', column: doc } as never, { doc: { a: [1, 2] } });
    expect(cell).toMatchObject({ kind: GridCellKind.Text, data: '{"a":[1,2]}' });
    expect(cellFor({ kind: 'column', column: doc } as never, { doc: 'text' })).toMatchObject({ data: '"text"' });
    const edit = (data: string) => valueFromEdit(doc, { kind: GridCellKind.Text, data, displayData: data, allowOverlay: true } as never);
    expect(edit('[1, 2]')).toEqual({ value: [1, 2] });
    expect('error' in edit('[1, 2')).toBe(true);
    expect(edit('')).toEqual({ value: null });
  });

  it('the filter builder compares a value at a JSON path', () => {
    expect(operatorsFor(doc).map((o) => o.value)).toEqual(['pathIs', 'pathContains', 'empty', 'notEmpty']);
    const text = (op: string, value: string, value2: string) => conditionText(doc, { column: 'doc', op, value, value2 });
    expect(text('pathIs', '$.age', '34')).toEqual({ text: "doc->'$.age' = 34" });
    expect(text('pathIs', '$.ok', 'true')).toEqual({ text: "doc->'$.ok' = true" });
    expect(text('pathIs', '$.city', "O'Hare")).toEqual({ text: "doc->'$.city' = 'O''Hare'" });
    expect(text('pathIs', '$.gone', 'null')).toEqual({ text: "doc->'$.gone' is null" });
    expect(text('pathContains', '$.city', 'par')).toEqual({ text: "doc->'$.city' like '%par%'" });
    expect(text('pathIs', 'city', 'x')).toEqual({ error: 'Type a JSON path such as $.address.city' });
  });
});
