/** The log block (it replaces Blockly's text_print, which would write to a browser). */
import { dropdown, entry, HUE, statementBlock, textShadow, valueInput, type BlockSet } from './common.js';

const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
/** The logger every codeless log line is written under. */
export const CODELESS_LOGGER = 'Codeless';

export const loggingBlocks: BlockSet = {
  definitions: [
    statementBlock(
      'basalt_log',
      'log %1 %2',
      [dropdown('LEVEL', LEVELS), valueInput('MESSAGE')],
      HUE.logging,
      'Writes a line to the app log, under the logger "Codeless".',
    ),
  ],
  generators: {
    basalt_log: {
      statement: (b) => {
        const level = b.option('LEVEL', LEVELS).toLowerCase();
        return `basalt.logging.getLogger(${JSON.stringify(CODELESS_LOGGER)}).${level}(${b.value('MESSAGE', 'message')});`;
      },
    },
  },
  toolbox: [entry('basalt_log', { MESSAGE: textShadow('') }, { LEVEL: 'INFO' })],
};
