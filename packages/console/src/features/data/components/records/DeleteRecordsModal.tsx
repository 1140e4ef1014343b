import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorInfo } from '../../../../lib/errors';

interface Props {
  opened: boolean;
  count: number;
  tableName: string;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  error?: unknown;
}

/** Second-tier confirmation (CONSOLE.md §3.4): names the count and the table; focus starts on Cancel. */
export function DeleteRecordsModal({ opened, count, tableName, onClose, onConfirm, loading, error }: Props) {
  const noun = count === 1 ? 'record' : 'records';
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Delete {count} {noun} from {tableName}?</Text>}>
      <Stack gap="md">
        <Text size="sm">The {noun} and {count === 1 ? 'its' : 'their'} relation links are removed for good. Related records in other tables stay.</Text>
        {error ? <Alert color="red" variant="light" role="alert">{errorInfo(error).message}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            Delete {count} {noun}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
