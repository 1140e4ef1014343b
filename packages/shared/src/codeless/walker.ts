/**
 * Walks Blockly's JSON serialisation (untrusted) and asks each block's generator for code. It owns
 * the limits (block count, nesting, text length), the variables, the helpers a body needs and the
 * value/statement distinction; generators only read their block through a BlockReader. Decision 0050.
 */
import { numberLiteral, stringLiteral, variableIdentifier } from './escape.js';
import { HELPER_NEEDS, type HelperName } from './helpers.js';
import { CodelessError, type CodelessKind, type GenerateOptions } from './types.js';

export const MAX_BLOCKS = 5000;
export const MAX_DEPTH = 200;
export const MAX_TEXT = 100_000;

/** How one block type turns into code: an expression (value block), statements, or either. */
export interface BlockGenerator {
  value?: (b: BlockReader) => string;
  statement?: (b: BlockReader) => string;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: unknown, k: string): unknown =>
  isObj(o) && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;

function blockName(b: Obj): string {
  return typeof b.type === 'string' ? b.type : 'block';
}

function failAt(b: Obj, message: string): never {
  const type = typeof b.type === 'string' ? b.type : undefined;
  const id = typeof b.id === 'string' ? b.id : undefined;
  throw new CodelessError(`${blockName(b)}${id ? ` (block ${id})` : ''}: ${message}`, id, type);
}

/** The block plugged into an input or `next` (a real block wins over its shadow). */
function childOf(slot: unknown): Obj | undefined {
  const block = own(slot, 'block') ?? own(slot, 'shadow');
  return block === undefined ? undefined : (block as Obj);
}

/**
 * Checks the shape and the limits of every block in the workspace (also those outside the entry's
 * stack) without recursion, so a hostile nesting cannot exhaust the stack.
 */
export function checkWorkspace(blocks: unknown[]): void {
  const todo: Array<{ block: unknown; depth: number; parent?: Obj }> = blocks.map((block) => ({ block, depth: 1 }));
  let count = 0;
  while (todo.length) {
    const { block, depth, parent } = todo.pop()!;
    if (!isObj(block) || typeof block.type !== 'string') {
      if (parent) failAt(parent, 'holds something that is not a block');
      throw new CodelessError('The workspace holds something that is not a block');
    }
    if (++count > MAX_BLOCKS) failAt(block, `the workspace has more than ${MAX_BLOCKS} blocks`);
    if (depth > MAX_DEPTH) failAt(block, `blocks are nested deeper than ${MAX_DEPTH}`);
    if (block.type.length > 200) failAt(block, 'the block type is too long');
    if (block.id !== undefined && (typeof block.id !== 'string' || block.id.length > 200))
      throw new CodelessError(`${block.type}: the block id is not a short text`, undefined, block.type);
    const fields = block.fields;
    if (fields !== undefined) {
      if (!isObj(fields)) failAt(block, 'its fields are not an object');
      for (const v of Object.values(fields)) {
        const texts = isObj(v) ? Object.values(v) : [v];
        if (texts.some((t) => typeof t === 'string' && t.length > MAX_TEXT))
          failAt(block, `a field is longer than ${MAX_TEXT} characters`);
      }
    }
    const inputs = block.inputs;
    if (inputs !== undefined) {
      if (!isObj(inputs)) failAt(block, 'its inputs are not an object');
      for (const slot of Object.values(inputs)) {
        if (!isObj(slot)) failAt(block, 'an input is not an object');
        for (const k of ['block', 'shadow'])
          if (own(slot, k) !== undefined) todo.push({ block: own(slot, k), depth: depth + 1, parent: block });
      }
    }
    if (block.next !== undefined) {
      if (!isObj(block.next)) failAt(block, 'its next block is not an object');
      for (const k of ['block', 'shadow'])
        if (own(block.next, k) !== undefined) todo.push({ block: own(block.next, k), depth, parent: block });
    }
  }
}

interface Variable {
  name: string;
  identifier?: string;
}

/** What a generation pass keeps while it walks: variables, helpers, temporaries, what is called. */
export class Walk {
  readonly helpers = new Set<HelperName>();
  readonly functions = new Set<string>();
  readonly services = new Set<string>();
  readonly usedVariables: string[] = [];
  private readonly variables = new Map<string, Variable>();
  private temps = 0;
  loopDepth = 0;

  constructor(
    readonly options: GenerateOptions,
    variables: unknown,
    private readonly generators: Readonly<Record<string, BlockGenerator>>,
  ) {
    if (variables === undefined) return;
    if (!Array.isArray(variables)) throw new CodelessError('The workspace variables are not a list');
    if (variables.length > MAX_BLOCKS) throw new CodelessError(`The workspace has more than ${MAX_BLOCKS} variables`);
    for (const v of variables) {
      const id = own(v, 'id');
      const name = own(v, 'name');
      if (typeof id !== 'string' || typeof name !== 'string' || name.length > MAX_TEXT || id.length > 200)
        throw new CodelessError('A workspace variable has no text id or name');
      this.variables.set(id, { name });
    }
  }

  get kind(): CodelessKind {
    return this.options.kind;
  }

  /** A fresh name for a generator temporary (`$b_i1`…). */
  temp(prefix: string): string {
    return `$b_${prefix}${++this.temps}`;
  }

  helper(name: HelperName): string {
    for (const need of HELPER_NEEDS[name] ?? []) this.helpers.add(need);
    this.helpers.add(name);
    return name;
  }

