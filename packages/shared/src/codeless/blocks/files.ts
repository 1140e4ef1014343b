/** File blocks: read, save and remove text files. */
import { asText } from '../escape.js';
import { entry, HUE, statementBlock, textShadow, valueBlock, valueInput, type BlockSet } from './common.js';

export const fileBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_files_read_text',
      'read text file %1',
      [valueInput('PATH', 'String')],
      'String',
      HUE.files,
      'The content of a text file, by its path.',
    ),
    statementBlock(
      'basalt_files_save_text',
      'save text file %1 content %2 overwrite %3',
      [
        valueInput('PATH', 'String'),
        valueInput('CONTENT'),
        { type: 'field_checkbox', name: 'OVERWRITE', checked: false },
      ],
      HUE.files,
      'Writes a text file; without overwrite an existing file is an error.',
    ),
    statementBlock(
      'basalt_files_remove',
      'remove file or directory %1',
      [valueInput('PATH', 'String')],
      HUE.files,
      'Deletes a file or a directory, by its path.',
    ),
  ],
  generators: {
    basalt_files_read_text: { value: (b) => `(await basalt.files.readText(${asText(b.value('PATH', 'path'))}))` },
    basalt_files_save_text: {
      statement: (b) => {
        const content = b.optionalValue('CONTENT');
        return `await basalt.files.saveText(${asText(b.value('PATH', 'path'))}, ${content === undefined ? "''" : asText(`${content} ?? ''`)}, ${b.checkbox('OVERWRITE')});`;
      },
    },
    basalt_files_remove: { statement: (b) => `await basalt.files.remove(${asText(b.value('PATH', 'path'))});` },
  },
  toolbox: [
    entry('basalt_files_read_text', { PATH: textShadow('/notes.txt') }),
    entry('basalt_files_save_text', { PATH: textShadow('/notes.txt'), CONTENT: textShadow('') }),
    entry('basalt_files_remove', { PATH: textShadow('/notes.txt') }),
  ],
};
