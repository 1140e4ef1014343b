import { useEffect, useEffectEvent, useState } from 'react';
import { Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

interface Props {
  pattern: string;
  onPattern: (pattern: string) => void;
  total: number | undefined;
  fetching: boolean;
}

/** A plain word searches names containing it; `*` and `?` make it a pattern. */
export function toGlob(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /[*?]/.test(trimmed) ? trimmed : `*${trimmed}*`;
}

/** Search by name pattern and the folder's item count. */
export function FilesToolbar({ pattern, onPattern, total, fetching }: Props) {
  const [typed, setTyped] = useState(pattern);
  const [debounced] = useDebouncedValue(typed, 300);
  const write = useEffectEvent((value: string) => {
    if (value !== pattern) onPattern(value);
  });

  // The URL may change under us (Back, a link): the box follows it.
  useEffect(() => setTyped(pattern), [pattern]);
  // Only a settled edit writes the URL.
  useEffect(() => {
    write(debounced);
  }, [debounced]);

  return (
    <Group justify="space-between" align="flex-end" mb="sm" gap="md">
      <TextInput
        label="Search by name"
        placeholder="report, or *.png"
        leftSection={<IconSearch size={16} stroke={1.5} />}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        w={320}
      />
      <Text
        size="sm"
        c="dimmed"
        aria-live="polite"
        style={{ fontVariantNumeric: 'tabular-nums', opacity: fetching ? 0.6 : 1 }}
      >
        {total === undefined ? '' : `${total} ${total === 1 ? 'item' : 'items'}`}
      </Text>
    </Group>
  );
}
