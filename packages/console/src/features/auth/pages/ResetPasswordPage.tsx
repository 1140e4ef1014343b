import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { AuthCard } from '../components/AuthCard';
import { useResetPassword } from '../api/auth.queries';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { errorInfo } from '../../../lib/errors';
import { validateNewPassword } from '../auth.validation';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    validateInputOnBlur: true,
    validate: {
      password: validateNewPassword,
      repeat: (v, values) => (v === values.password ? null : 'The two passwords differ'),
    },
  });

  if (!token) {
    return (
      <AuthCard title="This link is incomplete">
        <Stack gap="md">
          <Text size="sm">The reset link has no token. Open the link from the mail again, or ask for a new one.</Text>
          <Button component={Link} to="/forgot-password" fullWidth>
            Ask for a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Password changed', message: 'Sign in with your new password.' });
          navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <AuthCard title="Choose a new password" description="Other sessions of this account end when the password changes.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {reset.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(reset.error).message}{' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                Ask for a new link
              </Anchor>
            </Alert>
          )}
          <Stack gap={6}>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              autoFocus
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <PasswordStrength value={form.values.password} />
          </Stack>
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.getInputProps('repeat')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
