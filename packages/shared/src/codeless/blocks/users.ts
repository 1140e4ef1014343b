/** User blocks: the calling user and a user by id. */
import { asText } from '../escape.js';
import { entry, HUE, valueBlock, valueInput, type BlockSet } from './common.js';

export const userBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_users_current',
      'current user',
      [],
      'Object',
      HUE.users,
      'The user who made the call (null when anonymous).',
    ),
    valueBlock(
      'basalt_users_find_by_id',
      'find user by objectId %1',
      [valueInput('ID', 'String')],
      'Object',
      HUE.users,
      'The user with this objectId.',
    ),
  ],
  generators: {
    basalt_users_current: { value: () => '(await basalt.users.currentUser())' },
    basalt_users_find_by_id: { value: (b) => `(await basalt.users.findById(${asText(b.value('ID', 'objectId'))}))` },
  },
  toolbox: [entry('basalt_users_current'), entry('basalt_users_find_by_id')],
};
