/** The entry block: the one hat block whose stack is the generated logic. */
import { HUE, type Json } from './common.js';

export const ENTRY_TYPE = 'basalt_entry';

export const entryDefinition: Json = {
  type: ENTRY_TYPE,
  message0: '%1 logic %2 %3',
  args0: [
    // A serialisable label: saved with the workspace, not editable by the user.
    { type: 'field_label_serializable', name: 'KIND', text: 'method' },
    { type: 'input_dummy' },
    { type: 'input_statement', name: 'DO' },
  ],
  colour: HUE.entry,
  tooltip: 'Where the logic starts: the blocks below run when it is called.',
};
