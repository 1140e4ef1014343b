import { useState } from 'react';
import { ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ELEMENT_KINDS, GROUP_TITLES, type ElementGroup } from '../element-catalog';
import { PALETTE_DRAG_TYPE } from '../palette-drag';
import { ElementIcon } from './ElementIcon';
import classes from './Palette.module.css';

/**
 * Element types to add, grouped and searchable. A click or Enter adds one below the selected
 * element; dragging one onto the canvas puts it where it is dropped.
 */
export function Palette({ onAdd, disabled }: { onAdd: (type: string) => void; disabled: boolean }) {
  const [q, setQ] = useState('');
  const words = q.trim().toLowerCase();
  const shown = ELEMENT_KINDS.filter((k) => !words || `${k.label} ${k.type} ${k.hint}`.toLowerCase().includes(words));
  return (
    <Stack gap={0} h="100%" role="region" aria-label="Element palette">
      <TextInput
        p="sm"
        pb="xs"
        size="xs"
        label="Search elements"
        leftSection={<IconSearch size={14} stroke={1.5} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap="xs" p="sm" pt={0}>
          {(['triggers', 'actions', 'control'] as ElementGroup[]).map((group) => {
            const kinds = shown.filter((k) => k.group === group);
            if (!kinds.length) return null;
            return (
              <div key={group} role="group" aria-label={GROUP_TITLES[group]}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                  {GROUP_TITLES[group]}
                </Text>
                <Stack gap={2}>
                  {kinds.map((k) => (
                    <UnstyledButton
                      key={k.type}
                      className={classes.item}
                      disabled={disabled}
                      draggable={!disabled}
                      onDragStart={(e) => {
                        e.dataTransfer.setData(PALETTE_DRAG_TYPE, k.type);
                        e.dataTransfer.effectAllowed = 'copy';
                      }}
                      onClick={() => onAdd(k.type)}
                      aria-label={`Add ${k.label}`}
                      title={k.hint}
                    >
                      <ElementIcon type={k.type} size={24} />
                      <Text size="sm" truncate>
                        {k.label}
                      </Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              </div>
            );
          })}
          {!shown.length && (
            <Text size="sm" c="dimmed">
              No element matches “{q}”.
            </Text>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
