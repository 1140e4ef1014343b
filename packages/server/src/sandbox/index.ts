/**
 * The cloud-code sandbox (docs/decisions/0045): developer code runs in isolated-vm isolates inside
 * a separate process the server forks and supervises. The API is binding for the cloud-code
 * module (/work/helpers/CLOUDCODE-CONTRACT.md §1).
 */
export type {
  SandboxLimits,
  LogLine,
  BridgeFn,
  CodeRef,
  Registration,
  Target,
  InvokeRequest,
  InvokeResult,
  Sandbox,
  ConfigItemDeclaration,
} from './types.js';
export { createSandbox, type SupervisedSandbox } from './supervisor.js';
export { OPS, isOp, type Op, type OpArgs, type DataQuery, type RelationArgs, type EmailBody } from './ops.js';
export { DEFAULT_LIMITS, MAX_MEMORY_MB, ANALYSE_TIMEOUT_MS, normaliseLimits } from './limits.js';
export { PRELUDE_DECLARATIONS } from './declarations.js';
