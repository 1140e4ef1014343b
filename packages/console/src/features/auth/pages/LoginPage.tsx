import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isOtpPending } from '@basalt/sdk';
import { AuthCard } from '../components/AuthCard';
import { useLogin } from '../api/auth.queries';
import { setPendingLogin } from '../api/pending-login';
import { useSignIn } from '../../../app/session/useSignIn';
import { errorInfo } from '../../../lib/errors';

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const login = useLogin();
  const form = useForm({
    mode: 'controlled',
    initialValues: { login: '', password: '' },
    validateInputOnBlur: true,
    validate: {
      login: (v) => (v.trim() ? null : 'Enter the email you registered with'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit((values) => {
    login.mutate(
      { login: values.login.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (isOtpPending(answer)) {
            setPendingLogin({ login: values.login.trim(), sessionId: answer.sessionId, next: next ?? '' });
            navigate(next ? `/login/verify?next=${encodeURIComponent(next)}` : '/login/verify');
          } else {
            signIn(answer, next);
          }
        },
      },
    );
  });

  return (
    <AuthCard title="Sign in to Basalt" description={next ? 'Sign in to continue where you were.' : 'Welcome back.'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {login.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(login.error).message}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('login')}
          />
          <Stack gap={4}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign in
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to Basalt?{' '}
            <Anchor component={Link} to="/register" size="sm">
              Create account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
