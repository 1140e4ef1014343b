import { Button } from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal';

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
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={`Send this push to ${count} ${count === 1 ? 'device' : 'devices'}?`}
      confirmLabel={dirty ? 'Send as is' : 'Send'}
      onConfirm={() => onSend(false)}
      loading={loading}
      error={error}
      // Sending cannot be undone but destroys nothing, so the verb keeps the primary colour.
      destructive={false}
      extraAction={
        dirty &&
        canSave && (
          <Button variant="default" onClick={() => onSend(true)} loading={loading}>
            Save and send
          </Button>
        )
      }
    >
      It goes out now and cannot be recalled. Devices of a platform without provider credentials wait in the outbox.
      {dirty && ' The composer has unsaved changes.'}
    </ConfirmModal>
  );
}
