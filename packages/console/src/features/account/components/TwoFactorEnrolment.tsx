import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { Alert, Box, Button, Group, Image, List, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CopyButton } from '../../../components/CopyButton';
import { errorInfo } from '../../../lib/errors';
import { useConfirm2FA, useUpdate2FAState } from '../api/account.queries';
import { TotpCodeField } from './TotpCodeField';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

interface Props {
  secret: string;
  otpauthUri: string;
  email?: string;
  onDone: () => void;
}

/** Shows the new secret as a QR code and as text, and switches 2FA on only once a code proves it works. */
export function TwoFactorEnrolment({ secret, otpauthUri, email, onDone }: Props) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const confirm = useConfirm2FA();
  const cancel = useUpdate2FAState();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let alive = true;
    QRCode.toDataURL(otpauthUri, { margin: 1, width: 176, errorCorrectionLevel: 'M' }).then(
      (url) => alive && setQr(url),
      () => alive && setQr(null),
    );
    return () => {
      alive = false;
    };
  }, [otpauthUri]);

  const verify = () => {
    if (code.length !== 6) return;
    confirm.mutate(code, {
      onSuccess: (state) => {
        notifications.show({
          color: 'teal',
          title: 'Two-factor sign-in is on',
          message: 'From now on, sign-in asks for a code from your app.',
        });
        // The recovery codes come with this answer only: show them before closing.
        if (state.recoveryCodes?.length) setRecoveryCodes(state.recoveryCodes);
        else onDone();
      },
      onError: () => {
        setCode('');
        codeRef.current?.focus();
      },
    });
  };

  const frame = { border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' };
  if (recoveryCodes) {
    return (
      <Box mt="md" p="md" style={frame}>
        <RecoveryCodesPanel codes={recoveryCodes} email={email} onDone={onDone} />
      </Box>
    );
  }

  const grouped = secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box mt="md" p="md" style={frame}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box w={176} h={176} style={{ flexShrink: 0, background: '#fff', borderRadius: 8 }}>
          {qr ? (
            <Image src={qr} alt="QR code to add Basalt to your authenticator app" w={176} h={176} />
          ) : (
            <Skeleton w={176} h={176} />
          )}
        </Box>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>
              Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy …).
            </List.Item>
            <List.Item>Or type this key into the app by hand:</List.Item>
          </List>
          <Group gap={4} wrap="nowrap">
            <Text
              className="mono"
              fw={600}
              size="sm"
              data-testid="totp-secret"
              aria-label="Secret key"
              style={{ wordBreak: 'break-all' }}
            >
              {grouped}
            </Text>
            <CopyButton value={secret} label="Copy secret key" />
          </Group>
          <Text size="sm">Then enter the 6-digit code the app shows:</Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              verify();
            }}
          >
            <Stack gap="sm">
              <TotpCodeField
                value={code}
                onChange={setCode}
                error={confirm.isError ? errorInfo(confirm.error).message : null}
                inputRef={codeRef}
              />
              <Group gap="sm">
                <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
                  Verify and turn on
                </Button>
                <Button
                  variant="default"
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate({ enabled: false }, { onSuccess: onDone })}
                >
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
          {cancel.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(cancel.error).message}
            </Alert>
          )}
        </Stack>
      </Group>
    </Box>
  );
}
