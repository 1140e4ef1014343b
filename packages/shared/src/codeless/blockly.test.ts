/**
 * The block set against the real Blockly 12 (headless in Node): every definition and toolbox block is
 * defined, and fixture workspaces load and save back unchanged, so they are real serialisations.
 */
import * as Blockly from 'blockly';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures.test-helpers.js';
import {
  CODELESS_BLOCKS,
  CODELESS_BUILTIN_BLOCKS,
  CODELESS_KINDS,
  codelessToolbox,
  emptyCodelessState,
} from './index.js';

/** Block types of a toolbox (and of the blocks and shadows its entries hold). */
function toolboxTypes(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => toolboxTypes(n, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.type === 'string' && (o.kind === 'block' || 'fields' in o || o.kind === undefined)) out.add(o.type);
    for (const v of Object.values(o)) if (v && typeof v === 'object') toolboxTypes(v, out);
  }
  return out;
}

/** The block entries of a toolbox (inside its categories). */
function toolboxEntries(contents: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const item of contents as Record<string, unknown>[]) {
    if (item.kind === 'block') out.push(item);
    if (Array.isArray(item.contents)) out.push(...toolboxEntries(item.contents));
  }
  return out;
}

function roundTrip(state: unknown) {
  const ws = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load(state as Record<string, unknown>, ws);
    return Blockly.serialization.workspaces.save(ws);
  } finally {
    ws.dispose();
  }
}

describe('codeless blocks in Blockly 12', () => {
  beforeAll(() => {
    Blockly.common.defineBlocksWithJsonArray(CODELESS_BLOCKS as any[]);
  });

  it('defines every Basalt block and knows every supported built-in', () => {
    for (const def of CODELESS_BLOCKS) expect(Blockly.Blocks[def.type as string], String(def.type)).toBeDefined();
    for (const type of CODELESS_BUILTIN_BLOCKS) expect(Blockly.Blocks[type], type).toBeDefined();
    const ours = CODELESS_BLOCKS.map((d) => d.type);
    expect(new Set(ours).size).toBe(ours.length);
    // Every Basalt block type the codeless contract names.
    const named = [
      'basalt_entry',
      'basalt_data_save',
      'basalt_data_find',
      'basalt_data_find_by_id',
      'basalt_data_find_first',
      'basalt_data_count',
      'basalt_data_remove',
      'basalt_users_current',
      'basalt_users_find_by_id',
      'basalt_files_read_text',
      'basalt_files_save_text',
      'basalt_files_remove',
      'basalt_messaging_publish',
      'basalt_messaging_send_email',
      'basalt_cache_get',
      'basalt_cache_put',
      'basalt_cache_remove',
      'basalt_counter_increment',
      'basalt_counter_get',
      'basalt_context_param',
      'basalt_context_header',
      'basalt_context_user_id',
      'basalt_context_config',
      'basalt_handler_item',
      'basalt_handler_set_item_field',
      'basalt_handler_result',
      'basalt_object_new',
      'basalt_object_get',
      'basalt_object_set',
      'basalt_object_from_json',
      'basalt_object_to_json',
      'basalt_return',
      'basalt_throw_error',
      'basalt_http_request',
      'basalt_invoke_service',
      'basalt_call_function',
      'basalt_log',
    ];
    expect(named.filter((t) => !ours.includes(t))).toEqual([]);
  });

  it('offers in each toolbox only defined blocks, each of which can be created', () => {
    for (const kind of CODELESS_KINDS) {
      const toolbox = codelessToolbox(kind);
      expect(toolbox.kind).toBe('categoryToolbox');
      expect((toolbox.contents as { kind: string; name: string }[]).map((c) => `${c.kind}:${c.name}`)).toEqual([
        'category:Logic',
        'category:Loops',
        'category:Math',
        'category:Text',
        'category:Lists',
        'category:Variables',
        'category:Objects',
        'category:Data',
        'category:Users',
        'category:Files',
        'category:Messaging',
        'category:Cache & counters',
        'category:Context',
        'category:HTTP',
        'category:Services',
        'category:Functions',
        'category:Logging',
      ]);
      const types = toolboxTypes(toolbox.contents);
      expect(types.size).toBeGreaterThan(40);
      const ws = new Blockly.Workspace();
      for (const type of types) {
        expect(Blockly.Blocks[type], type).toBeDefined();
        expect(ws.newBlock(type).type).toBe(type);
      }
      ws.dispose();
      // Each entry with its shadows and preset fields is a valid block state.
      const ws2 = new Blockly.Workspace();
      for (const e of toolboxEntries(toolbox.contents)) {
        const { kind: _kind, ...state } = e;
        const block = Blockly.serialization.blocks.append(state as any, ws2);
        expect(Blockly.serialization.blocks.save(block)).toMatchObject(state);
      }
      ws2.dispose();
      // The handler-only blocks appear only for handlers.
      expect(types.has('basalt_handler_item')).toBe(kind === 'handler');
    }
  });

  it('loads and saves the empty workspace of each kind unchanged', () => {
    for (const kind of CODELESS_KINDS) {
      const state = emptyCodelessState(kind);
      expect(roundTrip(state)).toEqual(state);
    }
  });

  it.each(Object.keys(FIXTURES))('fixture %s is a real Blockly serialisation (load → save unchanged)', (name) => {
    const state = FIXTURES[name].state;
    expect(roundTrip(state)).toEqual(state);
  });
});
