import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../lib/errors';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The exact text to type (case-sensitive; paste allowed). */
  expected: string;
  /** Label of the input, e.g. "Type the app name to confirm". */
  inputLabel: string;
  consequences: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  error?: unknown;
  /** Keeps the button disabled for a reason besides the name (nothing chosen yet). */
  disabled?: boolean;
}

/** Third-tier confirmation (docs/console-screens.md › Confirmations): the red button stays disabled until the name matches. */
export function TypeToConfirmModal({
  opened,
  onClose,
  title,
  expected,
  inputLabel,
  consequences,
  confirmLabel,
  onConfirm,
  loading,
  error,
  disabled = false,
}: Props) {
  const [typed, setTyped] = useState('');
  const matches = typed === expected;

  useEffect(() => {
    if (!opened) setTyped('');
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !disabled && !loading) onConfirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm" component="div">
            {consequences}
          </Text>
          <TextInput
            label={inputLabel}
            description={
              <>
                Type{' '}
                <Text span className="mono" fw={600} c="var(--mantine-color-text)">
                  {expected}
                </Text>{' '}
                exactly as shown.
              </>
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches || disabled} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
