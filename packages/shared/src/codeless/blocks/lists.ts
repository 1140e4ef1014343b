/** Blockly's built-in list blocks (positions count from 1, as Blockly shows them). */
import { stringLiteral } from '../escape.js';
import type { BlockGenerator, BlockReader } from '../walker.js';

const WHERE = ['FROM_START', 'FROM_END', 'FIRST', 'LAST', 'RANDOM'] as const;

/** The position input, present only for FROM_START/FROM_END. */
function at(b: BlockReader, where: (typeof WHERE)[number]): string {
  return where === 'FROM_START' || where === 'FROM_END' ? b.value('AT', 'position') : 'null';
}

function getIndex(b: BlockReader, modes: readonly ('GET' | 'GET_REMOVE' | 'REMOVE')[]): string {
  const mode = b.option('MODE', modes);
  const where = b.option('WHERE', WHERE);
  return `${b.helper('$b_listGet')}(${b.value('VALUE', 'list')}, ${stringLiteral(mode)}, ${stringLiteral(where)}, ${at(b, where)})`;
}

export const listGenerators: Record<string, BlockGenerator> = {
  lists_create_empty: { value: () => '[]' },
  lists_create_with: {
    value: (b) => {
      const n = b.count('itemCount');
      const items: string[] = [];
      for (let i = 0; i < n; i++) items.push(b.optionalValue(`ADD${i}`) ?? 'null');
      return `[${items.join(', ')}]`;
    },
  },
  lists_length: { value: (b) => `${b.helper('$b_length')}(${b.value('VALUE')})` },
  lists_isEmpty: { value: (b) => `(${b.helper('$b_length')}(${b.value('VALUE')}) === 0)` },
  lists_getIndex: {
    // "get" and "get and remove" answer the item; "remove" is the statement form of the same block.
    value: (b) => getIndex(b, ['GET', 'GET_REMOVE']),
    statement: (b) => `${getIndex(b, ['REMOVE'])};`,
  },
  lists_setIndex: {
    statement: (b) => {
      const mode = b.option('MODE', ['SET', 'INSERT']);
      const where = b.option('WHERE', WHERE);
      return `${b.helper('$b_listSet')}(${b.value('LIST', 'list')}, ${stringLiteral(mode)}, ${stringLiteral(where)}, ${at(b, where)}, ${b.value('TO', 'value')});`;
    },
  },
};
