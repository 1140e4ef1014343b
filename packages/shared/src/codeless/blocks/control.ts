/** Control blocks of Basalt: return an answer, throw an error, run a value block for its effect. */
import { bare } from '../escape.js';
import { entry, HUE, numberShadow, statementBlock, textShadow, valueInput, type BlockSet } from './common.js';

export const controlBlocks: BlockSet = {
  definitions: [
    statementBlock(
      'basalt_return',
      'return %1',
      [valueInput('VALUE')],
      HUE.control,
      'Ends the logic with this answer (nothing when empty).',
      true,
    ),
    statementBlock(
      'basalt_throw_error',
      'throw error code %1 message %2 HTTP status %3',
      [valueInput('CODE', ['Number', 'String']), valueInput('MESSAGE', 'String'), valueInput('STATUS', 'Number')],
      HUE.control,
      'Ends the logic with an error the caller receives as {code, message}.',
      true,
    ),
    statementBlock(
      'basalt_evaluate',
      'run %1',
      [valueInput('VALUE')],
      HUE.control,
      'Runs a block that answers a value (a save, a service call…) and ignores the answer.',
    ),
  ],
  generators: {
    basalt_return: {
      statement: (b) => {
        const v = b.optionalValue('VALUE');
        return v === undefined ? 'return;' : `return ${bare(v)};`;
      },
    },
    basalt_throw_error: {
      statement: (b) => {
        const [code, message, status] = ['CODE', 'MESSAGE', 'STATUS'].map((k) => b.optionalValue(k) ?? 'undefined');
        return `throw new basalt.Error(${code}, ${message}, ${status});`;
      },
    },
    basalt_evaluate: { statement: (b) => `void ${b.value('VALUE', 'value')};` },
  },
  toolbox: [
    entry('basalt_return'),
    entry('basalt_throw_error', { CODE: numberShadow(400), MESSAGE: textShadow('') }),
    entry('basalt_evaluate'),
  ],
};
