import { describe, expect, it } from 'vitest';
import {
  denormalize,
  insertTree,
  moveNode,
  newNode,
  normalize,
  readingOrder,
  removeNode,
  uidAtPath,
  updateNode,
} from './doc-state';
import { EditorStore } from './editor-store';
import { addAt, handleEditorKey, moveTo } from './editor-actions';
import { issuesFromError } from './issues';
import type { PageDocument } from './schema';

const doc: PageDocument = {
  version: 1,
  dataSources: [{ id: 'orders', kind: 'table', table: 'Orders' }],
  children: [
    { uid: 'h', type: 'Heading', props: { text: 'Orders', level: 1 } },
    {
      uid: 'box',
      type: 'Block',
      props: {},
      children: [
        { uid: 't', type: 'Text', props: { text: { $path: 'page.note' } }, styles: { hover: { color: 'red' } } },
        { uid: 'grid', type: 'DataTable', props: { data: { $data: 'orders' } } },
      ],
    },
  ],
};

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({ key: k, altKey: false, ...extra }) as KeyboardEvent;

describe('the normalized page document', () => {
  it('round-trips a document unchanged', () => {
    expect(denormalize(normalize(doc))).toEqual(doc);
  });

  it('an edit replaces only the node it changes', () => {
    const s = normalize(doc);
    const next = updateNode(s, 't', (n) => ({ ...n, props: { ...n.props, text: 'Hi' } }));
    expect(next.nodes.t).not.toBe(s.nodes.t);
    for (const uid of ['h', 'box', 'grid']) expect(next.nodes[uid]).toBe(s.nodes[uid]);
    expect(next.rootIds).toBe(s.rootIds);
  });

  it('inserts, moves and removes with parents kept right', () => {
    let s = normalize(doc);
    s = insertTree(s, newNode(s, 'Button'), 'box', 1);
    expect(s.nodes.box.childIds).toEqual(['t', 'Button1', 'grid']);
    expect(s.parents.Button1).toBe('box');
    s = moveNode(s, 'Button1', null, 0);
    expect([s.rootIds, s.nodes.box.childIds, s.parents.Button1]).toEqual([
      ['Button1', 'h', 'box'],
      ['t', 'grid'],
      null,
    ]);
    // A node never moves into itself.
    expect(moveNode(s, 'box', 't', 0)).toBe(s);
    s = removeNode(s, 'box');
    expect([s.rootIds, s.nodes.t, s.parents.grid]).toEqual([['Button1', 'h'], undefined, undefined]);
  });

  it('walks in reading order and finds the node a server path names', () => {
    expect(readingOrder(normalize(doc))).toEqual(['h', 'box', 't', 'grid']);
    expect(uidAtPath(doc, 'children[1].children[1].props.data')).toBe('grid');
    expect(uidAtPath(doc, 'children[0]')).toBe('h');
    expect(uidAtPath(doc, 'dataSources[0].where')).toBeUndefined();
  });
});

describe('the editor store', () => {
  it('undoes and redoes edits; typing into one field is one step', () => {
    const store = new EditorStore(normalize(doc));
    const type = (text: string) =>
      store.apply((s) => updateNode(s, 'h', (n) => ({ ...n, props: { ...n.props, text } })), 'h.text');
    type('O');
    type('Or');
    store.apply((s) => removeNode(s, 'grid'));
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.state.nodes.grid).toBeDefined();
    store.undo();
    expect([store.state.nodes.h.props?.text, store.canUndo]).toEqual(['Orders', false]);
    store.redo();
    expect(store.state.nodes.h.props?.text).toBe('Or');
  });

  it('drops from the palette and moves between places', () => {
    const store = new EditorStore(normalize(doc));
    addAt(store, 'DataTable', { uid: null, place: 'inside' });
    expect([store.state.rootIds.at(-1), store.selection]).toEqual(['DataTable1', 'DataTable1']);
    moveTo(store, 'h', { uid: 'grid', place: 'after' });
    expect(store.state.nodes.box.childIds).toEqual(['t', 'grid', 'h']);
    moveTo(store, 't', { uid: 'h', place: 'after' });
    expect(store.state.nodes.box.childIds).toEqual(['grid', 'h', 't']);
  });

  it('keys: arrows walk the tree, Alt+arrows move, Delete removes and undo brings it back', () => {
    const store = new EditorStore(normalize(doc));
    handleEditorKey(store, key('ArrowDown'));
    expect(store.selection).toBe('h');
    handleEditorKey(store, key('ArrowDown'));
    handleEditorKey(store, key('ArrowRight'));
    expect(store.selection).toBe('t');
    handleEditorKey(store, key('ArrowDown', { altKey: true }));
    expect(store.state.nodes.box.childIds).toEqual(['grid', 't']);
    handleEditorKey(store, key('ArrowLeft'));
    expect(store.selection).toBe('box');
    handleEditorKey(store, key('Delete'));
    expect([store.state.rootIds, store.selection]).toEqual([['h'], 'h']);
    store.undo();
    expect(store.state.nodes.box.childIds).toEqual(['grid', 't']);
  });
});

describe('server refusals on the page', () => {
  const refusal = (details: unknown, message = 'The page is not valid') =>
    Object.assign(new Error(message), { status: 400, body: { code: 'BAD_REQUEST', message, details } });
  const uids = ['h', 'box', 't', 'grid'];

  it('puts each issue on the node its path names, data source issues on the nodes bound to it', () => {
    const error = refusal({
      issues: [
        { path: 'children[1].children[0].props.text', code: 'UNKNOWN_BINDING', message: 'Unknown binding' },
        { path: 'dataSources[0].where', code: 'BAD_WHERE', message: 'The where is not valid' },
        { path: 'data', code: 'BAD_DOCUMENT', message: 'Page data must be an object' },
      ],
    });
    expect(issuesFromError(error, doc, uids)).toEqual({
      t: ['Unknown binding'],
      grid: ['The where is not valid'],
      '': ['Page data must be an object'],
    });
  });

  it('a bare message that names a uid lands on that node', () => {
    expect(issuesFromError(refusal(undefined, 'Unknown component type Widget at node grid'), doc, uids)).toEqual({
      grid: ['Unknown component type Widget at node grid'],
    });
  });
});
