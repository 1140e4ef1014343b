import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { DeveloperAccount } from '@basalt/shared';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { fieldError, formError } from '../../../lib/errors';
import { validateNewPassword } from '../../auth';
import { useChangePassword } from '../api/account.queries';

export function ChangePasswordCard({ account }: { account: DeveloperAccount }) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '' },
    validateInputOnBlur: true,
    validate: {
      currentPassword: (v) => (v ? null : 'Enter your current password'),
      password: (v, values) =>
        validateNewPassword(v) ??
        (v === values.currentPassword ? 'Choose a password different from the current one' : null),
    },
  });

  const submit = form.onSubmit((values) =>
    change.mutate(
      { id: account.id, password: values.password, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'teal',
            title: 'Password changed',
            message: 'Your other sessions were signed out.',
          });
        },
      },
    ),
  );

  const topError = formError(change.error, ['currentPassword', 'password']);
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2}>Password</Title>
            <Text size="sm" c="dimmed">
              Changing it signs out every other session of this account.
            </Text>
          </div>
          {topError && (
            <Alert color="red" variant="light" role="alert">
              {topError}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
            {...form.getInputProps('currentPassword')}
            error={form.errors.currentPassword ?? fieldError(change.error, 'currentPassword')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
              {...form.getInputProps('password')}
              error={form.errors.password ?? fieldError(change.error, 'password')}
            />
            <PasswordStrength value={form.values.password} />
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
