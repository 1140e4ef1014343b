/**
 * Test helpers for the codeless generator: a builder for Blockly workspace JSON (complete, so that
 * Blockly saves exactly what it loads) and a runner that evaluates a generated body as the server
 * wraps it, with the real `basalt` API of the sandbox prelude over a bridge that records each call.
 */
import { buildApis, type PreludeCore } from '../../../server/src/sandbox/prelude-api.js';
import { generateCodeless } from './generate.js';
import type { CodelessBlock, CodelessKind, CodelessState } from './types.js';

let ids = 0;
type Inputs = Record<string, CodelessBlock>;

/** One block; ids are given so a Blockly round trip keeps them. */
export function blk(
  type: string,
  fields?: Record<string, unknown>,
  inputs?: Inputs,
  extraState?: unknown,
): CodelessBlock {
  const b: CodelessBlock = { type, id: `b${++ids}` };
  if (extraState !== undefined) b.extraState = extraState;
  if (fields && Object.keys(fields).length) b.fields = fields;
  if (inputs && Object.keys(inputs).length)
    b.inputs = Object.fromEntries(Object.entries(inputs).map(([k, block]) => [k, { block }]));
  return b;
}

/** Statements linked one after the other through `next`. */
export function stack(...statements: CodelessBlock[]): CodelessBlock | undefined {
  for (let i = statements.length - 2; i >= 0; i--) statements[i].next = { block: statements[i + 1] };
  return statements[0];
}

export const num = (n: number) => blk('math_number', { NUM: n });
export const txt = (s: string) => blk('text', { TEXT: s });
export const param = (name: string) => blk('basalt_context_param', { NAME: name });
export const ret = (value?: CodelessBlock) => blk('basalt_return', undefined, value ? { VALUE: value } : undefined);
export const getVar = (id: string) => blk('variables_get', { VAR: { id } });
export const setVar = (id: string, value: CodelessBlock) => blk('variables_set', { VAR: { id } }, { VALUE: value });

/** A workspace: the entry block of `kind` running `statements`, plus variables and other top blocks. */
export function workspace(
  kind: CodelessKind,
  statements: CodelessBlock[],
  opts: { variables?: Record<string, string>; others?: CodelessBlock[] } = {},
): CodelessState {
  const first = stack(...statements);
  const entry: CodelessBlock = { type: 'basalt_entry', id: `entry${++ids}`, x: 20, y: 20, fields: { KIND: kind } };
  if (first) entry.inputs = { DO: { block: first } };
  const state: CodelessState = {
    blocks: {
      languageVersion: 0,
      blocks: [entry, ...(opts.others ?? []).map((b, i) => ({ ...b, x: 400, y: 20 + 200 * i }))],
    },
  };
  if (opts.variables) state.variables = Object.entries(opts.variables).map(([id, name]) => ({ name, id }));
  return state;
}

export interface Call {
  op: string;
  args: unknown;
}

export interface RunOptions {
  params?: Record<string, unknown>;
  ctx?: Record<string, unknown>;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
  fn?: Record<string, (inputs: object) => unknown>;
  /** Answers of bridge ops, by op name. */
  answers?: Record<string, (args: any) => unknown>;
  paramNames?: string[];
}

export class FakeServerError extends Error {
  constructor(
    readonly code?: unknown,
    message?: unknown,
    readonly httpStatus?: unknown,
  ) {
    super(String(message ?? ''));
  }
}

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
  ...args: string[]
) => (...a: unknown[]) => Promise<unknown>;

/** Evaluates a generated body exactly as the server wraps it (strict mode, inside an async function). */
export async function runBody(body: string, opts: RunOptions = {}) {
  const calls: Call[] = [];
  const logs: Array<{ level: string; logger: string; message: string }> = [];
  const core: PreludeCore = {
    call: async (op, args) => {
      calls.push({ op, args });
      const answer = opts.answers?.[op];
      return answer ? answer(args) : null;
    },
    BRIDGE: Symbol('bridge'),
    log: (level, logger, message) => logs.push({ level, logger, message }),
    format: (args) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
    registerService: () => undefined,
    registerHandler: () => undefined,
    registerTimer: () => undefined,
    ServerCodeError: FakeServerError,
    context: opts.ctx ?? {},
  };
  const { basalt } = buildApis(core);
  const fn = new AsyncFunction('basalt', '$params', '$ctx', '$req', '$res', '$fn', `'use strict';\n${body}`);
  const value = await fn(basalt, opts.params ?? {}, opts.ctx ?? {}, opts.req, opts.res, opts.fn ?? {});
  return { value, calls, logs };
}

/** Generates and evaluates a workspace. */
export async function run(state: unknown, kind: CodelessKind, opts: RunOptions = {}) {
  const generated = generateCodeless(state, { kind, ...(opts.paramNames ? { params: opts.paramNames } : {}) });
  return { ...(await runBody(generated.body, opts)), generated };
}
