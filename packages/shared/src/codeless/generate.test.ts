import { describe, expect, it } from 'vitest';
import { blk, param, ret, run, runBody, workspace } from './codeless.test-helpers.js';
import { FIXTURES } from './fixtures.test-helpers.js';
import { CODELESS_BLOCKS, CODELESS_BUILTIN_BLOCKS, emptyCodelessState, generateCodeless } from './index.js';

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

describe('fixtures: one workspace per block category', () => {
  it.each(Object.keys(FIXTURES))('%s generates and evaluates as expected', async (name) => {
    const f = FIXTURES[name];
    const generated = generateCodeless(f.state, { kind: f.kind, ...(f.paramNames ? { params: f.paramNames } : {}) });
    expect(generated.functions).toEqual(f.functions ?? []);
    expect(generated.services).toEqual(f.services ?? []);
    for (const r of f.runs) {
      if (r.error) {
        await expect(runBody(generated.body, r.opts)).rejects.toMatchObject(r.error);
        continue;
      }
      const { value, calls, logs } = await runBody(generated.body, r.opts);
      expect(value).toEqual(r.value);
      expect(calls).toEqual(r.calls ?? []);
      if (r.logs) expect(logs).toEqual(r.logs);
    }
  });

  it('never changes the workspace it reads and answers the same code every time', () => {
    const freeze = (v: unknown): void => {
      if (v && typeof v === 'object') {
        Object.values(v).forEach(freeze);
        Object.freeze(v);
      }
    };
    for (const f of Object.values(FIXTURES)) {
      const state = JSON.parse(JSON.stringify(f.state));
      freeze(state);
      const options = { kind: f.kind, ...(f.paramNames ? { params: f.paramNames } : {}) };
      expect(generateCodeless(state, options)).toEqual(generateCodeless(f.state, options));
    }
  });

  it('together use every Basalt block and every supported built-in', () => {
    const used = new Set<string>();
    const visit = (b: unknown): void => {
      if (!b || typeof b !== 'object') return;
      const o = b as Record<string, unknown>;
      if (typeof o.type === 'string') used.add(o.type);
      for (const v of Object.values(o)) visit(v);
    };
    for (const f of Object.values(FIXTURES)) visit(f.state);
    const all = [...CODELESS_BLOCKS.map((d) => d.type as string), ...CODELESS_BUILTIN_BLOCKS];
    expect(all.filter((t) => !used.has(t))).toEqual([]);
  });
});
