import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations, type Auth0Settings } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';
import { useCan } from '../../security';
import { useUpdateAuth0Configuration } from '../api/auth0.queries';

const FIELDS = ['enabled', 'domain', 'clientId', 'clientSecret', 'audience', 'identityClaim', 'defaultRole'];

/** Auth0 sign-in of app users: tenant, client, audience, identity claim and the role every such user gets. */
export function Auth0SettingsForm({ appId, value, roles }: { appId: string; value: Auth0Settings; roles: string[] }) {
  const [form, setForm] = useState(value);
  useEffect(() => setForm(value), [value]);
  const save = useUpdateAuth0Configuration(appId);
  const can = useCan(appId, DevOperations.OAUTH_PROVIDERS);
  const dirty = JSON.stringify(form) !== JSON.stringify(value);
  // An edited field drops the last save's error, so a corrected value is not shown as wrong.
  const set = (k: keyof Auth0Settings) => (e: { currentTarget: { value: string } }) => {
    if (save.error) save.reset();
    setForm({ ...form, [k]: e.currentTarget.value });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, {
            onSuccess: (n) =>
              notifications.show({
                color: 'teal',
                title: 'Auth0 settings saved',
                message: n.enabled ? 'Users can sign in with Auth0.' : 'Auth0 sign-in is off.',
              }),
          });
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>Auth0</Title>
              <Text size="sm" c="dimmed">
                Apps send an Auth0 access token to <code>POST /users/oauth2/auth0/login</code>; Basalt checks it with
                your tenant&apos;s <code>/userinfo</code>.
              </Text>
            </div>
            <Switch
              label="Enabled"
              checked={!!form.enabled}
              onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Domain"
              description="Your tenant, e.g. example.eu.auth0.com"
              value={form.domain ?? ''}
              onChange={set('domain')}
              error={fieldError(save.error, 'domain')}
            />
            <TextInput
              label="Audience"
              description="API identifier; tokens for another API are refused."
              value={form.audience ?? ''}
              onChange={set('audience')}
              error={fieldError(save.error, 'audience')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Client id"
              value={form.clientId ?? ''}
              onChange={set('clientId')}
              error={fieldError(save.error, 'clientId')}
            />
            <PasswordInput
              label="Client secret"
              value={form.clientSecret ?? ''}
              onChange={set('clientSecret')}
              error={fieldError(save.error, 'clientSecret')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Identity claim"
              description="Finds an existing user: email matches the email column, any other claim the login identity."
              value={form.identityClaim ?? ''}
              onChange={set('identityClaim')}
              error={fieldError(save.error, 'identityClaim')}
            />
            <Select
              label="Default role"
              description="Given to every user who signs in with Auth0."
              placeholder="No extra role"
              data={roles}
              value={form.defaultRole ?? null}
              onChange={(v) => setForm({ ...form, defaultRole: v })}
              clearable
              searchable
              error={fieldError(save.error, 'defaultRole')}
            />
          </Group>
          {formError(save.error, FIELDS) && (
            <Alert color="red" variant="light" role="alert">
              {formError(save.error, FIELDS)}
            </Alert>
          )}
          <Group>
            <Tooltip label={can.reason} disabled={can.allowed}>
              <Button type="submit" disabled={!dirty || !can.allowed} loading={save.isPending}>
                Save Auth0 settings
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
