import { describe, expect, it } from 'vitest';
import { cellValue } from './csv-values.js';

describe('CSV cells of JSON columns', () => {
  it('reads JSON text as its value, and other text as a text value', () => {
    expect(cellValue('doc', 'JSON', '{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(cellValue('doc', 'JSON', '[true,null]')).toEqual([true, null]);
    expect(cellValue('doc', 'JSON', '12')).toBe(12);
    expect(cellValue('doc', 'JSON', 'plain words')).toBe('plain words');
  });
});
