import { WhereSyntaxError, parseWhere, type Condition } from '@basalt/shared';

/** Clause texts shorter than this parse in well under a millisecond: not worth remembering. */
export const LONG_CLAUSE = 1_000;
/** Refused texts kept, all apps together; the oldest goes first. */
const MAX_REFUSED = 64;
/**
 * Trees of valid texts kept, all apps together, and the characters of their texts together: a
 * tree of 10,000 IN values is about a megabyte, so this memory stays within a few dozen.
 */
const MAX_TREES = 32;
const MAX_TREE_CHARS = 2_000_000;

/**
 * Long where and having texts parsed lately: the error the parser gave for a refused one, the tree
 * of a valid one. One request reads its where several times (for the tables its relation paths
 * reach, to check the clauses of a caller who may read no row, to compile its count and then each
 * page of a bulk update or delete), and a text of hundreds of thousands of characters (an IN list
 * of 10,000 values, a chain of 1,000 comparisons) costs milliseconds of event loop each time,
 * again for every request that repeats it. The parser has no state and no clock, so the same
 * text always gives the same error or an equal tree: it is answered from here without reading
 * the text (decisions 0031 and 0044).
 *
 * Valid trees are shared by every caller of the same text, so they are frozen (every node) before
 * they are kept: nothing downstream can change one caller's tree under another. A tree holds only
 * what the caller wrote; the permission scope is never part of it (it is compiled beside it, as
 * tree nodes of its own: `(scope) and (caller)`), so sharing one says nothing about anyone's rows.
 */
const refused = new Map<string, WhereSyntaxError>();
const trees = new Map<string, Condition | null>();
let treeChars = 0;

/** Freezes every object of a parsed tree (arrays of IN values and paths included). */
function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const k of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[k];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return value;
}

function keepTree(text: string, tree: Condition | null): void {
  if (text.length > MAX_TREE_CHARS) return;
  while (trees.size >= MAX_TREES || (trees.size && treeChars + text.length > MAX_TREE_CHARS)) {
    const oldest = trees.keys().next().value!;
    trees.delete(oldest);
    treeChars -= oldest.length;
  }
  trees.set(text, tree);
  treeChars += text.length;
}

/**
 * `parseWhere`, answered from memory for long texts seen lately. The tree of a long text is frozen
 * (see above); a short text gets a fresh tree of its own each time.
 */
export function parseWhereOnce(text: string | null | undefined): Condition | null {
  if (typeof text !== 'string' || text.length < LONG_CLAUSE) return parseWhere(text);
  const known = refused.get(text);
  if (known) throw known;
  if (trees.has(text)) {
    const tree = trees.get(text)!;
    // Most recently used last: the oldest goes first when room is needed.
    trees.delete(text);
    trees.set(text, tree);
    return tree;
  }
  let tree: Condition | null;
  try {
    tree = parseWhere(text);
  } catch (err) {
    if (err instanceof WhereSyntaxError) {
      if (refused.size >= MAX_REFUSED) refused.delete(refused.keys().next().value!);
      refused.set(text, err);
    }
    throw err;
  }
  keepTree(text, deepFreeze(tree));
  return tree;
}

/**
 * For a long where text: parses it now (or finds it remembered) and then gives the event loop a
 * turn, so that reading a long clause and compiling it are two short holds of the loop instead of
 * one long one, and other requests are answered in between (decision 0044). Short texts return at
 * once, without a turn: the typical query pays nothing. A refused text is refused later, when the
 * query is compiled, with the clause it belongs to named.
 */
export async function parsedApart(text: string | null | undefined): Promise<void> {
  if (typeof text !== 'string' || text.length < LONG_CLAUSE) return;
  try {
    parseWhereOnce(text);
  } catch {
    // Refused when compiled.
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
}
