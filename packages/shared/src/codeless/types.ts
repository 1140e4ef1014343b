/**
 * Types of the codeless block language: the JSON Blockly saves for a workspace, what the generator is
 * asked for and what it answers. Decision 0050.
 */

/** Blockly's JSON serialisation of a workspace (Blockly.serialization.workspaces.save). */
export interface CodelessState {
  blocks?: { languageVersion?: number; blocks: CodelessBlock[] };
  variables?: Array<{ name: string; id: string; type?: string }>;
}

export interface CodelessBlock {
  type: string;
  id?: string;
  x?: number;
  y?: number;
  /** Field values by name; a variable field is `{ id }` (or `{ id, name, type }` when fully serialised). */
  fields?: Record<string, unknown>;
  inputs?: Record<string, { block?: CodelessBlock; shadow?: CodelessBlock }>;
  next?: { block?: CodelessBlock; shadow?: CodelessBlock };
  /** e.g. controls_if {elseIfCount, hasElse}, text_join {itemCount}. */
  extraState?: unknown;
  [k: string]: unknown;
}

export type CodelessKind = 'method' | 'handler' | 'timer' | 'event' | 'function';

export const CODELESS_KINDS: readonly CodelessKind[] = ['method', 'handler', 'timer', 'event', 'function'];

export interface GenerateOptions {
  kind: CodelessKind;
  /** Names of the inputs (method parameters, function inputs); read by the "request parameter"/"input" block. */
  params?: string[];
}

export interface GeneratedCode {
  /** Body of an async function `($params, $ctx, $req, $res, $fn)`. Never contains user text unescaped. */
  body: string;
  /** Ids of library functions the body calls through `$fn` (so the deploy can check they exist). */
  functions: string[];
  /** Services the body invokes ("Service.method"), for the toolbox/diagnostics. */
  services: string[];
}

/** A workspace the generator refuses, naming the block at fault when there is one. */
export class CodelessError extends Error {
  constructor(
    message: string,
    readonly blockId?: string,
    readonly blockType?: string,
  ) {
    super(message);
    this.name = 'CodelessError';
  }
}
