import type { ReactNode } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

/** Read view of stored credentials: label/value rows (secrets arrive masked) and the two actions. */
export function StoredCredentials({ rows, updated, onReplace, onDelete, label }: {
  rows: Array<[string, ReactNode]>;
  updated: number;
  onReplace: () => void;
  onDelete: () => void;
  label: string;
}) {
  return (
    <Stack gap="sm">
      <Table variant="vertical" layout="fixed" withTableBorder aria-label={`Stored ${label} credentials`}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={160}>{name}</Table.Th>
              <Table.Td className="mono" style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">Saved {formatDateTime(updated)}</Text>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onReplace}>
            Replace
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
