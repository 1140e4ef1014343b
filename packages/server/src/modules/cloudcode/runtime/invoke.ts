import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { Caller } from '../../security/permission-engine.js';
import { DEFAULT_LIMITS, normaliseLimits } from '../../../sandbox/index.js';
import { activeDeployment } from './active-deployment.js';
import { sandbox } from './sandbox-holder.js';
import type { BridgeFn, InvokeResult, LogLine, SandboxLimits, Target } from './sandbox-port.js';

export { DEFAULT_LIMITS };

/** Cloud code calling APIs that run cloud code again stops at this depth. */
export const MAX_DEPTH = 4;

/**
 * Who a piece of cloud code runs for: the app caller (user and roles of the request that started
 * it), or null for a timer. Code always also gets the `ServerCodeUser` role.
 */
export type CodeCaller = Caller & {
  /** The caller's `user-token`, passed to the code as `context.userToken`. */
  token?: string | null;
  /** How many invocations deep this call already is (0 for a request from outside). */
  depth?: number;
};

export interface InvokeOptions {
  deploymentId: string;
  /** More context for the code: `httpHeaders`, `httpQueryParams`, `httpPathParams`, `httpPath`, `configurationItems` ... */
  context?: Record<string, unknown>;
  limits?: Partial<SandboxLimits>;
  /** Where the code's log lines go; the registered log sink when absent. */
  onLog?: (line: LogLine) => void;
}

/** Builds the host side of the bridge for one invocation (bridge/index.ts, set by the module). */
export type BridgeFactory = (ctx: ServerContext, appId: string, caller: CodeCaller | null, depth: number) => BridgeFn;
let bridgeFactory: BridgeFactory | undefined;

export function setBridgeFactory(factory: BridgeFactory): void {
  bridgeFactory = factory;
}

type LogSink = (appId: string, line: LogLine) => void;
let logSink: LogSink | undefined;

/** A sink other than the server's (`ctx.cloudLogs`) for invocations without their own `onLog` (tests). */
export function setLogSink(sink: LogSink | undefined): void {
  logSink = sink;
}

/** What ran, as log lines name it: `Service.method`, `provider.event target`, the timer or event name. */
function nameOf(t: Target): string {
  switch (t.kind) {
    case 'service':
      return `${t.service}.${t.method}`;
    case 'handler':
      return `${t.provider}.${t.event} ${t.target}`;
    default:
      return t.name;
  }
}

/**
 * Runs one target of a deployment as `caller` (plus `ServerCodeUser`): builds the context the code
 * reads (`this.request.context`, `req.context`, `basalt.context`) and the bridge its API calls go
 * through, and calls the sandbox. Handlers, timers and logs use this instead of the sandbox itself.
 */
export async function invokeAs(
  ctx: ServerContext,
  appId: string,
  caller: CodeCaller | null,
  target: Target,
  payload: unknown,
  opts: InvokeOptions,
): Promise<InvokeResult> {
  const depth = (caller?.depth ?? 0) + 1;
  if (depth > MAX_DEPTH)
    throw ApiError.badRequest(`Cloud code called cloud code more than ${MAX_DEPTH} levels deep; the call was stopped`);
  const code = await activeDeployment(ctx, appId, opts.deploymentId);
  const limits: SandboxLimits = normaliseLimits(opts.limits);
  if (!bridgeFactory) throw new ApiError('SERVICE_UNAVAILABLE', 'Cloud code is not running');
  const context: Record<string, unknown> = {
    appId,
    userId: caller?.userId ?? null,
    userToken: caller?.token ?? null,
    userRoles: (caller?.roles ?? []).map((r) => r.name),
    ...opts.context,
  };
  const sink = logSink;
  const onLog =
    opts.onLog ??
    (sink
      ? (line: LogLine) => sink(appId, line)
      : ctx.cloudLogs?.forInvocation(appId, { kind: target.kind, name: nameOf(target) }));
  return sandbox().invoke({
    code,
    target,
    payload,
    context,
    limits,
    bridge: bridgeFactory(ctx, appId, caller, depth),
    onLog,
  });
}
