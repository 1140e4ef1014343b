import { describe, expect, it } from 'vitest';
import { blk, param, ret, run, runBody, workspace } from './codeless.test-helpers.js';
import { emptyCodelessState, generateCodeless } from './index.js';

describe('generateCodeless', () => {
  it('sum: a method returning a + b answers 5 for {a: 2, b: 3}', async () => {
    const state = workspace('method', [ret(blk('math_arithmetic', { OP: 'ADD' }, { A: param('a'), B: param('b') }))]);
    const { body, functions, services } = generateCodeless(state, { kind: 'method', params: ['a', 'b'] });
    expect(functions).toEqual([]);
    expect(services).toEqual([]);
    const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
    const sum = new AsyncFunction('$params', '$ctx', '$req', '$res', '$fn', body);
    expect(await sum({ a: 2, b: 3 })).toBe(5);
    expect((await runBody(body, { params: { a: 2, b: 3 } })).value).toBe(5);
  });

  it('an empty workspace of each kind generates an empty body that answers undefined', async () => {
    for (const kind of ['method', 'handler', 'timer', 'event', 'function'] as const) {
      const { body } = generateCodeless(emptyCodelessState(kind), { kind });
      expect(body).toBe('');
      expect((await run(emptyCodelessState(kind), kind)).value).toBeUndefined();
    }
  });
});
