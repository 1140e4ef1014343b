import { describe, expect, it } from 'vitest';
import { WhereLimitError, WhereSyntaxError } from '@basalt/shared';
import { parseWhereOnce } from './refused-texts.js';

const caught = (text: string): unknown => {
  try {
    parseWhereOnce(text);
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('where texts refused once are refused again without being read', () => {
  it('throws the same error for a long refused text, and parses valid and short texts afresh each time', () => {
    const tooLong = `name IN (${Array.from({ length: 20_000 }, (_, i) => `'v${i}'`).join(',')})`;
    const first = caught(tooLong);
    expect(first).toBeInstanceOf(WhereLimitError);
    expect((first as WhereLimitError).limit).toBe('inValues');
    // the same text built anew: the same refusal, thrown again
    expect(caught(`name IN (${Array.from({ length: 20_000 }, (_, i) => `'v${i}'`).join(',')})`)).toBe(first);
    const broken = `${'age > 1 AND '.repeat(100)}name = 'unclosed`;
    expect(caught(broken)).toBeInstanceOf(WhereSyntaxError);
    expect(caught(broken)).toBe(caught(broken));
    // short texts and valid ones are parsed each time: each caller gets a tree of its own
    expect(caught("name = 'x")).not.toBe(caught("name = 'x"));
    const valid = `name IN (${Array.from({ length: 9_000 }, (_, i) => `'v${i}'`).join(',')})`;
    const a = parseWhereOnce(valid);
    const b = parseWhereOnce(valid);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
  });
});
