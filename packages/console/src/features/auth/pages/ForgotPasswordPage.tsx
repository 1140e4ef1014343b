import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { AuthCard } from '../components/AuthCard';
import { useRestorePassword } from '../api/auth.queries';
import { errorInfo } from '../../../lib/errors';
import { validateEmail } from '../auth.validation';

export default function ForgotPasswordPage() {
  const restore = useRestorePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: { email: validateEmail },
  });

  if (restore.isSuccess) {
    // The same words whether or not the address has an account, so this page reveals nothing.
    return (
      <AuthCard title="Check your mail">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} stroke={1.5} />}>
            If an account uses <b>{form.values.email.trim()}</b>, a link to choose a new password is on its way. It
            works for one hour.
          </Alert>
          <Text size="sm" c="dimmed">
            No mail server configured? The link is written to the Basalt server log.
          </Text>
          <Button component={Link} to="/login" variant="default" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your account email and we will send you a link to choose a new one."
    >
      <form onSubmit={form.onSubmit((values) => restore.mutate(values.email.trim()))} noValidate>
        <Stack gap="md">
          {restore.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(restore.error).message}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={restore.isPending}>
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login" size="sm">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
