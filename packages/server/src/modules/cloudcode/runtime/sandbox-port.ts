/** The sandbox's interface (contract §1), as the cloud-code module uses it. */
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
} from '../../../sandbox/index.js';
