/** Blockly's built-in loop blocks. */
import { asNumber, bare } from '../escape.js';
import type { BlockGenerator } from '../walker.js';

export const loopGenerators: Record<string, BlockGenerator> = {
  controls_repeat_ext: {
    statement: (b) => {
      const i = b.temp('i');
      const n = b.temp('n');
      const times = b.value('TIMES');
      return `for (let ${i} = 0, ${n} = ${asNumber(times)}; ${i} < ${n}; ${i}++) {\n${b.loopBody('DO')}\n}`;
    },
  },
  controls_whileUntil: {
    statement: (b) => {
      const cond = b.value('BOOL');
      const test = b.option('MODE', ['WHILE', 'UNTIL']) === 'WHILE' ? bare(cond) : `!${cond}`;
      return `while (${test}) {\n${b.loopBody('DO')}\n}`;
    },
  },
  controls_for: {
    // Counts up or down as FROM and TO say, by the size of BY (Blockly's meaning).
    statement: (b) => {
      const v = b.variable('VAR');
      const [from, to, step, up] = [b.temp('from'), b.temp('to'), b.temp('step'), b.temp('up')];
      return [
        `{`,
        `  const ${from} = ${asNumber(b.value('FROM'))}, ${to} = ${asNumber(b.value('TO'))};`,
        `  const ${step} = Math.abs(${asNumber(b.value('BY'))}) || 1, ${up} = ${from} <= ${to};`,
        `  for (${v} = ${from}; ${up} ? ${v} <= ${to} : ${v} >= ${to}; ${v} += ${up} ? ${step} : -${step}) {`,
        b.loopBody('DO').replace(/^(?=.)/gm, '  '),
        `  }`,
        `}`,
      ].join('\n');
    },
  },
  controls_forEach: {
    statement: (b) => {
      const v = b.variable('VAR');
      return `for (${v} of ${b.helper('$b_array')}(${b.value('LIST')})) {\n${b.loopBody('DO')}\n}`;
    },
  },
  controls_flow_statements: {
    statement: (b) => {
      const flow = b.option('FLOW', ['BREAK', 'CONTINUE']);
      if (b.walk.loopDepth === 0) b.fail(`${flow.toLowerCase()} is only allowed inside a loop`);
      return flow === 'BREAK' ? 'break;' : 'continue;';
    },
  },
};
