/** Cache and counter blocks. */
import { asText, asNumber } from '../escape.js';
import {
  entry,
  HUE,
  numberShadow,
  statementBlock,
  textShadow,
  valueBlock,
  valueInput,
  type BlockSet,
} from './common.js';
import type { BlockReader } from '../walker.js';

const key = (b: BlockReader) => `${asText(b.value('KEY', 'key'))}`;
const counter = (b: BlockReader) => `basalt.counters.of(${asText(b.value('NAME', 'counter name'))})`;

export const cacheBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_cache_get',
      'cached value of key %1',
      [valueInput('KEY', 'String')],
      null,
      HUE.cache,
      'The value kept in the cache under this key (null when there is none).',
    ),
    statementBlock(
      'basalt_cache_put',
      'cache key %1 value %2 for seconds %3',
      [valueInput('KEY', 'String'), valueInput('VALUE'), valueInput('TTL', 'Number')],
      HUE.cache,
      'Keeps a value in the cache; seconds is optional (the server default when empty).',
    ),
    statementBlock(
      'basalt_cache_remove',
      'remove cache key %1',
      [valueInput('KEY', 'String')],
      HUE.cache,
      'Removes a key from the cache.',
    ),
    valueBlock(
      'basalt_counter_increment',
      'increment counter %1 and get',
      [valueInput('NAME', 'String')],
      'Number',
      HUE.cache,
      'Adds one to an atomic counter and answers its new value.',
    ),
    valueBlock(
      'basalt_counter_get',
      'value of counter %1',
      [valueInput('NAME', 'String')],
      'Number',
      HUE.cache,
      'The current value of an atomic counter.',
    ),
  ],
  generators: {
    basalt_cache_get: { value: (b) => `(await basalt.cache.get(${key(b)}))` },
    basalt_cache_put: {
      statement: (b) => {
        const ttl = b.optionalValue('TTL');
        return `await basalt.cache.put(${key(b)}, ${b.value('VALUE', 'value')}${ttl === undefined ? '' : `, ${asNumber(ttl)}`});`;
      },
    },
    basalt_cache_remove: { statement: (b) => `await basalt.cache.delete(${key(b)});` },
    basalt_counter_increment: { value: (b) => `(await ${counter(b)}.incrementAndGet())` },
    basalt_counter_get: { value: (b) => `(await ${counter(b)}.get())` },
  },
  toolbox: [
    entry('basalt_cache_get', { KEY: textShadow('key') }),
    entry('basalt_cache_put', { KEY: textShadow('key'), TTL: numberShadow(60) }),
    entry('basalt_cache_remove', { KEY: textShadow('key') }),
    entry('basalt_counter_increment', { NAME: textShadow('counter') }),
    entry('basalt_counter_get', { NAME: textShadow('counter') }),
  ],
};
