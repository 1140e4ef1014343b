import { Group, Switch, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Access } from '@basalt/shared';

/** One numbered operation: on = GRANT (green check), off = DENY (red cross), the word always shown. */
export function OperationSwitch({
  label,
  access,
  onChange,
  disabled,
}: {
  label: string;
  access: Access;
  onChange: (a: Access) => void;
  disabled?: boolean;
}) {
  const grant = access === 'GRANT';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Switch
        label={label}
        checked={grant}
        color="green"
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked ? 'GRANT' : 'DENY')}
        thumbIcon={
          grant ? (
            <IconCheck size={10} color="var(--mantine-color-green-7)" stroke={3} />
          ) : (
            <IconX size={10} color="var(--mantine-color-red-7)" stroke={3} />
          )
        }
      />
      <Group gap={4} wrap="nowrap" c={grant ? 'green.7' : 'red.7'}>
        {grant ? <IconCheck size={14} stroke={2} /> : <IconX size={14} stroke={2} />}
        <Text size="xs" fw={600}>
          {grant ? 'GRANT' : 'DENY'}
        </Text>
      </Group>
    </Group>
  );
}
