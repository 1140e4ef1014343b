import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { BUILTIN_COMPONENTS } from '../model/components';
import { DRAG_NEW } from '../canvas/drag';
import classes from './panels.module.css';

const GROUPS: Array<[string, string[]]> = [
  ['Layout', ['layout']],
  ['Text and media', ['text', 'media', 'navigation']],
  ['Input', ['input']],
  ['Data', ['data']],
];

/**
 * The built-in components. Drag one onto the canvas, or press it to add it after the selected
 * node (the keyboard path to the same result).
 */
export function Palette({ onAdd }: { onAdd: (type: string) => void }) {
  return (
    <div aria-label="Components palette" role="group">
      {GROUPS.map(([title, cats]) => (
        <div key={title} className={classes.paletteGroup}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
            {title}
          </Text>
          <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
            {BUILTIN_COMPONENTS.filter((c) => cats.includes(c.category)).map((c) => (
              <UnstyledButton
                key={c.type}
                className={classes.paletteItem}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_NEW, c.type);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => onAdd(c.type)}
                title={c.description}
                aria-label={`Add ${c.name}`}
                data-component={c.type}
              >
                {c.name}
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </div>
      ))}
    </div>
  );
}
