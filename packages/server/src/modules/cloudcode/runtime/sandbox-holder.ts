import { ApiError } from '../../../http/api-error.js';
import type { Sandbox } from './sandbox-port.js';

/**
 * The process's one sandbox (forked lazily by the sandbox itself on first use). Set by the module
 * at registration; closed with the server.
 */
let current: Sandbox | undefined;

export function setSandbox(sandbox: Sandbox | undefined): void {
  current = sandbox;
}

export function sandbox(): Sandbox {
  if (!current) throw new ApiError('SERVICE_UNAVAILABLE', 'The cloud-code sandbox is not running');
  return current;
}
