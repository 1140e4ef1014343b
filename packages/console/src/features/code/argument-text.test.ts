import { describe, expect, it } from 'vitest';
import { parseArgument } from './argument-text';

describe('invoke form values', () => {
  it('keeps text for string parameters, even when it looks like JSON', () => {
    expect(parseArgument('42', 'string')).toBe('42');
    expect(parseArgument('Ann', 'String')).toBe('Ann');
  });

  it('reads JSON for other parameters and falls back to the text', () => {
    expect(parseArgument('42', 'number')).toBe(42);
    expect(parseArgument('{"a":[1,true]}')).toEqual({ a: [1, true] });
    expect(parseArgument('"Ann"')).toBe('Ann');
    expect(parseArgument('Ann')).toBe('Ann');
  });
});
