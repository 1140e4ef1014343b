import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Switch, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations, type UsersRegistrationSettings } from '@basalt/shared';
import { formError } from '../../../lib/errors';
import { useLoadRoles } from '../../security';
import { useCan } from '../../security';
import { useUpdateUsersRegs } from '../api/users.queries';

/** Whether apps may register users, with email confirmation and the role new users get. */
export function RegistrationForm({ appId, value }: { appId: string; value: UsersRegistrationSettings }) {
  const [form, setForm] = useState(value);
  useEffect(() => setForm(value), [value]);
  const save = useUpdateUsersRegs(appId);
  const roles = useLoadRoles(appId);
  const can = useCan(appId, DevOperations.USERS_REGISTRATION);
  const dirty = JSON.stringify(form) !== JSON.stringify(value);
  const top = formError(save.error, []);

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                title: 'Registration saved',
                message: 'Apps register users with the new settings.',
              }),
          });
        }}
      >
        <Stack gap="md">
          <Title order={2}>Registration</Title>
          <Switch
            label="Apps may register users"
            description="Off: /users/register answers an error; you add users yourself."
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
          />
          <Switch
            label="Require email confirmation"
            description="New users sign in only after following the link in the confirmation mail."
            checked={form.emailConfirmationRequired}
            onChange={(e) => setForm({ ...form, emailConfirmationRequired: e.currentTarget.checked })}
          />
          <Select
            label="Role given to new users"
            description="On top of the built-in AuthenticatedUser role."
            placeholder="No extra role"
            clearable
            data={(roles.data ?? []).filter((r) => !r.system).map((r) => r.name)}
            value={form.defaultRole}
            onChange={(v) => setForm({ ...form, defaultRole: v })}
            maw={320}
          />
          {top && (
            <Alert color="red" variant="light" role="alert">
              {top}
            </Alert>
          )}
          <Group>
            <Tooltip label={can.reason} disabled={can.allowed}>
              <Button type="submit" disabled={!dirty || !can.allowed} loading={save.isPending}>
                Save registration
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
