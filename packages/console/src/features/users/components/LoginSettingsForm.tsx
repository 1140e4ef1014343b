import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations, type UsersLoginSettings } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';
import { useCan } from '../../security';
import { useUpdateUsersLogin } from '../api/users.queries';

const FIELDS = [
  'identityColumn',
  'maxConcurrentLogins',
  'sessionTimeout',
  'failedLoginsLock.attempts',
  'failedLoginsLock.lockMinutes',
];
const num = (v: string | number) => (typeof v === 'number' ? v : Number(v) || 0);

/** How app users sign in: identity column, multiple logins, session timeout and lockout. */
export function LoginSettingsForm({
  appId,
  value,
  columns,
}: {
  appId: string;
  value: UsersLoginSettings;
  columns: string[];
}) {
  const [form, setForm] = useState(value);
  useEffect(() => setForm(value), [value]);
  const save = useUpdateUsersLogin(appId);
  const can = useCan(appId, DevOperations.USERS_LOGIN);
  const dirty = JSON.stringify(form) !== JSON.stringify(value);
  const lock = form.failedLoginsLock;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const { sessionsNotBefore: _ignored, ...data } = form;
          save.mutate(data, {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                title: 'Login settings saved',
                message: 'The next sign-in follows them.',
              }),
          });
        }}
      >
        <Stack gap="md">
          <Title order={2}>Login</Title>
          <Select
            label="Identity column"
            description="What users type to sign in, with their password."
            data={columns}
            value={form.identityColumn}
            onChange={(v) => v && setForm({ ...form, identityColumn: v })}
            allowDeselect={false}
            error={fieldError(save.error, 'identityColumn')}
            maw={320}
          />
          <Switch
            label="Allow multiple logins"
            description="Off: a new sign-in ends the user's other sessions."
            checked={form.multipleLogins}
            onChange={(e) => setForm({ ...form, multipleLogins: e.currentTarget.checked })}
          />
          {form.multipleLogins && (
            <NumberInput
              label="Sessions a user may hold at once"
              description="0 means no limit."
              min={0}
              max={1000}
              value={form.maxConcurrentLogins}
              onChange={(v) => setForm({ ...form, maxConcurrentLogins: num(v) })}
              error={fieldError(save.error, 'maxConcurrentLogins')}
              maw={320}
            />
          )}
          <NumberInput
            label="Session timeout (seconds of inactivity)"
            description="0 keeps sessions until the user logs out. 3600 is one hour."
            min={0}
            value={form.sessionTimeout}
            onChange={(v) => setForm({ ...form, sessionTimeout: num(v) })}
            error={fieldError(save.error, 'sessionTimeout')}
            maw={320}
          />
          <Switch
            label="Lock accounts after failed logins"
            checked={lock.enabled}
            onChange={(e) => setForm({ ...form, failedLoginsLock: { ...lock, enabled: e.currentTarget.checked } })}
          />
          {lock.enabled && (
            <Group gap="md" align="flex-start">
              <NumberInput
                label="Failed attempts before the lock"
                min={1}
                max={100}
                value={lock.attempts}
                onChange={(v) => setForm({ ...form, failedLoginsLock: { ...lock, attempts: num(v) } })}
                error={fieldError(save.error, 'failedLoginsLock.attempts')}
                w={240}
              />
              <NumberInput
                label="Lock for (minutes)"
                min={1}
                value={lock.lockMinutes}
                onChange={(v) => setForm({ ...form, failedLoginsLock: { ...lock, lockMinutes: num(v) } })}
                error={fieldError(save.error, 'failedLoginsLock.lockMinutes')}
                w={240}
              />
            </Group>
          )}
          {formError(save.error, FIELDS) && (
            <Alert color="red" variant="light" role="alert">
              {formError(save.error, FIELDS)}
            </Alert>
          )}
          <Group>
            <Tooltip label={can.reason} disabled={can.allowed}>
              <Button type="submit" disabled={!dirty || !can.allowed} loading={save.isPending}>
                Save login settings
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
