/** Every block the codeless language knows: Basalt's own (with definitions) and the supported built-ins. */
import { cacheBlocks } from './blocks/cache.js';
import type { BlockSet, Json } from './blocks/common.js';
import { contextBlocks } from './blocks/context.js';
import { controlBlocks } from './blocks/control.js';
import { dataBlocks } from './blocks/data.js';
import { entryDefinition } from './blocks/entry.js';
import { fileBlocks } from './blocks/files.js';
import { functionBlocks } from './blocks/functions.js';
import { httpBlocks } from './blocks/http.js';
import { listGenerators } from './blocks/lists.js';
import { logicGenerators } from './blocks/logic.js';
import { loggingBlocks } from './blocks/logging.js';
import { loopGenerators } from './blocks/loops.js';
import { mathGenerators } from './blocks/math.js';
import { messagingBlocks } from './blocks/messaging.js';
import { objectBlocks } from './blocks/objects.js';
import { serviceBlocks } from './blocks/services.js';
import { textGenerators } from './blocks/text.js';
import { userBlocks } from './blocks/users.js';
import { variableGenerators } from './blocks/variables.js';
import type { BlockGenerator } from './walker.js';

/** Basalt's block sets by toolbox category. */
export const BASALT_SETS = {
  data: dataBlocks,
  users: userBlocks,
  files: fileBlocks,
  messaging: messagingBlocks,
  cache: cacheBlocks,
  context: contextBlocks,
  objects: objectBlocks,
  control: controlBlocks,
  http: httpBlocks,
  services: serviceBlocks,
  functions: functionBlocks,
  logging: loggingBlocks,
} satisfies Record<string, BlockSet>;

const BUILTIN_GENERATORS: Record<string, BlockGenerator> = {
  ...logicGenerators,
  ...loopGenerators,
  ...mathGenerators,
  ...textGenerators,
  ...listGenerators,
  ...variableGenerators,
};

const sets = Object.values(BASALT_SETS) as BlockSet[];

/** Generators by block type (the entry block is handled by the generator itself). */
export const GENERATORS: Readonly<Record<string, BlockGenerator>> = Object.freeze(
  Object.assign(
    Object.create(null) as Record<string, BlockGenerator>,
    BUILTIN_GENERATORS,
    ...sets.map((s) => s.generators),
  ),
);

/**
 * Blockly JSON block definitions (the array given to Blockly.common.defineBlocksWithJsonArray) of
 * the Basalt blocks; inputs are typed with `check` so wrong types do not snap.
 */
export const CODELESS_BLOCKS: ReadonlyArray<Record<string, unknown>> = [
  entryDefinition,
  ...sets.flatMap((s) => s.definitions),
] as Json[];

/** Built-in Blockly block types the generator supports (the toolbox offers only these + Basalt blocks). */
export const CODELESS_BUILTIN_BLOCKS: readonly string[] = Object.keys(BUILTIN_GENERATORS);
