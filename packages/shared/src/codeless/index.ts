/** The codeless block language: block set, toolbox and the JavaScript generator. Decision 0050. */
export {
  CodelessError,
  CODELESS_KINDS,
  type CodelessBlock,
  type CodelessKind,
  type CodelessState,
  type GeneratedCode,
  type GenerateOptions,
} from './types.js';
export { generateCodeless } from './generate.js';
export { CODELESS_BLOCKS, CODELESS_BUILTIN_BLOCKS } from './registry.js';
export { codelessToolbox, emptyCodelessState, CODELESS_ENTRY_ID } from './toolbox.js';
export { CODELESS_LOGGER } from './blocks/logging.js';
export {
  MAX_BLOCKS as CODELESS_MAX_BLOCKS,
  MAX_DEPTH as CODELESS_MAX_DEPTH,
  MAX_TEXT as CODELESS_MAX_TEXT,
} from './walker.js';
