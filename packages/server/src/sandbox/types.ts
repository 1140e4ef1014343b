/**
 * The sandbox API (binding for the cloud-code parts; /work/helpers/CLOUDCODE-CONTRACT.md §1).
 * Developer code runs in isolated-vm isolates inside a separate process (docs/decisions/0045).
 */

/** Per-call limits. Defaults 10 000 ms and 64 MB; memory at most 128 MB (`normaliseLimits`). */
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

/** Host side of the bridge. Every op the code calls arrives here; the cloud-code module implements the ops. */
export type BridgeFn = (op: string, args: unknown) => Promise<unknown>;

/** A deployed bundle: one esbuild IIFE script. The sandbox caches compiled code per deploymentId. */
export interface CodeRef {
  appId: string;
  deploymentId: string;
  code: string;
}

/** One configuration item a service declared (`addService(Class, configItems)`): as written, plus its order. */
export interface ConfigItemDeclaration {
  name: string;
  type?: string;
  order: number;
  [key: string]: unknown;
}

/** What the code registered when run once (Backendless.ServerCode.* and basalt.register*). */
export interface Registration {
  /** Class name; own prototype methods; parameter names. */
  services: {
    name: string;
    methods: { name: string; params: string[] }[];
    /** `Class.version` when the class has one (the runner's default is 1.0.0: the caller decides). */
    version?: string;
    /** `Class.description` when given. */
    description?: string;
    /** Config items given as `addService`'s second argument. */
    configItems?: ConfigItemDeclaration[];
  }[];
  /**
   * provider: 'data' | 'user' | 'file' | 'messaging' | 'cache' | 'counters' | 'media' | 'geo' | 'custom';
   * event: the runner's event name ('beforeCreate'); target '*' when none was given;
   * custom events: provider 'custom', event 'execute', target = the event's name.
   */
  handlers: { provider: string; event: string; target: string; async: boolean }[];
  /** startDate/expire in epoch ms; frequency as written ({schedule, repeat}). */
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
  /** service: positional argument list (array); handler: { req, res? }; timer: {}; event: { args } */
  payload: unknown;
  /**
   * JSON: { appId, userId, userToken, userRoles, httpHeaders, httpQueryParams, httpPathParams, httpPath,
   * configurationItems, ... } — seen as this.request.context / req.context / basalt.context
   */
  context: Record<string, unknown>;
  limits: SandboxLimits;
  bridge: BridgeFn;
  onLog?: (line: LogLine) => void;
}

/**
 * service/event/timer: { value } (undefined → null).
 * handler: { req, res, value } — req/res as the code left them (before-handlers may change req.item etc.),
 * value = what the handler returned (undefined when it returned nothing; a non-undefined value of a
 * before-handler is a premature result).
 */
export interface InvokeResult {
  value: unknown;
  req?: unknown;
  res?: unknown;
  cpuMs?: number;
  durationMs: number;
}

export interface Sandbox {
  /** Runs the bundle once with registration stubs (2 s at most) and answers what it registered. */
  analyse(code: CodeRef, limits?: Partial<SandboxLimits>): Promise<Registration>;
  invoke(req: InvokeRequest): Promise<InvokeResult>;
  close(): Promise<void>;
}
