import { Group, Text } from '@mantine/core';
import { CopyButton } from './CopyButton';

/** An id, key or URL in mono type with a copy button beside it. */
export function CopyValue({ value, label, truncate = false }: { value: string; label: string; truncate?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" maw="100%">
      <Text className="mono" size="sm" truncate={truncate ? 'end' : undefined} title={value} style={{ minWidth: 0 }}>
        {value}
      </Text>
      <CopyButton value={value} label={label} />
    </Group>
  );
}
