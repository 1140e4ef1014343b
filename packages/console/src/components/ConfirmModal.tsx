import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorInfo } from '../lib/errors';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Names the object and the count, e.g. "Delete 3 devices?". */
  title: string;
  /** The consequence line. */
  children: ReactNode;
  /** The verb, e.g. "Delete channel". */
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  error?: unknown;
  /**
   * False for an irreversible step that destroys nothing (sending a push): the verb button then
   * takes the primary colour instead of red.
   */
  destructive?: boolean;
  /** Another way to go ahead, shown between Cancel and the verb (e.g. "Save and send"). */
  extraAction?: ReactNode;
}

/**
 * Second-tier confirmation (docs/console-screens.md › Confirmations): the title names the object and count, the body says
 * the consequence, the verb button is red, and focus starts on Cancel so Enter never destroys.
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  error,
  destructive = true,
  extraAction,
}: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>}>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
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
          {extraAction}
          <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
