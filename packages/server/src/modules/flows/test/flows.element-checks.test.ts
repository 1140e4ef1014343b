import { describe, expect, it } from 'vitest';
import { FLOW_ELEMENT_TYPES } from '@basalt/shared';
import { normalise, validate } from '../definition.js';
import { ELEMENTS } from '../engine/elements/index.js';

const api = { id: 'start', name: 'Called', type: 'trigger.api', config: {} };
const check = (elements: object[], transitions: object[]) => validate(normalise([api, ...elements], transitions));
const on = (errors: Array<{ elementId: string | null; message: string }>, id: string) =>
  errors.filter((e) => e.elementId === id).map((e) => e.message);

/** The config checks and graph rules of the action and control elements (no server needed). */
describe('flows: element config checks and loops with a failsafe', () => {
  it('has a runner and a check for every element type the shared list names, and no other', () => {
    expect(Object.keys(ELEMENTS).sort()).toEqual([...FLOW_ELEMENT_TYPES].sort());
  });

  it('names each bad config on its element', () => {
    const errors = check(
      [
        { id: 'r', name: 'Route', type: 'control.router', config: { value: 1, routes: [{ value: 'a', port: 'a b' }] } },
        { id: 'rep', name: 'Again', type: 'control.repeat', config: { while: true } },
        { id: 'each', name: 'Each', type: 'control.forEach', config: {} },
        { id: 'tr', name: 'Shape', type: 'action.transform', config: { expression: '$map([1,2' } },
        { id: 'sh', name: 'Keep', type: 'action.sharedSet', config: { key: 'k', value: 1, ttlSeconds: 0 } },
        { id: 'mail', name: 'Mail', type: 'action.sendEmail', config: { template: 'Hi' } },
        { id: 'svc', name: 'Svc', type: 'action.callService', config: { service: 'S' } },
        { id: 'sub', name: 'Sub', type: 'action.subFlow', config: {} },
        { id: 'del', name: 'Del', type: 'action.deleteRecord', config: { table: 'Order' } },
        { id: 'pub', name: 'Pub', type: 'action.publish', config: { channel: 'default' } },
      ],
      [],
    );
    expect(on(errors, 'r')[0]).toMatch(/port 'a b'/);
    expect(on(errors, 'rep')[0]).toMatch(/maxIterations/);
    expect(on(errors, 'each')[0]).toMatch(/needs 'list'/);
    expect(on(errors, 'tr')[0]).toMatch(/'expression' does not parse/);
    expect(on(errors, 'sh')[0]).toMatch(/ttlSeconds/);
    expect(on(errors, 'mail')[0]).toMatch(/recipients/);
    expect(on(errors, 'svc')[0]).toMatch(/needs 'method'/);
    expect(on(errors, 'sub')[0]).toMatch(/needs 'flow'/);
    expect(on(errors, 'del')[0]).toMatch(/needs 'objectId'/);
    expect(on(errors, 'pub')[0]).toMatch(/needs 'message'/);
  });

  it("checks ports by element: a router's routes, parallel branches, a loop's body", () => {
    const router = {
      id: 'r',
      name: 'Route',
      type: 'control.router',
      config: { value: '{{ $initial.kind }}', routes: [{ value: 'a', port: 'alpha' }, { value: 'b' }] },
    };
    const log = (id: string) => ({ id, name: id, type: 'action.log', config: { level: 'INFO', message: id } });
    const ok = check(
      [router, { id: 'p', name: 'Fork', type: 'control.parallel', config: {} }, log('x'), log('y'), log('z')],
      [
        { from: 'start', to: 'r', port: 'out' },
        { from: 'r', to: 'x', port: 'alpha' },
        { from: 'r', to: 'y', port: 'b' },
        { from: 'r', to: 'p', port: 'default' },
        { from: 'p', to: 'z', port: 'branch-1' },
      ],
    );
    expect(ok).toEqual([]);
    const bad = check(
      [router, log('x')],
      [
        { from: 'start', to: 'r', port: 'out' },
        { from: 'r', to: 'x', port: 'gamma' },
      ],
    );
    expect(on(bad, 'r')).toEqual(["control.router has no 'gamma' port"]);
  });

  it('allows a way back into a repeat or list iterator from its body, and no other cycle', () => {
    const rep = { id: 'rep', name: 'Again', type: 'control.repeat', config: { while: true, maxIterations: 3 } };
    const inc = { id: 'inc', name: 'Inc', type: 'action.setVariables', config: { values: { n: 1 } } };
    const after = { id: 'after', name: 'After', type: 'action.log', config: { level: 'INFO', message: 'x' } };
    expect(
      check(
        [rep, inc, after],
        [
          { from: 'start', to: 'rep', port: 'out' },
          { from: 'rep', to: 'inc', port: 'body' },
          { from: 'inc', to: 'rep', port: 'out' },
          { from: 'rep', to: 'after', port: 'out' },
        ],
      ),
    ).toEqual([]);
    // Back into the repeat from after it: nothing bounds that loop.
    const unbounded = check(
      [rep, inc, after],
      [
        { from: 'start', to: 'rep', port: 'out' },
        { from: 'rep', to: 'inc', port: 'body' },
        { from: 'rep', to: 'after', port: 'out' },
        { from: 'after', to: 'rep', port: 'out' },
      ],
    );
    expect(unbounded.some((e) => /loop without a failsafe/.test(e.message))).toBe(true);
    // A cycle with no loop element at all.
    const plain = check(
      [inc, after],
      [
        { from: 'start', to: 'inc', port: 'out' },
        { from: 'inc', to: 'after', port: 'out' },
        { from: 'after', to: 'inc', port: 'out' },
      ],
    );
    expect(plain.some((e) => /loop without a failsafe/.test(e.message))).toBe(true);
  });
});
