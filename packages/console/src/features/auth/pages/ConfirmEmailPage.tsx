import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { AuthCard } from '../components/AuthCard';
import { useConfirmEmail } from '../api/auth.queries';
import { useAuthKey } from '../../../app/session/useAuthKey';
import { errorInfo } from '../../../lib/errors';

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const signedIn = !!useAuthKey();
  const sent = useRef(false);

  // The token is single-use: send it once even when React mounts the page twice in development.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const onward = signedIn ? { to: '/apps', label: 'Go to your apps' } : { to: '/login', label: 'Sign in' };

  return (
    <AuthCard title="Confirm your email">
      <Stack gap="md">
        {!token && <Text size="sm">This link has no token. Open the link from the mail again.</Text>}
        {confirm.isPending && (
          <Stack align="center" gap="xs" py="md">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Confirming…
            </Text>
          </Stack>
        )}
        {confirm.isSuccess && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} stroke={1.5} />}>
            Your email address is confirmed.
          </Alert>
        )}
        {confirm.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorInfo(confirm.error).message}
          </Alert>
        )}
        <Button component={Link} to={onward.to} variant={confirm.isSuccess ? 'filled' : 'default'} fullWidth>
          {onward.label}
        </Button>
      </Stack>
    </AuthCard>
  );
}
