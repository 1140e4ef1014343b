import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorInfo } from '../../../lib/errors';
import { useUpdate2FAState } from '../api/account.queries';
import { TotpCodeField } from './TotpCodeField';

/** Turning 2FA off needs a current code, so a stolen session cannot remove the second factor. */
export function DisableTwoFactorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [code, setCode] = useState('');
  const update = useUpdate2FAState();

  const resetDialog = useEffectEvent(() => {
    setCode('');
    update.reset();
  });
  // reset only when the dialog closes
  useEffect(() => {
    if (!opened) resetDialog();
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Turn off two-factor sign-in?</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length !== 6) return;
          update.mutate(
            { enabled: false, otpCode: code },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: 'Two-factor sign-in is off' });
                onClose();
              },
              onError: () => setCode(''),
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Sign-in will only ask for your password. Enter a current code from your authenticator app to confirm.
          </Text>
          <TotpCodeField
            value={code}
            onChange={setCode}
            error={update.isError ? errorInfo(update.error).message : null}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep it on
            </Button>
            <Button type="submit" color="red" loading={update.isPending} disabled={code.length !== 6}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
