import { describe, expect, it } from 'vitest';
import { WhereLimitError, WhereSyntaxError, parseWhere, type Condition, type Operand } from '@basalt/shared';
import { parseWhereOnce, parsedApart } from './refused-texts.js';

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
    // short texts are parsed each time: each caller gets a tree of its own
    expect(caught("name = 'x")).not.toBe(caught("name = 'x"));
    expect(parseWhereOnce("name = 'x'")).not.toBe(parseWhereOnce("name = 'x'"));
  });

  it('keeps the tree of a long valid text, frozen in every node, and answers it again', () => {
    const valid = `name IN (${Array.from({ length: 9_000 }, (_, i) => `'v${i}'`).join(',')}) AND city.name = 'x'`;
    const a = parseWhereOnce(valid);
    const b = parseWhereOnce(`name IN (${Array.from({ length: 9_000 }, (_, i) => `'v${i}'`).join(',')}) AND city.name = 'x'`);
    expect(b).toBe(a);
    expect(a).toEqual(parseWhere(valid));
    // shared by every caller of the text, so nobody can change it under another
    expect(Object.isFrozen(a)).toBe(true);
    const inList = (a as Extract<Condition, { kind: 'and' | 'or' }>).left as Extract<Condition, { kind: 'in' }>;
    expect(Object.isFrozen(inList.values)).toBe(true);
    expect(Object.isFrozen(inList.values[8_999])).toBe(true);
    expect(() => (inList.values as Operand[]).push(inList.values[0])).toThrow(TypeError);
    const city = (a as Extract<Condition, { kind: 'and' | 'or' }>).right as Extract<Condition, { kind: 'compare' }>;
    expect(Object.isFrozen((city.left as Extract<Operand, { kind: 'column' }>).path)).toBe(true);
  });

  it('forgets the oldest trees past its bounds', () => {
    const texts = Array.from({ length: 40 }, (_, k) => `age IN (${Array.from({ length: 300 }, (_, i) => i + k).join(',')})`);
    const first = parseWhereOnce(texts[0]);
    expect(parseWhereOnce(texts[0])).toBe(first);
    for (const t of texts.slice(1)) parseWhereOnce(t);
    // 39 more trees than the 32 kept: the first one is parsed afresh
    const again = parseWhereOnce(texts[0]);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('parsedApart', () => {
  it('gives the event loop a turn for a long text only, and leaves refusals to the compiler', async () => {
    const order: string[] = [];
    const long = `age IN (${Array.from({ length: 400 }, (_, i) => i).join(',')})`;
    setImmediate(() => order.push('other'));
    await parsedApart('age > 1');
    order.push('short');
    await parsedApart(long);
    order.push('long');
    expect(order).toEqual(['short', 'other', 'long']);
    // parsed and remembered meanwhile
    expect(parseWhereOnce(long)).toBe(parseWhereOnce(long));
    await expect(parsedApart(`${long} AND (`)).resolves.toBeUndefined();
  });
});
