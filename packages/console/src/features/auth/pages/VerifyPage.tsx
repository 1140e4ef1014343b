import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { AuthCard } from '../components/AuthCard';
import { OtpInput } from '../components/OtpInput';
import { useLoginWithRecoveryCode, useLoginWithTOTP } from '../api/auth.queries';
import { getPendingLogin, setPendingLogin } from '../api/pending-login';
import { useSignIn } from '../../../app/session/useSignIn';
import { errorInfo } from '../../../lib/errors';

export default function VerifyPage() {
  const [params] = useSearchParams();
  const pending = getPendingLogin();
  const signIn = useSignIn();
  const verify = useLoginWithTOTP();
  const recover = useLoginWithRecoveryCode();
  // Without the phone, a one-time recovery code takes the authenticator code's place.
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  if (!pending) return <Navigate to="/login" replace />;

  const handlers = {
    onSuccess: (account: Parameters<typeof signIn>[0]) => {
      setPendingLogin(null);
      signIn(account, params.get('next') ?? pending.next);
    },
    onError: (err: unknown) => {
      const info = errorInfo(err);
      setError(info.message);
      // A wrong code may be retyped; an expired or exhausted attempt needs the password again.
      setExpired(info.status === 429 || /expired|ended|password again/i.test(info.message));
      setCode('');
      setAttempt((n) => n + 1);
    },
  };

  const submit = (otpCode: string) => {
    if (otpCode.length !== 6 || verify.isPending) return;
    setError(null);
    verify.mutate({ sessionId: pending.sessionId, otpCode }, handlers);
  };

  const submitRecovery = () => {
    if (!recoveryCode.trim() || recover.isPending) return;
    setError(null);
    recover.mutate({ sessionId: pending.sessionId, recoveryCode: recoveryCode.trim() }, handlers);
  };

  const switchMode = () => {
    setUseRecovery((on) => !on);
    setError(null);
    setCode('');
    setRecoveryCode('');
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        useRecovery ? (
          <>
            Enter one of the recovery codes you saved for{' '}
            <Text span fw={600}>
              {pending.login}
            </Text>
            . Each code works once.
          </>
        ) : (
          <>
            Enter the code from your authenticator app for{' '}
            <Text span fw={600}>
              {pending.login}
            </Text>
            .
          </>
        )
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (useRecovery) submitRecovery();
          else submit(code);
        }}
      >
        <Stack gap="md">
          {useRecovery ? (
            <TextInput
              label="Recovery code"
              placeholder="xxxxx-xxxxx"
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.currentTarget.value)}
              error={error}
              disabled={recover.isPending || expired}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              data-autofocus
              autoFocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : (
            <OtpInput
              key={attempt}
              value={code}
              onChange={setCode}
              onComplete={submit}
              error={error}
              disabled={verify.isPending || expired}
            />
          )}
          {expired ? (
            <Button component={Link} to="/login" onClick={() => setPendingLogin(null)} fullWidth>
              Sign in again
            </Button>
          ) : useRecovery ? (
            <Button type="submit" fullWidth loading={recover.isPending} disabled={!recoveryCode.trim()}>
              Sign in with recovery code
            </Button>
          ) : (
            <Button type="submit" fullWidth loading={verify.isPending} disabled={code.length !== 6}>
              Verify
            </Button>
          )}
          <Stack gap={4} align="center">
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </Anchor>
            <Anchor component={Link} to="/login" size="sm" onClick={() => setPendingLogin(null)}>
              Use another account
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
