import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { AuthCard } from '../components/AuthCard';
import { OtpInput } from '../components/OtpInput';
import { useLoginWithTOTP } from '../api/auth.queries';
import { getPendingLogin, setPendingLogin } from '../api/pending-login';
import { useSignIn } from '../../../app/session/useSignIn';
import { errorInfo } from '../../../lib/errors';

export default function VerifyPage() {
  const [params] = useSearchParams();
  const pending = getPendingLogin();
  const signIn = useSignIn();
  const verify = useLoginWithTOTP();
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  if (!pending) return <Navigate to="/login" replace />;

  const submit = (otpCode: string) => {
    if (otpCode.length !== 6 || verify.isPending) return;
    setError(null);
    verify.mutate(
      { sessionId: pending.sessionId, otpCode },
      {
        onSuccess: (account) => {
          setPendingLogin(null);
          signIn(account, params.get('next') ?? pending.next);
        },
        onError: (err) => {
          const info = errorInfo(err);
          setError(info.message);
          // A wrong code may be retyped; an expired or exhausted attempt needs the password again.
          setExpired(info.status === 429 || /expired|password again/i.test(info.message));
          setCode('');
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        <>
          Enter the code from your authenticator app for <Text span fw={600}>{pending.login}</Text>.
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <OtpInput key={attempt} value={code} onChange={setCode} onComplete={submit} error={error} disabled={verify.isPending || expired} />
          {expired ? (
            <Button component={Link} to="/login" onClick={() => setPendingLogin(null)} fullWidth>
              Sign in again
            </Button>
          ) : (
            <Button type="submit" fullWidth loading={verify.isPending} disabled={code.length !== 6}>
              Verify
            </Button>
          )}
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm" onClick={() => setPendingLogin(null)}>
              Use another account
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
