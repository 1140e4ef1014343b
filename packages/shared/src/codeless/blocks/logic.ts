/** Blockly's built-in logic blocks (definitions come with Blockly; only their code is ours). */
import { bare } from '../escape.js';
import type { BlockGenerator } from '../walker.js';

const COMPARE = { EQ: '==', NEQ: '!=', LT: '<', LTE: '<=', GT: '>', GTE: '>=' } as const;

export const logicGenerators: Record<string, BlockGenerator> = {
  logic_boolean: { value: (b) => (b.option('BOOL', ['TRUE', 'FALSE']) === 'TRUE' ? 'true' : 'false') },
  logic_null: { value: () => 'null' },
  logic_compare: {
    value: (b) => {
      const op = b.option('OP', Object.keys(COMPARE) as (keyof typeof COMPARE)[]);
      return `(${b.value('A')} ${COMPARE[op]} ${b.value('B')})`;
    },
  },
  logic_operation: {
    value: (b) => `(${b.value('A')} ${b.option('OP', ['AND', 'OR']) === 'AND' ? '&&' : '||'} ${b.value('B')})`,
  },
  logic_negate: { value: (b) => `(!${b.value('BOOL')})` },
  logic_ternary: { value: (b) => `(${b.value('IF')} ? ${b.value('THEN')} : ${b.value('ELSE')})` },
  controls_if: {
    statement: (b) => {
      const elseIfs = b.count('elseIfCount');
      let code = '';
      for (let i = 0; i <= elseIfs; i++) {
        code += `${i ? ' else ' : ''}if (${bare(b.value(`IF${i}`))}) {\n${b.statements(`DO${i}`)}\n}`;
      }
      const hasElse = b.extra('hasElse');
      if (hasElse !== undefined && typeof hasElse !== 'boolean') b.fail('extraState hasElse must be true or false');
      if (hasElse) code += ` else {\n${b.statements('ELSE')}\n}`;
      return code;
    },
  },
};
