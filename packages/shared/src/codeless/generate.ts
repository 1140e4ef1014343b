/**
 * generateCodeless: Blockly's JSON serialisation of a workspace (untrusted) → the body of
 * `async function ($params, $ctx, $req, $res, $fn) { … }`. The server deploys this and the console
 * previews the very same text. Decision 0050.
 */
import { ENTRY_TYPE } from './blocks/entry.js';
import { HELPERS } from './helpers.js';
import { GENERATORS } from './registry.js';
import { CODELESS_KINDS, CodelessError, type GeneratedCode, type GenerateOptions } from './types.js';
import { checkWorkspace, Walk } from './walker.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkOptions(options: GenerateOptions): void {
  if (!isObj(options) || !CODELESS_KINDS.includes(options.kind))
    throw new CodelessError(`The kind of logic must be one of ${CODELESS_KINDS.join(', ')}`);
  if (
    options.params !== undefined &&
    (!Array.isArray(options.params) || options.params.some((p) => typeof p !== 'string'))
  )
    throw new CodelessError('The input names must be a list of texts');
}

export function generateCodeless(state: unknown, options: GenerateOptions): GeneratedCode {
  checkOptions(options);
  if (!isObj(state)) throw new CodelessError('The logic is not a Blockly workspace (an object was expected)');
  const blocks = state.blocks === undefined ? { blocks: [] } : state.blocks;
  if (!isObj(blocks) || !Array.isArray(blocks.blocks))
    throw new CodelessError('The logic is not a Blockly workspace (blocks.blocks must be a list)');
  const top = blocks.blocks as unknown[];
  checkWorkspace(top);

  const entries = top.filter((b) => (b as Obj).type === ENTRY_TYPE) as Obj[];
  if (entries.length === 0) throw new CodelessError('The logic has no entry block');
  if (entries.length > 1) {
    const id = typeof entries[1].id === 'string' ? entries[1].id : undefined;
    throw new CodelessError(`The logic has ${entries.length} entry blocks; only one is allowed`, id, ENTRY_TYPE);
  }
  const entry = entries[0];
  const entryId = typeof entry.id === 'string' ? entry.id : undefined;
  const kind =
    isObj(entry.fields) && Object.prototype.hasOwnProperty.call(entry.fields, 'KIND') ? entry.fields.KIND : undefined;
  if (kind !== options.kind)
    throw new CodelessError(
      `The entry block is for ${String(kind)} logic, not ${options.kind} logic`,
      entryId,
      ENTRY_TYPE,
    );

  const walk = new Walk(options, state.variables, GENERATORS);
  const slot =
    isObj(entry.inputs) && Object.prototype.hasOwnProperty.call(entry.inputs, 'DO') ? entry.inputs.DO : undefined;
  const first = isObj(slot) ? (slot.block ?? slot.shadow) : undefined;
  const code = walk.stack(first as Obj | undefined);

  const lines: string[] = [];
  for (const name of Object.keys(HELPERS) as (keyof typeof HELPERS)[])
    if (walk.helpers.has(name)) lines.push(HELPERS[name]);
  if (walk.usedVariables.length) lines.push(`let ${walk.usedVariables.map((v) => `${v} = null`).join(', ')};`);
  if (code) lines.push(code);
  return { body: lines.join('\n'), functions: [...walk.functions].sort(), services: [...walk.services].sort() };
}
