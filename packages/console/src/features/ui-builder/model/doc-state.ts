import type { PageDocument, TableDataSource, UiNode } from './schema';
import { builtinComponent } from './components';

/**
 * The page document kept normalized: nodes by uid, each listing its children's uids. An edit
 * replaces only the nodes it touches, so every other node keeps its object and a memoized canvas
 * node re-renders only when its own entry changed (a property edit on a 300-node page repaints
 * one node, not the tree).
 */
export interface FlatNode extends Omit<UiNode, 'children' | 'slots'> {
  /** Uids of the default slot, in order. */
  childIds: string[];
  /** Named slots, when the node has them: kept as they came so saving gives them back. */
  slots?: UiNode['slots'];
}

export interface DocState {
  nodes: Readonly<Record<string, FlatNode>>;
  /** Parent uid of each node; `null` for the page's top level. */
  parents: Readonly<Record<string, string | null>>;
  rootIds: string[];
  dataSources: TableDataSource[];
  data?: PageDocument['data'];
}

export function normalize(doc: PageDocument): DocState {
  const nodes: Record<string, FlatNode> = {};
  const parents: Record<string, string | null> = {};
  const walk = (list: UiNode[] | undefined, parent: string | null): string[] =>
    (list ?? []).map((n) => {
      const { children, ...rest } = n;
      parents[n.uid] = parent;
      nodes[n.uid] = { ...rest, childIds: [] };
      nodes[n.uid].childIds = walk(children, n.uid);
      return n.uid;
    });
  const rootIds = walk(doc.children, null);
  return { nodes, parents, rootIds, dataSources: doc.dataSources ?? [], data: doc.data };
}

export function toNode(state: DocState, uid: string): UiNode {
  const { childIds, ...rest } = state.nodes[uid];
  const node: UiNode = { ...rest };
  if (childIds.length || builtinComponent(rest.type)?.container) node.children = childIds.map((c) => toNode(state, c));
  return node;
}

export function denormalize(state: DocState): PageDocument {
  const doc: PageDocument = {
    version: 1,
    dataSources: state.dataSources,
    children: state.rootIds.map((uid) => toNode(state, uid)),
  };
  if (state.data) doc.data = state.data;
  return doc;
}

const siblingsOf = (state: DocState, parent: string | null) =>
  parent === null ? state.rootIds : state.nodes[parent].childIds;

function withSiblings(state: DocState, parent: string | null, ids: string[]): DocState {
  if (parent === null) return { ...state, rootIds: ids };
  return { ...state, nodes: { ...state.nodes, [parent]: { ...state.nodes[parent], childIds: ids } } };
}

/** Whether `uid` is `ancestor` or lies inside it. */
export function isInside(state: DocState, uid: string | null, ancestor: string): boolean {
  for (let at = uid; at !== null && at !== undefined; at = state.parents[at]) if (at === ancestor) return true;
  return false;
}

/** Inserts a tree (a new node from the palette) under `parent` at `index`. */
export function insertTree(state: DocState, tree: UiNode, parent: string | null, index: number): DocState {
  const part = normalize({ children: [tree] });
  const next: DocState = {
    ...state,
    nodes: { ...state.nodes, ...part.nodes },
    parents: { ...state.parents, ...part.parents, [tree.uid]: parent },
  };
  const ids = [...siblingsOf(next, parent)];
  ids.splice(Math.max(0, Math.min(index, ids.length)), 0, tree.uid);
  return withSiblings(next, parent, ids);
}

/** Moves a node under `parent` at `index` (counted after the node left its old place). */
export function moveNode(state: DocState, uid: string, parent: string | null, index: number): DocState {
  if (parent !== null && isInside(state, parent, uid)) return state;
  const from = state.parents[uid] ?? null;
  let next = withSiblings(
    state,
    from,
    siblingsOf(state, from).filter((id) => id !== uid),
  );
  const ids = [...siblingsOf(next, parent)];
  ids.splice(Math.max(0, Math.min(index, ids.length)), 0, uid);
  next = withSiblings(next, parent, ids);
  return { ...next, parents: { ...next.parents, [uid]: parent } };
}

/** Removes a node and everything inside it. */
export function removeNode(state: DocState, uid: string): DocState {
  if (!state.nodes[uid]) return state;
  const parent = state.parents[uid] ?? null;
  const next = withSiblings(
    state,
    parent,
    siblingsOf(state, parent).filter((id) => id !== uid),
  );
  const nodes = { ...next.nodes };
  const parents = { ...next.parents };
  const drop = (id: string) => {
    for (const c of nodes[id]?.childIds ?? []) drop(c);
    delete nodes[id];
    delete parents[id];
  };
  drop(uid);
  return { ...next, nodes, parents };
}

/** Replaces one node's fields (props, styles, visible …); the rest of the page keeps its objects. */
export function updateNode(state: DocState, uid: string, change: (n: FlatNode) => FlatNode): DocState {
  const node = state.nodes[uid];
  if (!node) return state;
  return { ...state, nodes: { ...state.nodes, [uid]: change(node) } };
}

export function setDataSources(state: DocState, dataSources: TableDataSource[]): DocState {
  return { ...state, dataSources };
}

/** Every uid in reading order (what the arrow keys walk). */
export function readingOrder(state: DocState): string[] {
  const out: string[] = [];
  const walk = (ids: string[]) => {
    for (const id of ids) {
      out.push(id);
      walk(state.nodes[id]?.childIds ?? []);
    }
  };
  walk(state.rootIds);
  return out;
}

/** A uid that is not in use: the type's name and a counter (`DataTable3`), readable in logic. */
export function freshUid(state: DocState, type: string): string {
  const base = type.replace(/[^A-Za-z0-9_-]/g, '') || 'node';
  for (let i = 1; ; i += 1) if (!state.nodes[`${base}${i}`]) return `${base}${i}`;
}

/** A new node of a built-in type with its properties' defaults. */
export function newNode(state: DocState, type: string): UiNode {
  const defn = builtinComponent(type);
  const props: Record<string, never> = {};
  for (const p of defn?.properties ?? [])
    if (p.defaultValue !== undefined && p.type !== 'data' && p.type !== 'columns')
      (props as Record<string, unknown>)[p.name] = p.defaultValue;
  const node: UiNode = { uid: freshUid(state, type), type, props };
  if (defn?.container) node.children = [];
  return node;
}

/**
 * The uid a document path of a server issue points at (`children[0].children[2].props.data` →
 * the node there), or undefined when the path names the page (a data source, the whole document).
 */
export function uidAtPath(doc: PageDocument, path: string): string | undefined {
  let list: UiNode[] | undefined = doc.children;
  let found: string | undefined;
  const re = /^\.?(children|slots\.[A-Za-z0-9_-]+)\[(\d+)\]/;
  let rest = path;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    const node: UiNode | undefined = m[1] === 'children' ? list?.[Number(m[2])] : undefined;
    if (!node) break;
    found = node.uid;
    list = node.children;
    rest = rest.slice(m[0].length);
  }
  return found;
}
