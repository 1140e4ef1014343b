import type { FlowElement } from '@basalt/shared';
import type { ServerContext } from '../../../../context.js';
import type { AppCaller } from '../../../../http/app-auth.js';
import type { AppData } from '../../../appapi/data-access.js';

/** A loop's progress, by the loop element's id. */
export interface LoopState {
  /** The iteration running (0-based). */
  index: number;
  /** A list iterator's items, fixed when the loop was entered. */
  items?: unknown[];
}

/** What an element may change in its instance's state (merged key by key into it). */
export interface StatePatch {
  vars?: Record<string, unknown>;
  /** A loop set to null has ended. */
  loops?: Record<string, LoopState | null>;
  joins?: Record<string, number>;
  name?: string;
}

/** What running one element came to. */
export type Outcome =
  | {
      kind: 'done';
      output: unknown;
      /** The port the instance goes on from; several start parallel branches. */
      port: string | string[];
      state?: StatePatch;
      /** The loop frames the next tokens carry (default: the running token's). */
      frames?: string[];
    }
  /** The token ends here without a step row (a synchronize still waiting for other branches). */
  | { kind: 'absorb'; state: StatePatch }
  /** Run again at `dueAt`; `memo` comes back as `ElementRun.memo` (what the element started). */
  | { kind: 'wait'; dueAt: number; memo?: unknown }
  | { kind: 'fail'; code: string; message: string }
  | { kind: 'return'; values: unknown };

/** One element's run: its config with every template filled, and where it runs. */
export interface ElementRun {
  appId: string;
  executionId: string;
  element: FlowElement;
  config: Record<string, unknown>;
  /** Set when the element started waiting earlier (a delay being resumed). */
  waitingSince?: number;
  /** What activated a mid-flow wait (its data), once it came. */
  event?: unknown;
  /** The trigger's data, for trigger elements. */
  trigger: unknown;
  /** A key unique to this step of this instance, stable across repeats of the same step. */
  stepKey: string;
  now: number;
  /** What the element's last `wait` outcome kept. */
  memo?: unknown;
  /** The loops the running token is inside, outermost first (ids of loop elements). */
  frames: string[];
  /** The instance's loops, joins and variables as they are before this step. */
  state: { vars: Record<string, unknown>; loops: Record<string, LoopState>; joins: Record<string, number> };
  /** How many transitions lead into this element (a synchronize waits for that many tokens). */
  incoming: number;
  /** What templates read, for elements that evaluate expressions of their own (the transformer). */
  scope: Record<string, unknown>;
  flowId: string;
}

/** What every element runner may use: the server and the app API's data service as server code. */
export interface ElementKit {
  ctx: ServerContext;
  data: AppData;
  caller(appId: string): Promise<AppCaller>;
  /** Flows starting flows (call flow, sub flow) and the per-flow shared memory. */
  flows: FlowCalls;
  /** An API service's method called by name (cloud code's invoke path). */
  callService(caller: AppCaller, service: string, method: string, args: unknown): Promise<unknown>;
}

/** What call flow and sub flow need of the engine, and the shared memory's store. */
export interface FlowCalls {
  /**
   * Starts a LIVE flow with an API trigger (named by name or id) once per `key`: a repeated step
   * with the same key answers the instance its first run started.
   */
  start(appId: string, flow: string, data: unknown, key: string): Promise<string>;
  /** An instance's status and outcome. */
  outcome(executionId: string): Promise<{ status: string; result: unknown; error: unknown } | undefined>;
  /**
   * How many instances deep an instance is in a chain of flows started by call flow or sub flow
   * (1 for one started by anything else), counted up to `upTo`.
   */
  callDepth(executionId: string, upTo: number): Promise<number>;
  sharedGet(flowId: string, key: string, now: number): Promise<unknown>;
  sharedSet(flowId: string, appId: string, key: string, value: unknown, expiresAt: number | null): Promise<void>;
}

export type Rec = Record<string, unknown>;
export const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** A config check: the fault's wording (after the type's name), or undefined when fine. */
export type Check = (config: Rec) => string | undefined;

/** One element type: its config checks, the ports it may leave from, and its runner. */
export interface ElementSpec {
  checks: Check[];
  /** Ports a transition may leave from (some depend on the config); every element but a return also has `error`. */
  ports: string[] | ((config: Rec) => string[]);
  /** Config keys left as they are: not filled as `{{ }}` templates (a JSONata expression). */
  raw?: string[];
  run(r: ElementRun, kit: ElementKit): Promise<Outcome> | Outcome;
}

export const str =
  (key: string): Check =>
  (c) =>
    typeof c[key] === 'string' && c[key] ? undefined : `needs '${key}'`;
export const present =
  (key: string): Check =>
  (c) =>
    c[key] === undefined ? `needs '${key}'` : undefined;
export const obj =
  (key: string): Check =>
  (c) =>
    isRec(c[key]) ? undefined : `needs '${key}' as an object`;
export const oneOf =
  (key: string, allowed: string[]): Check =>
  (c) =>
    allowed.includes(String(c[key])) ? undefined : `'${key}' must be one of ${allowed.join(', ')}`;

export const done = (output: unknown, port = 'out'): Outcome => ({ kind: 'done', output, port });
export const fail = (code: string, message: string): Outcome => ({ kind: 'fail', code, message });
