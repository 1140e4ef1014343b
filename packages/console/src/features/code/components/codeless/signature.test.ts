import { describe, expect, it } from 'vitest';
import { inputsOf, paramProblems } from './signature';
import { blockProblemOf } from './block-problem';

describe('codeless signatures', () => {
  it('accepts identifiers and names what is wrong with each other row', () => {
    expect(paramProblems([{ name: 'a' }, { name: '_b2' }])).toEqual([null, null]);
    expect(paramProblems([{ name: '' }, { name: '2x' }, { name: 'a-b' }, { name: 'a' }, { name: 'a' }])).toEqual([
      'Name the parameter',
      'Letters, digits and _; start with a letter or _',
      'Letters, digits and _; start with a letter or _',
      null,
      'a is already a parameter',
    ]);
  });

  it("reads a function's inputs from whatever its definition holds", () => {
    expect(inputsOf({ inputs: [{ name: 'x', type: 'NUMBER' }, { name: 'y' }, { nope: 1 }, 'z'] })).toEqual([
      { name: 'x', type: 'NUMBER' },
      { name: 'y', type: 'ANY' },
    ]);
    expect(inputsOf(null)).toEqual([]);
    expect(inputsOf({ inputs: 'x' })).toEqual([]);
  });

  it('points a server refusal at the block its details name', () => {
    const error = Object.assign(new Error('Block math_arithmetic needs input B'), {
      status: 400,
      code: 'CODELESS_INVALID',
      body: {
        code: 'CODELESS_INVALID',
        message: 'Block math_arithmetic needs input B',
        details: { blockId: 'k1', blockType: 'math_arithmetic' },
      },
    });
    expect(blockProblemOf(error)).toEqual({
      message: 'Block math_arithmetic needs input B',
      blockId: 'k1',
      blockType: 'math_arithmetic',
    });
    expect(blockProblemOf(new Error('offline'))).toEqual({
      message: 'offline',
      blockId: undefined,
      blockType: undefined,
    });
    expect(blockProblemOf(null)).toBeNull();
  });
});
