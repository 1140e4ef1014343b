/** Blockly's built-in variable blocks: each variable is a `let` declared at the top of the body. */
import { bare } from '../escape.js';
import type { BlockGenerator } from '../walker.js';

export const variableGenerators: Record<string, BlockGenerator> = {
  variables_get: { value: (b) => b.variable('VAR') },
  variables_set: { statement: (b) => `${b.variable('VAR')} = ${bare(b.value('VALUE'))};` },
};
