import type { LogLine, Registration, SandboxLimits, Target } from './types.js';

/**
 * Messages between the server (supervisor.ts) and the sandbox process (host.ts), sent over the
 * fork's IPC channel with `serialization: 'advanced'` (structured clone). Values bound for or coming
 * from an isolate travel as JSON text: the isolate side only ever sees copies.
 */

/** The bundle: `code` is sent once per process; after that the process asks for it (`need-code`) if it dropped it. */
export interface WireCode {
  appId: string;
  deploymentId: string;
  code?: string;
}

export type ToHost =
  | {
      t: 'invoke';
      id: number;
      code: WireCode;
      target: Target;
      /** JSON of the payload and of the context. */
      payload: string;
      context: string;
      limits: SandboxLimits;
    }
  | { t: 'analyse'; id: number; code: string; limits: SandboxLimits }
  /** The answer of a bridge call: `json` is the value's JSON (ok) or the error's. */
  | { t: 'bridge'; id: number; callId: number; ok: boolean; json: string }
  | { t: 'abort'; id: number }
  /** Are you there? (asked when a call was not answered in time) */
  | { t: 'ping'; seq: number };

/** A failure as the process reports it; supervisor.ts turns it into an ApiError. */
export interface WireError {
  /** reset: the app's isolate was thrown away under the call because another call of the app overran. */
  kind: 'timeout' | 'memory' | 'error' | 'rejected' | 'api' | 'not-found' | 'deploy' | 'reset';
  message: string;
  /** rejected: the developer's code; api: the registry code of a host error the code did not catch. */
  code?: string | number;
  status?: number;
  details?: Record<string, unknown>;
}

export type FromHost =
  | { t: 'ready' }
  | { t: 'pong'; seq: number }
  | { t: 'need-code'; id: number }
  | {
      t: 'result';
      id: number;
      /** JSON of `{value, req?, res?}`; `hasValue` false when a handler returned undefined. */
      json: string;
      cpuMs?: number;
    }
  | { t: 'registration'; id: number; registration: Registration }
  | { t: 'failed'; id: number; error: WireError }
  | { t: 'call'; id: number; callId: number; op: string; args: string }
  | { t: 'log'; id: number; line: LogLine };
