/** The library function block: calls a codeless function of the app through `$fn`. */
import { stringLiteral } from '../escape.js';
import { entry, HUE, textField, valueBlock, valueInput, type BlockSet } from './common.js';

export const functionBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_call_function',
      'call function %1 with inputs %2',
      [textField('FUNCTION', ''), valueInput('ARGS', 'Object')],
      null,
      HUE.functions,
      'Calls a function of the library with an object of inputs by name; answers what it returns.',
    ),
  ],
  generators: {
    basalt_call_function: {
      value: (b) => {
        const id = b.text('FUNCTION', { nonEmpty: true, max: 200 });
        b.walk.functions.add(id);
        return `(await ${b.helper('$b_fn')}(${stringLiteral(id)})(${b.optionalValue('ARGS') ?? '{}'}))`;
      },
    },
  },
  toolbox: [entry('basalt_call_function')],
};
