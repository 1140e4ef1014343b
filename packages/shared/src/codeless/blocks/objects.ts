/** Object blocks: make, read and change plain objects, and JSON text. */
import { asText } from '../escape.js';
import { entry, HUE, statementBlock, textShadow, valueBlock, valueInput, type BlockSet } from './common.js';

export const objectBlocks: BlockSet = {
  definitions: [
    valueBlock('basalt_object_new', 'new object', [], 'Object', HUE.objects, 'An empty object.'),
    valueBlock(
      'basalt_object_get',
      'property %2 of %1',
      [valueInput('OBJECT'), valueInput('KEY', 'String')],
      null,
      HUE.objects,
      'A property of an object (null when it has none).',
    ),
    statementBlock(
      'basalt_object_set',
      'set property %2 of %1 to %3',
      [valueInput('OBJECT', 'Object'), valueInput('KEY', 'String'), valueInput('VALUE')],
      HUE.objects,
      'Sets a property of an object.',
    ),
    valueBlock(
      'basalt_object_from_json',
      'object from JSON %1',
      [valueInput('TEXT', 'String')],
      null,
      HUE.objects,
      'Parses JSON text.',
    ),
    valueBlock(
      'basalt_object_to_json',
      'JSON of %1',
      [valueInput('OBJECT')],
      'String',
      HUE.objects,
      'The JSON text of a value.',
    ),
  ],
  generators: {
    basalt_object_new: { value: () => '({})' },
    basalt_object_get: {
      value: (b) => `${b.helper('$b_get')}(${b.value('OBJECT', 'object')}, ${b.value('KEY', 'property')})`,
    },
    basalt_object_set: {
      statement: (b) =>
        `${b.helper('$b_set')}(${b.value('OBJECT', 'object')}, ${b.value('KEY', 'property')}, ${b.value('VALUE', 'value')});`,
    },
    basalt_object_from_json: { value: (b) => `JSON.parse(${asText(b.value('TEXT', 'JSON text'))})` },
    basalt_object_to_json: { value: (b) => `JSON.stringify(${b.value('OBJECT', 'value')})` },
  },
  toolbox: [
    entry('basalt_object_new'),
    entry('basalt_object_get', { KEY: textShadow('name') }),
    entry('basalt_object_set', { KEY: textShadow('name') }),
    entry('basalt_object_from_json', { TEXT: textShadow('{}') }),
    entry('basalt_object_to_json'),
  ],
};
