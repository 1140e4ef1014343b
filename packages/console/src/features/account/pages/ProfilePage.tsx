import { useEffect, useEffectEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldError, formError } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { validateEmail } from '../../auth';
import { useGetAccountInfo, useUpdateProfile } from '../api/account.queries';
import { useResendConfirmEmail } from '../../auth';
import { AccountTabs } from '../components/AccountTabs';

export default function ProfilePage() {
  const account = useGetAccountInfo();
  const update = useUpdateProfile();
  const resend = useResendConfirmEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '' },
    validateInputOnBlur: true,
    validate: {
      email: validateEmail,
      name: (v) => (v.trim().length > 200 ? 'Keep the name under 200 characters' : null),
    },
  });

  const fill = useEffectEvent(() => {
    if (!account.data) return;
    const values = { name: account.data.name ?? '', email: account.data.email };
    form.setInitialValues(values);
    form.setValues(values);
  });
  // Fill the form when the account arrives, not on every refetch while someone types.
  const accountId = account.data?.id;
  useEffect(() => {
    fill();
  }, [accountId]);

  if (account.isPending) return <PageSkeleton rows={3} />;
  if (account.isError) return <ErrorAlert error={account.error} onRetry={() => void account.refetch()} />;

  const submit = form.onSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: (saved) => {
          form.setInitialValues({ name: saved.name ?? '', email: saved.email });
          form.resetDirty({ name: saved.name ?? '', email: saved.email });
          notifications.show({
            color: 'teal',
            message: saved.emailConfirmed ? 'Profile saved' : 'Profile saved. Check your mail to confirm the address.',
          });
        },
      },
    ),
  );

  const topError = formError(update.error, ['name', 'email']);
  return (
    <>
      <PageHeader title="Account" description={`Member since ${formatDate(account.data.created)}`} />
      <AccountTabs />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2}>Profile</Title>
            {topError && (
              <Alert color="red" variant="light" role="alert">
                {topError}
              </Alert>
            )}
            <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label={
                <>
                  Email{' '}
                  <Badge
                    size="xs"
                    color={account.data.emailConfirmed ? 'teal' : 'orange'}
                    variant="light"
                    ml={4}
                    style={{ verticalAlign: 'middle' }}
                  >
                    {account.data.emailConfirmed ? 'confirmed' : 'not confirmed'}
                  </Badge>
                </>
              }
              type="email"
              autoComplete="email"
              required
              description="You sign in with this address. A new address must be confirmed again."
              {...form.getInputProps('email')}
              error={form.errors.email ?? fieldError(update.error, 'email')}
            />
            {!account.data.emailConfirmed && (
              <Text size="sm" c="dimmed">
                Did not get the confirmation mail?{' '}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={resend.isPending}
                  onClick={() =>
                    resend.mutate(account.data.email, {
                      onSuccess: () => notifications.show({ color: 'teal', message: 'Confirmation mail sent' }),
                    })
                  }
                >
                  Send it again
                </Button>
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                Discard
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
