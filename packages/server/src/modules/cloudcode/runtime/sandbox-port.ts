/*
 * The sandbox's interface as the cloud-code contract (§1) fixes it. Until the sandbox lands this is
 * the module's own copy; afterwards these names are re-exported from `src/sandbox/index.ts`.
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryMb: number;
}
export interface LogLine {
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  logger: string;
  message: string;
  ts: number;
}
export type BridgeFn = (op: string, args: unknown) => Promise<unknown>;
export interface CodeRef {
  appId: string;
  deploymentId: string;
  code: string;
}
export interface Registration {
  services: { name: string; methods: { name: string; params: string[] }[] }[];
  handlers: { provider: string; event: string; target: string; async: boolean }[];
  timers: { name: string; startDate?: number; expire?: number; frequency?: unknown }[];
}
export type Target =
  | { kind: 'service'; service: string; method: string }
  | { kind: 'handler'; provider: string; event: string; target: string }
  | { kind: 'timer'; name: string }
  | { kind: 'event'; name: string };
export interface InvokeRequest {
  code: CodeRef;
  target: Target;
  payload: unknown;
  context: Record<string, unknown>;
  limits: SandboxLimits;
  bridge: BridgeFn;
  onLog?: (line: LogLine) => void;
}
export interface InvokeResult {
  value: unknown;
  req?: unknown;
  res?: unknown;
  cpuMs?: number;
  durationMs: number;
}
export interface Sandbox {
  analyse(code: CodeRef, limits?: Partial<SandboxLimits>): Promise<Registration>;
  invoke(req: InvokeRequest): Promise<InvokeResult>;
  close(): Promise<void>;
}
