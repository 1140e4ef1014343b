/** Blockly's built-in text blocks. */
import { asText, stringLiteral } from '../escape.js';
import type { BlockGenerator } from '../walker.js';

export const textGenerators: Record<string, BlockGenerator> = {
  text: { value: (b) => stringLiteral(b.text('TEXT')) },
  text_join: {
    value: (b) => {
      const n = b.count('itemCount');
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(b.optionalValue(`ADD${i}`) ?? "''");
      return `[${parts.join(', ')}].join('')`;
    },
  },
  text_length: { value: (b) => `${b.helper('$b_length')}(${b.value('VALUE')})` },
  text_isEmpty: { value: (b) => `(${b.helper('$b_length')}(${b.value('VALUE')}) === 0)` },
  text_indexOf: {
    // Positions count from 1; 0 means not found (Blockly's meaning).
    value: (b) => {
      const fn = b.option('END', ['FIRST', 'LAST']) === 'FIRST' ? 'indexOf' : 'lastIndexOf';
      return `(${asText(b.value('VALUE'))}.${fn}(${asText(b.value('FIND'))}) + 1)`;
    },
  },
  text_changeCase: {
    value: (b) => {
      const mode = b.option('CASE', ['UPPERCASE', 'LOWERCASE', 'TITLECASE']);
      const t = b.value('TEXT');
      if (mode === 'TITLECASE') return `${b.helper('$b_titleCase')}(${t})`;
      return `${asText(t)}.${mode === 'UPPERCASE' ? 'toUpperCase' : 'toLowerCase'}()`;
    },
  },
};
