import { Link } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { isOtpPending } from '@basalt/sdk';
import { AuthCard } from '../components/AuthCard';
import { useLogin, useRegister } from '../api/auth.queries';
import { useSignIn } from '../../../app/session/useSignIn';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { errorInfo, fieldError, formError } from '../../../lib/errors';
import { validateEmail, validateNewPassword } from '../auth.validation';

export default function RegisterPage() {
  const register = useRegister();
  const login = useLogin();
  const signIn = useSignIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '' },
    validateInputOnBlur: true,
    validate: {
      name: (v) => (v.trim().length > 200 ? 'Keep the name under 200 characters' : null),
      email: validateEmail,
      password: validateNewPassword,
    },
  });

  const submit = form.onSubmit(async (values) => {
    const input = { name: values.name.trim(), email: values.email.trim(), password: values.password };
    try {
      await register.mutateAsync(input);
    } catch {
      return;
    }
    // Registration does not open a session; signing in right away saves a step.
    try {
      const answer = await login.mutateAsync({ login: input.email, password: input.password });
      if (!isOtpPending(answer)) {
        notifications.show({
          color: 'teal',
          title: 'Welcome to Basalt',
          message: 'Your account is ready. We sent a link to confirm your email.',
        });
        signIn(answer, '/apps');
      }
    } catch {
      // The account exists; the sign-in page explains whatever went wrong next.
    }
  });

  const busy = register.isPending || login.isPending;
  const topError =
    formError(register.error, ['email', 'password', 'name']) ??
    (login.error ? errorInfo(login.error).message : undefined);

  return (
    <AuthCard title="Create your account" description="One account for every app on this server.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {topError && (
            <Alert color="red" variant="light" role="alert">
              {topError}
            </Alert>
          )}
          <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
            error={form.errors.email ?? fieldError(register.error, 'email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
              error={form.errors.password ?? fieldError(register.error, 'password')}
            />
            <PasswordStrength value={form.values.password} />
          </Stack>
          <Button type="submit" fullWidth loading={busy}>
            Create account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" size="sm">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