  variable(id: string, fallbackName: unknown, at: Obj): string {
    let v = this.variables.get(id);
    if (!v) {
      // A variable field may carry its own name (full serialisation) for a variable the list lacks.
      if (typeof fallbackName !== 'string') failAt(at, `uses variable ${stringLiteral(id)}, which does not exist`);
      v = { name: fallbackName };
      this.variables.set(id, v);
    }
    if (!v.identifier) {
      v.identifier = variableIdentifier(v.name, this.usedVariables.length + 1);
      this.usedVariables.push(v.identifier);
    }
    return v.identifier;
  }

  /** The code of one block in a value input. */
  value(block: Obj): string {
    const gen = this.generatorOf(block);
    if (!gen.value) failAt(block, 'is a statement and cannot be used as a value');
    return gen.value(new BlockReader(block, this));
  }

  /** The code of a stack of statements starting at `first`, one statement after the other. */
  stack(first: Obj | undefined): string {
    const out: string[] = [];
    for (let block = first; block; block = childOf(block.next)) {
      const gen = this.generatorOf(block);
      if (!gen.statement) failAt(block, 'is a value and cannot be used as a statement');
      out.push(gen.statement(new BlockReader(block, this)));
    }
    return out.join('\n');
  }

  private generatorOf(block: Obj): BlockGenerator {
    const type = block.type as string;
    const gen = Object.prototype.hasOwnProperty.call(this.generators, type) ? this.generators[type] : undefined;
    if (!gen) failAt(block, `unknown block type ${stringLiteral(type)}`);
    return gen;
  }
}

const indent = (code: string) =>
  code
    .split('\n')
    .map((l) => (l ? '  ' + l : l))
    .join('\n');

/** One block as its generator sees it: typed, checked reads of its fields and inputs. */
export class BlockReader {
  constructor(
    readonly block: Obj,
    readonly walk: Walk,
  ) {}

  get type(): string {
    return this.block.type as string;
  }

  get kind(): CodelessKind {
    return this.walk.kind;
  }

  fail(message: string): never {
    return failAt(this.block, message);
  }

  field(name: string): unknown {
    return own(this.block.fields, name);
  }

  /** A text field (any text, even empty unless `nonEmpty`). */
  text(name: string, opts: { nonEmpty?: boolean; max?: number } = {}): string {
    const v = this.field(name);
    if (typeof v !== 'string') this.fail(`field ${name} is not a text`);
    if (opts.nonEmpty && !v.trim()) this.fail(`field ${name} is empty`);
    if (v.length > (opts.max ?? MAX_TEXT)) this.fail(`field ${name} is longer than ${opts.max ?? MAX_TEXT} characters`);
    return v;
  }

  /** A dropdown field: one of `options`, nothing else. */
  option<T extends string>(name: string, options: readonly T[]): T {
    const v = this.field(name);
    if (typeof v !== 'string' || !(options as readonly string[]).includes(v))
      this.fail(`field ${name} must be one of ${options.join(', ')}`);
    return v as T;
  }

  /** A number field as a numeric literal; a text that is not wholly a finite number is refused. */
  number(name: string): string {
    const v = this.field(name);
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) this.fail(`field ${name} is not a finite number`);
    return numberLiteral(n);
  }

  checkbox(name: string): boolean {
    const v = this.field(name);
    if (v === true || v === 'TRUE') return true;
    if (v === false || v === 'FALSE' || v === undefined) return false;
    return this.fail(`field ${name} must be TRUE or FALSE`);
  }

  /** A variable field (`{ id }`), as the identifier of the variable. */
  variable(name: string): string {
    const v = this.field(name);
    const id = own(v, 'id');
    if (typeof id !== 'string') this.fail(`field ${name} names no variable`);
    return this.walk.variable(id, own(v, 'name'), this.block);
  }

  /**
   * A key of the block's extraState. An extraState that is not an object (the XML text of an old
   * mutation) is refused rather than ignored, so the code never differs from what Blockly shows.
   */
  extra(key: string): unknown {
    const state = this.block.extraState;
    if (state !== undefined && state !== null && !isObj(state)) this.fail('its extraState is not an object');
    return own(state, key);
  }

  /** A count from extraState (itemCount, elseIfCount…). */
  count(key: string, max = MAX_BLOCKS): number {
    const v = this.extra(key);
    if (v === undefined || v === null) return 0;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max)
      this.fail(`extraState ${key} is not a whole number from 0 to ${max}`);
    return v;
  }

  has(input: string): boolean {
    return childOf(own(this.block.inputs, input)) !== undefined;
  }

  /** The expression in a value input; a missing one is an error naming the input. */
  value(input: string, label = input): string {
    const child = childOf(own(this.block.inputs, input));
    if (!child) this.fail(`the input ${label} is empty`);
    return this.walk.value(child);
  }

  optionalValue(input: string): string | undefined {
    const child = childOf(own(this.block.inputs, input));
    return child ? this.walk.value(child) : undefined;
  }

  /** The statements of a statement input, indented one level. */
  statements(input: string): string {
    const code = this.walk.stack(childOf(own(this.block.inputs, input)));
    return indent(code);
  }

  /** Statements inside a loop body, where break/continue are allowed. */
  loopBody(input: string): string {
    this.walk.loopDepth++;
    try {
      return this.statements(input);
    } finally {
      this.walk.loopDepth--;
    }
  }

  helper(name: HelperName): string {
    return this.walk.helper(name);
  }

  temp(prefix: string): string {
    return this.walk.temp(prefix);
  }

  /** Fails unless the item being generated is one of `kinds`. */
  onlyIn(kinds: CodelessKind[], what: string): void {
    if (!kinds.includes(this.kind)) this.fail(`${what} is only available in ${kinds.join(' or ')} logic`);
  }
}
