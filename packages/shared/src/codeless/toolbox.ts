/** The codeless toolbox (Blockly categoryToolbox JSON) and the workspace a new item starts with. */
import { entry, numberShadow, textShadow, type Json } from './blocks/common.js';
import { ENTRY_TYPE } from './blocks/entry.js';
import { BASALT_SETS } from './registry.js';
import type { CodelessKind, CodelessState } from './types.js';

const category = (name: string, colour: string | number, contents: Json[]): Json => ({
  kind: 'category',
  name,
  colour: String(colour),
  contents,
});

const HANDLER_ONLY = ['basalt_handler_item', 'basalt_handler_set_item_field', 'basalt_handler_result'];

function contextFor(kind: CodelessKind): Json[] {
  return BASALT_SETS.context.toolbox.filter((b) => {
    if (HANDLER_ONLY.includes(b.type as string)) return kind === 'handler';
    // Timers are called with no inputs.
    if (b.type === 'basalt_context_param') return kind !== 'timer';
    return true;
  });
}

/** Blockly toolbox JSON with the categories of the codeless editor, for one kind of logic. */
export function codelessToolbox(kind: CodelessKind): Record<string, unknown> {
  const one = numberShadow(1);
  return {
    kind: 'categoryToolbox',
    contents: [
      category('Logic', 210, [
        entry('controls_if'),
        entry('logic_compare'),
        entry('logic_operation'),
        entry('logic_negate'),
        entry('logic_boolean'),
        entry('logic_null'),
        entry('logic_ternary'),
        ...BASALT_SETS.control.toolbox,
      ]),
      category('Loops', 120, [
        entry('controls_repeat_ext', { TIMES: numberShadow(10) }),
        entry('controls_whileUntil'),
        entry('controls_for', { FROM: one, TO: numberShadow(10), BY: one }),
        entry('controls_forEach'),
        entry('controls_flow_statements'),
      ]),
      category('Math', 230, [
        entry('math_number', {}, { NUM: 0 }),
        entry('math_arithmetic', { A: one, B: one }),
        entry('math_single', { NUM: numberShadow(9) }),
        entry('math_round', { NUM: numberShadow(3.1) }),
        entry('math_modulo', { DIVIDEND: numberShadow(64), DIVISOR: numberShadow(10) }),
        entry('math_change', { DELTA: one }),
        entry('math_random_int', { FROM: one, TO: numberShadow(100) }),
      ]),
      category('Text', 160, [
        entry('text'),
        entry('text_join'),
        entry('text_length', { VALUE: textShadow('abc') }),
        entry('text_isEmpty', { VALUE: textShadow('') }),
        entry('text_indexOf', { FIND: textShadow('abc') }),
        entry('text_changeCase', { TEXT: textShadow('abc') }),
      ]),
      category('Lists', 260, [
        entry('lists_create_empty'),
        { ...entry('lists_create_with'), extraState: { itemCount: 3 } },
        entry('lists_length'),
        entry('lists_isEmpty'),
        entry('lists_getIndex'),
        entry('lists_setIndex'),
      ]),
      { kind: 'category', name: 'Variables', colour: '330', custom: 'VARIABLE' },
      category('Objects', 180, BASALT_SETS.objects.toolbox),
      category('Data', 200, BASALT_SETS.data.toolbox),
      category('Users', 230, BASALT_SETS.users.toolbox),
      category('Files', 260, BASALT_SETS.files.toolbox),
      category('Messaging', 290, BASALT_SETS.messaging.toolbox),
      category('Cache & counters', 320, BASALT_SETS.cache.toolbox),
      category('Context', 40, contextFor(kind)),
      category('HTTP', 100, BASALT_SETS.http.toolbox),
      category('Services', 140, BASALT_SETS.services.toolbox),
      category('Functions', 290, BASALT_SETS.functions.toolbox),
      category('Logging', 60, BASALT_SETS.logging.toolbox),
    ],
  };
}

/** Id of the entry block of a new workspace (stable, so errors and tests can name it). */
export const CODELESS_ENTRY_ID = 'entry';

/** The workspace a new item starts with: one entry block of the kind. */
export function emptyCodelessState(kind: CodelessKind): CodelessState {
  return {
    blocks: {
      languageVersion: 0,
      blocks: [{ type: ENTRY_TYPE, id: CODELESS_ENTRY_ID, x: 20, y: 20, fields: { KIND: kind } }],
    },
  };
}
