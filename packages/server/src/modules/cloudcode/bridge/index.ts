import type { ServerContext } from '../../../context.js';
import type { CodeCaller } from '../runtime/invoke.js';
import type { BridgeFn } from '../runtime/sandbox-port.js';

/**
 * The host side of the sandbox bridge (contract §1): every API call the code makes arrives here as
 * `(op, args)` and goes through the same services and permission engine as REST, as the caller
 * plus `ServerCodeUser`. Unknown ops answer an error inside the code.
 */
export function createBridge(
  _ctx: ServerContext,
  _appId: string,
  _caller: CodeCaller | null,
  _depth: number,
): BridgeFn {
  return async (op) => {
    throw new Error(`Unknown operation ${op}`);
  };
}
