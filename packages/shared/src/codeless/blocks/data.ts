/** Data blocks: basalt.data.of(table).save/find/findById/findFirst/count/remove. */
import { asNumber, asText, stringLiteral } from '../escape.js';
import type { BlockReader } from '../walker.js';
import {
  entry,
  HUE,
  numberShadow,
  statementBlock,
  textField,
  textShadow,
  valueBlock,
  valueInput,
  type BlockSet,
} from './common.js';

const store = (b: BlockReader) => `basalt.data.of(${stringLiteral(b.text('TABLE', { nonEmpty: true, max: 200 }))})`;

/** A query object holding only the inputs that are plugged. */
function query(b: BlockReader, inputs: Array<[input: string, key: string, convert: (code: string) => string]>): string {
  const parts: string[] = [];
  for (const [input, key, convert] of inputs) {
    const v = b.optionalValue(input);
    if (v !== undefined) parts.push(`${key}: ${convert(v)}`);
  }
  return `{ ${parts.join(', ')} }`.replace('{  }', '{}');
}

const table = textField('TABLE', 'Person');
const where = valueInput('WHERE', 'String');

export const dataBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_data_save',
      'save in table %1 the object %2',
      [table, valueInput('OBJECT', 'Object')],
      'Object',
      HUE.data,
      'Creates or updates an object (it is updated when it has an objectId); answers the saved object.',
    ),
    valueBlock(
      'basalt_data_find',
      'find in table %1 where %2 sort by %3 page size %4 offset %5',
      [
        table,
        where,
        valueInput('SORT_BY', 'String'),
        valueInput('PAGE_SIZE', 'Number'),
        valueInput('OFFSET', 'Number'),
      ],
      'Array',
      HUE.data,
      'Objects of the table matching the where clause (all when empty); sort by is a comma separated list.',
    ),
    valueBlock(
      'basalt_data_find_by_id',
      'find in table %1 by objectId %2',
      [table, valueInput('ID', 'String')],
      'Object',
      HUE.data,
      'The object with this objectId.',
    ),
    valueBlock(
      'basalt_data_find_first',
      'find first in table %1 where %2',
      [table, where],
      'Object',
      HUE.data,
      'The first object matching the where clause (the oldest when empty).',
    ),
    valueBlock(
      'basalt_data_count',
      'count in table %1 where %2',
      [table, where],
      'Number',
      HUE.data,
      'How many objects match the where clause (all when empty).',
    ),
    statementBlock(
      'basalt_data_remove',
      'remove from table %1 the object or objectId %2',
      [table, valueInput('OBJECT', ['Object', 'String'])],
      HUE.data,
      'Deletes an object, given as the object or its objectId.',
    ),
  ],
  generators: {
    basalt_data_save: { value: (b) => `(await ${store(b)}.save(${b.value('OBJECT', 'object')}))` },
    basalt_data_find: {
      value: (b) =>
        `(await ${store(b)}.find(${query(b, [
          ['WHERE', 'where', asText],
          ['SORT_BY', 'sortBy', asText],
          ['PAGE_SIZE', 'pageSize', asNumber],
          ['OFFSET', 'offset', asNumber],
        ])}))`,
    },
    basalt_data_find_by_id: { value: (b) => `(await ${store(b)}.findById(${asText(b.value('ID', 'objectId'))}))` },
    basalt_data_find_first: {
      value: (b) => `(await ${store(b)}.findFirst(${query(b, [['WHERE', 'where', asText]])}))`,
    },
    basalt_data_count: { value: (b) => `(await ${store(b)}.count(${query(b, [['WHERE', 'where', asText]])}))` },
    basalt_data_remove: { statement: (b) => `await ${store(b)}.remove(${b.value('OBJECT', 'object')});` },
  },
  toolbox: [
    entry('basalt_data_save'),
    entry('basalt_data_find', { WHERE: textShadow(''), PAGE_SIZE: numberShadow(10) }),
    entry('basalt_data_find_by_id'),
    entry('basalt_data_find_first', { WHERE: textShadow('') }),
    entry('basalt_data_count', { WHERE: textShadow('') }),
    entry('basalt_data_remove'),
  ],
};
