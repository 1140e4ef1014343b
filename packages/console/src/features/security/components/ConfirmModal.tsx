import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  error?: unknown;
}

/** Second-tier confirmation (CONSOLE.md §3.4): names the object, says the consequence, focus on Cancel. */
export function ConfirmModal({ opened, onClose, title, children, confirmLabel, onConfirm, loading, error }: Props) {
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
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
