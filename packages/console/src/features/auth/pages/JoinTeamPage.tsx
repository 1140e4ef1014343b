import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { AuthCard } from '../components/AuthCard';
import { useRegisterAndJoinAppTeam } from '../api/auth.queries';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { errorInfo } from '../../../lib/errors';
import { useSignIn } from '../../../app/session/useSignIn';

/**
 * `/join-team?appId=…&confirmation-code=…`: the link of a team invitation mail. A new developer
 * chooses a password (the invited email comes from the invitation); someone who already has an
 * account types its password and joins. Either way they land in the app.
 */
export default function JoinTeamPage() {
  const [params] = useSearchParams();
  const appId = params.get('appId') ?? '';
  const code = params.get('confirmation-code') ?? params.get('code') ?? '';
  const join = useRegisterAndJoinAppTeam();
  const signIn = useSignIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', password: '' },
    validateInputOnBlur: true,
    validate: { password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters') },
  });

  if (!appId || !code) {
    return (
      <AuthCard title="This invitation link is incomplete">
        <Stack gap="md">
          <Text size="sm">
            Open the link from the invitation mail again, or ask the application owner to invite you once more.
          </Text>
          <Button component={Link} to="/login" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) =>
    join.mutate(
      { appId, code, password: values.password, name: values.name.trim() },
      {
        onSuccess: (account) => {
          notifications.show({ color: 'teal', title: 'Welcome to the team', message: 'You joined the application.' });
          signIn(account, `/apps/${encodeURIComponent(appId)}/overview`);
        },
      },
    ),
  );

  return (
    <AuthCard
      title="Join the team"
      description="New to Basalt? Choose a password for the invited email. Already have an account? Enter its password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {join.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(join.error).message}
            </Alert>
          )}
          <TextInput label="Your name" autoComplete="name" {...form.getInputProps('name')} />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              autoFocus
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <PasswordStrength value={form.values.password} />
          </Stack>
          <Button type="submit" fullWidth loading={join.isPending}>
            Join the team
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Sign in instead
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
