import { describe, expect, it } from 'vitest';
import {
  addElement,
  commit,
  connect,
  duplicateElement,
  isDirty,
  nextFreePoint,
  redo,
  removeElement,
  startHistory,
  undo,
  withLayout,
  type FlowDraft,
} from './flow-draft';
import { ELEMENT_KINDS, portsOf } from './element-catalog';

const empty: FlowDraft = { elements: [], transitions: [] };

function orderDraft(): FlowDraft {
  let d = empty;
  for (const type of ['trigger.data', 'control.condition', 'action.updateRecord', 'action.updateRecord'])
    d = addElement(d, type, { x: 0, y: 0 }).draft;
  return d;
}

describe('the flow draft', () => {
  it('gives new elements unique ids and names and their type defaults', () => {
    const d = orderDraft();
    expect(d.elements.map((e) => [e.id, e.name])).toEqual([
      ['data', 'Data event'],
      ['condition', 'Condition'],
      ['updaterecord', 'Update record'],
      ['updaterecord-2', 'Update record 2'],
    ]);
    expect(d.elements[2].config).toEqual({ table: '', objectId: '{{ $trigger.objectId }}', changes: {} });
    // Defaults are copies: editing one element's config never reaches the catalog or another element.
    (d.elements[2].config.changes as Record<string, unknown>).status = 'big';
    expect(d.elements[3].config.changes).toEqual({});
  });

  it('leads a port to one element, never into a trigger, and drops transitions of a removed element', () => {
    let d = orderDraft();
    d = connect(d, 'data', 'out', 'condition');
    d = connect(d, 'condition', 'yes', 'updaterecord');
    d = connect(d, 'condition', 'yes', 'updaterecord-2');
    expect(d.transitions).toEqual([
      { from: 'data', to: 'condition', port: 'out' },
      { from: 'condition', to: 'updaterecord-2', port: 'yes' },
    ]);
    expect(connect(d, 'condition', 'no', 'data').transitions).toHaveLength(2);
    expect(connect(d, 'condition', 'yes', null).transitions).toHaveLength(1);
    expect(removeElement(d, 'condition').transitions).toEqual([]);
  });

  it('lays out elements without a position a row below what leads to them', () => {
    const d = withLayout({
      elements: [
        { id: 't', name: 'T', type: 'trigger.api', config: {} },
        { id: 'c', name: 'C', type: 'control.condition', config: {} },
        { id: 'a', name: 'A', type: 'action.log', config: {} },
        { id: 'b', name: 'B', type: 'action.log', config: {}, position: { x: 900, y: 900 } },
      ],
      transitions: [
        { from: 't', to: 'c', port: 'out' },
        { from: 'c', to: 'a', port: 'yes' },
        { from: 'c', to: 'b', port: 'no' },
      ],
    });
    const y = Object.fromEntries(d.elements.map((e) => [e.id, e.position!.y]));
    expect(y.t).toBeLessThan(y.c);
    expect(y.c).toBeLessThan(y.a);
    expect(d.elements[3].position).toEqual({ x: 900, y: 900 });
  });

  it('duplicates an element beside it with a fresh id and name, but never a trigger', () => {
    let d = orderDraft();
    d = connect(d, 'condition', 'yes', 'updaterecord');
    const made = duplicateElement(d, 'updaterecord')!;
    const copy = made.draft.elements.find((e) => e.id === made.id)!;
    expect(copy).toMatchObject({ id: 'updaterecord-3', name: 'Update record 3', type: 'action.updateRecord' });
    expect(copy.position).toEqual({ x: 40, y: 40 });
    expect(made.draft.transitions).toEqual(d.transitions);
    (copy.config.changes as Record<string, unknown>).x = 1;
    expect(d.elements[2].config.changes).toEqual({});
    expect(duplicateElement(d, 'data')).toBeUndefined();
  });

  it('puts a second element below the same one beside the first', () => {
    const d = addElement(empty, 'control.condition', { x: 40, y: 40 }).draft;
    const first = nextFreePoint(d, { x: 40, y: 40 });
    const two = addElement(d, 'action.log', first).draft;
    const second = nextFreePoint(two, { x: 40, y: 40 });
    expect(second.y).toBe(first.y);
    expect(second.x).toBeGreaterThan(first.x);
  });

  it('undoes and redoes whole changes, and a new change drops what could be redone', () => {
    let h = startHistory(empty);
    h = commit(h, addElement(h.present, 'trigger.api', { x: 0, y: 0 }).draft);
    h = commit(h, addElement(h.present, 'action.log', { x: 0, y: 0 }).draft);
    h = undo(h);
    expect(h.present.elements).toHaveLength(1);
    expect(isDirty(h.present, empty)).toBe(true);
    h = redo(h);
    expect(h.present.elements).toHaveLength(2);
    h = undo(undo(h));
    expect(isDirty(h.present, empty)).toBe(false);
    h = commit(h, addElement(h.present, 'control.delay', { x: 0, y: 0 }).draft);
    expect(redo(h)).toBe(h);
    // Typing in one field is one step: changes with the same key replace each other.
    const typed = (name: string) => ({ ...h.present, elements: [{ ...h.present.elements[0], name }] });
    const before = h.past.length;
    h = commit(h, typed('D'), 'delay:name');
    h = commit(h, typed('De'), 'delay:name');
    expect(h.past.length).toBe(before + 1);
    expect(undo(h).present.elements[0].name).toBe('Delay');
  });

  it('offers every element type the server runs, with the ports its validation allows', () => {
    expect(ELEMENT_KINDS.map((k) => k.group)).toContain('triggers');
    expect(ELEMENT_KINDS.find((k) => k.type === 'control.condition')?.label).toBe('Condition');
    expect(portsOf('control.condition')).toEqual(['yes', 'no', 'error']);
    expect(portsOf('control.returnResult')).toEqual([]);
    expect(portsOf('action.http')).toEqual(['out', 'error']);
    expect(portsOf('control.forEach')).toEqual(['body', 'out', 'error']);
    expect(portsOf('control.router', { routes: [{ value: 'eu' }, { value: 2, port: 'us' }], default: 'rest' })).toEqual(
      ['eu', 'us', 'rest', 'error'],
    );
    expect(portsOf('control.parallel')).toEqual(['branch-1', 'branch-2', 'error']);
    expect(portsOf('control.parallel', {}, ['branch-1', 'branch-2'])).toEqual([
      'branch-1',
      'branch-2',
      'branch-3',
      'error',
    ]);
  });
});
