import type { SandboxLimits } from './types.js';

/** Defaults of a call's limits (research note §4.2): 10 s, 64 MB. */
export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 10_000, memoryMb: 64 };
/** Memory above this has aborted the whole process in V8's out-of-memory path (research note §0). */
export const MAX_MEMORY_MB = 128;
/** isolated-vm refuses smaller isolates. */
export const MIN_MEMORY_MB = 8;
/** A call may ask for at most this long. */
export const MAX_TIMEOUT_MS = 5 * 60_000;
/** analyse() runs the bundle's top level with at most this long. */
export const ANALYSE_TIMEOUT_MS = 2000;

/** The limits a call runs with: missing or nonsensical values fall back to the defaults, the rest is clamped. */
export function normaliseLimits(l?: Partial<SandboxLimits>): SandboxLimits {
  const t = Number(l?.timeoutMs);
  const m = Number(l?.memoryMb);
  return {
    timeoutMs: Number.isFinite(t) && t > 0 ? Math.min(Math.round(t), MAX_TIMEOUT_MS) : DEFAULT_LIMITS.timeoutMs,
    memoryMb:
      Number.isFinite(m) && m > 0
        ? Math.min(Math.max(Math.round(m), MIN_MEMORY_MB), MAX_MEMORY_MB)
        : DEFAULT_LIMITS.memoryMb,
  };
}
