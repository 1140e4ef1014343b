/** Blockly's built-in math blocks. */
import { asNumber } from '../escape.js';
import type { BlockGenerator } from '../walker.js';

const SINGLE = {
  ROOT: 'Math.sqrt',
  ABS: 'Math.abs',
  NEG: '',
  LN: 'Math.log',
  LOG10: 'Math.log10',
  EXP: 'Math.exp',
  POW10: '',
} as const;
const ROUND = { ROUND: 'Math.round', ROUNDUP: 'Math.ceil', ROUNDDOWN: 'Math.floor' } as const;

export const mathGenerators: Record<string, BlockGenerator> = {
  math_number: { value: (b) => b.number('NUM') },
  math_arithmetic: {
    value: (b) => {
      const op = b.option('OP', ['ADD', 'MINUS', 'MULTIPLY', 'DIVIDE', 'POWER']);
      const [a, c] = [b.value('A'), b.value('B')];
      if (op === 'POWER') return `Math.pow(${a}, ${c})`;
      return `(${a} ${{ ADD: '+', MINUS: '-', MULTIPLY: '*', DIVIDE: '/' }[op]} ${c})`;
    },
  },
  math_single: {
    value: (b) => {
      const op = b.option('OP', Object.keys(SINGLE) as (keyof typeof SINGLE)[]);
      const n = b.value('NUM');
      if (op === 'NEG') return `(-${n})`;
      return op === 'POW10' ? `Math.pow(10, ${n})` : `${SINGLE[op]}(${n})`;
    },
  },
  math_round: {
    value: (b) => `${ROUND[b.option('OP', Object.keys(ROUND) as (keyof typeof ROUND)[])]}(${b.value('NUM')})`,
  },
  math_modulo: { value: (b) => `(${b.value('DIVIDEND')} % ${b.value('DIVISOR')})` },
  math_random_int: { value: (b) => `${b.helper('$b_randomInt')}(${b.value('FROM')}, ${b.value('TO')})` },
  math_change: {
    // A variable that does not hold a number yet counts from 0 (Blockly's meaning).
    statement: (b) => {
      const v = b.variable('VAR');
      return `${v} = (typeof ${v} === 'number' ? ${v} : 0) + ${asNumber(b.value('DELTA'))};`;
    },
  },
};
