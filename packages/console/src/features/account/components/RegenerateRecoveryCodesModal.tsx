import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { useRegenerateRecoveryCodes } from '../api/account.queries';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** A new set of codes needs the password: a session key alone must not mint a way past 2FA. */
export function RegenerateRecoveryCodesModal({
  opened,
  email,
  onClose,
}: {
  opened: boolean;
  email?: string;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const regenerate = useRegenerateRecoveryCodes();

  const resetDialog = useEffectEvent(() => {
    setPassword('');
    regenerate.reset();
  });
  // reset only when the dialog closes
  useEffect(() => {
    if (!opened) resetDialog();
  }, [opened]);

  const codes = regenerate.data?.recoveryCodes;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={codes ? 'lg' : 'md'}
      // Once the codes show, closing by a stray click or Esc would lose them: only "Done" closes.
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
      title={<Text fw={600}>{codes ? 'Your new recovery codes' : 'Make new recovery codes?'}</Text>}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} email={email} onDone={onClose} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (password) regenerate.mutate({ password });
          }}
        >
          <Stack gap="md">
            <Text size="sm">Your current recovery codes stop working at once. Enter your password to continue.</Text>
            <PasswordInput
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              error={regenerate.isError ? errorInfo(regenerate.error).message : null}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={regenerate.isPending} disabled={!password}>
                Make new codes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
