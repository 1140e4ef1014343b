import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';

interface Props {
  opened: boolean;
  onClose: () => void;
  recipients: number | undefined;
  dirty: boolean;
  canSave: boolean;
  loading: boolean;
  error: unknown;
  onSend: (andSave: boolean) => void;
}

/** "Send now" repeats the recipient count, and offers to save first when there are changes. */
export function SendPushModal({ opened, onClose, recipients, dirty, canSave, loading, error, onSend }: Props) {
  const count = recipients ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{`Send this push to ${count} ${count === 1 ? 'device' : 'devices'}?`}</Text>}>
      <Stack gap="md">
        <Text size="sm">
          It goes out now and cannot be recalled. Devices of a platform without provider credentials wait in the outbox.
          {dirty && ' The composer has unsaved changes.'}
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorInfo(error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          {dirty && canSave && (
            <Button variant="default" onClick={() => onSend(true)} loading={loading}>
              Save and send
            </Button>
          )}
          <Button onClick={() => onSend(false)} loading={loading}>
            {dirty ? 'Send as is' : 'Send'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
