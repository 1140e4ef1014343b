import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useResetApp } from '../api/lifecycle.queries';
import { chosenResetParts, isNotAvailable, RESET_PART_LABELS } from '../lifecycle-state';
import { RESET_PARTS, type ResetChoice } from '../lifecycle-types';
import { NotAvailableNote } from './NotAvailableNote';

const NOTHING: ResetChoice = { data: false, files: false, users: false, logic: false, settings: false };

/**
 * Reset: choose the parts, type the app's exact name; the button stays disabled until both are
 * done. The server checks the name too and removes nothing on a mismatch.
 */
export function ResetAppModal({
  appId,
  appName,
  opened,
  onClose,
}: {
  appId: string;
  appName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<ResetChoice>(NOTHING);
  const reset = useResetApp(appId, appName);
  const chosen = chosenResetParts(choice);
  const close = () => {
    reset.reset();
    setChoice(NOTHING);
    onClose();
  };

  return (
    <TypeToConfirmModal
      opened={opened}
      onClose={close}
      title={`Reset ${appName}?`}
      expected={appName}
      inputLabel="Type the app name to confirm"
      confirmLabel={
        chosen.length ? `Reset ${chosen.map((p) => RESET_PART_LABELS[p].label.toLowerCase()).join(', ')}` : 'Reset'
      }
      disabled={!chosen.length}
      loading={reset.isPending}
      error={isNotAvailable(reset.error) ? undefined : reset.error}
      consequences={
        <Stack gap="sm">
          <Text size="sm">
            The parts you choose are cleared for good; the app, its id and its API keys stay. This cannot be undone.
          </Text>
          <Stack gap={8} role="group" aria-label="Parts to reset">
            {RESET_PARTS.map((part) => (
              <Checkbox
                key={part}
                label={RESET_PART_LABELS[part].label}
                description={RESET_PART_LABELS[part].hint}
                checked={choice[part]}
                onChange={(e) => setChoice((c) => ({ ...c, [part]: e.currentTarget.checked }))}
              />
            ))}
          </Stack>
          {!chosen.length && (
            <Text size="xs" c="dimmed">
              Choose at least one part.
            </Text>
          )}
          {isNotAvailable(reset.error) && <NotAvailableNote what="resetting apps" />}
        </Stack>
      }
      onConfirm={() =>
        reset.mutate(choice, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `Resetting ${appName}: the task tray shows how far it is` });
            close();
          },
        })
      }
    />
  );
}
