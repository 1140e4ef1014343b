import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { formatDateTime } from '../../../lib/format';
import { useDeleteMobileSettings } from '../api/mobile-settings.queries';

/**
 * Read view of stored push credentials: label/value rows (secrets arrive masked), Replace, and
 * Delete behind a confirmation that says what waits in the outbox afterwards.
 */
export function StoredCredentials({
  appId,
  platform,
  id,
  label,
  rows,
  updated,
  onReplace,
  consequence,
}: {
  appId: string;
  platform: 'android' | 'ios' | 'googleplay';
  id: string;
  label: string;
  rows: Array<[string, ReactNode]>;
  updated: number;
  onReplace: () => void;
  /** Said in the confirmation: which pushes wait once the credentials are gone. */
  consequence: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMobileSettings(appId);
  return (
    <Stack gap="sm">
      <Table variant="vertical" layout="fixed" withTableBorder aria-label={`Stored ${label} credentials`}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={160}>{name}</Table.Th>
              <Table.Td className="mono" style={{ wordBreak: 'break-all' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Saved {formatDateTime(updated)}
        </Text>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onReplace}>
            Replace
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
        title={`Delete the ${label} credentials?`}
        confirmLabel="Delete credentials"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ platform, id }, { onSuccess: () => setConfirming(false) })}
      >
        {consequence}
      </ConfirmModal>
    </Stack>
  );
}
