import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { CodeCaller } from '../runtime/invoke.js';
import type { BridgeFn } from '../runtime/sandbox-port.js';
import type { ServicesService } from '../services/services.service.js';
import { argsOf } from './args.js';
import { dataOps, type OpFn } from './data.ops.js';
import { miscOps } from './misc.ops.js';
import { codeOps } from './code.ops.js';
import { filesOps } from './files.ops.js';
import { messagingOps } from './messaging.ops.js';
import { principalOf, type Principal } from './principal.js';

/**
 * The host side of the sandbox bridge (contract §1): every API call the code makes arrives here as
 * `(op, args)` and goes through the same services and permission engine as REST, as the caller
 * plus `ServerCodeUser`. An unknown op or a refusal rejects inside the code (the sandbox turns the
 * thrown error into the code's exception), never the server.
 */
export function bridgeFactory(ctx: ServerContext, services: ServicesService) {
  const ops: Record<string, OpFn> = {
    ...dataOps(ctx),
    ...miscOps(ctx),
    ...filesOps(ctx),
    ...messagingOps(ctx),
    ...codeOps(ctx, services),
  };
  return (_ctx: ServerContext, appId: string, caller: CodeCaller | null, depth: number): BridgeFn => {
    let principal: Promise<Principal> | undefined;
    return async (op, raw) => {
      const fn = Object.prototype.hasOwnProperty.call(ops, op) ? ops[op] : undefined;
      if (!fn) throw ApiError.badRequest(`Unknown operation ${op}`);
      principal ??= principalOf(ctx, appId, caller, depth);
      return (await fn(await principal, argsOf(op, raw))) ?? null;
    };
  };
}
