import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import type { OAuthProvider } from '@basalt/shared';
import { CopyValue } from '../../../components/CopyValue';
import { fieldError, formError } from '../../../lib/errors';
import { useOAuthCallbackUrl, useSaveOAuthProvider, type OAuthVersion } from '../api/users.queries';

const FIELDS = [
  'code',
  'name',
  'clientId',
  'clientSecret',
  'scope',
  'authorizationUrl',
  'tokenUrl',
  'userInfoUrl',
  'requestTokenUrl',
  'templateCode',
];

interface Props {
  appId: string;
  version: OAuthVersion;
  /** The provider to edit, or the template fields of a new one. */
  initial: Partial<OAuthProvider>;
  templateCode?: string;
  onSaved: (provider: OAuthProvider) => void;
  onCancel: () => void;
  disabledReason?: string;
}

/** Settings of one OAuth provider; the secret stays masked unless shown on purpose. */
export function ProviderForm({ appId, version, initial, templateCode, onSaved, onCancel, disabledReason }: Props) {
  const [f, setF] = useState({
    name: initial.name ?? '',
    code: initial.code ?? '',
    enabled: initial.enabled ?? true,
    clientId: initial.clientId ?? '',
    clientSecret: initial.clientSecret ?? '',
    scope: (initial.scope ?? []).join(' '),
    authorizationUrl: initial.authorizationUrl ?? '',
    tokenUrl: initial.tokenUrl ?? '',
    userInfoUrl: initial.userInfoUrl ?? '',
    requestTokenUrl: initial.requestTokenUrl ?? '',
  });
  const save = useSaveOAuthProvider(appId, version);
  const callback = useOAuthCallbackUrl(appId, version, initial.id ? initial.code : undefined);
  const text = (key: keyof typeof f, label: string, extra: { description?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      {...extra}
      value={String(f[key])}
      onChange={(e) => setF({ ...f, [key]: e.currentTarget.value })}
      error={fieldError(save.error, key)}
    />
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const { requestTokenUrl, scope, ...rest } = f;
        save.mutate(
          {
            ...rest,
            scope: scope.split(/[\s,]+/).filter(Boolean),
            ...(version === 1 ? { requestTokenUrl } : {}),
            ...(initial.id ? { id: initial.id } : {}),
            ...(templateCode && !initial.id ? { templateCode } : {}),
          },
          { onSuccess: onSaved },
        );
      }}
    >
      <Stack gap="sm">
        {text('name', 'Name', { required: true })}
        {!initial.id &&
          !templateCode &&
          text('code', 'Code', {
            required: true,
            description: 'Lower-case letters, digits, - or _; used in the callback URL.',
          })}
        <Switch
          label="Users may sign in with this provider"
          checked={f.enabled}
          onChange={(e) => setF({ ...f, enabled: e.currentTarget.checked })}
        />
        {text('clientId', version === 1 ? 'Consumer key' : 'Client id', { required: true })}
        <PasswordInput
          label={version === 1 ? 'Consumer secret' : 'Client secret'}
          value={f.clientSecret}
          onChange={(e) => setF({ ...f, clientSecret: e.currentTarget.value })}
          error={fieldError(save.error, 'clientSecret')}
          autoComplete="off"
        />
        {text('scope', 'Scopes', { description: 'Separated by spaces or commas.' })}
        {version === 1 && text('requestTokenUrl', 'Request token URL')}
        {text('authorizationUrl', 'Authorization URL', { required: true })}
        {text('tokenUrl', 'Token URL', { required: true })}
        {text('userInfoUrl', 'User info URL')}
        {callback.data?.callbackUrl && (
          <Stack gap={2}>
            <TextInput label="Callback URL to register with the provider" value={callback.data.callbackUrl} readOnly />
            <CopyValue value={callback.data.callbackUrl} label="Copy callback URL" />
          </Stack>
        )}
        {formError(save.error, FIELDS) && (
          <Alert color="red" variant="light" role="alert">
            {formError(save.error, FIELDS)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!!disabledReason} title={disabledReason}>
            {initial.id ? 'Save provider' : 'Add provider'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
