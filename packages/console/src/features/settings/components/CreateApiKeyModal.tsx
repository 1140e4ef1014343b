import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AppApiKey } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';
import { useLoadRoles } from '../../security';
import { useCreateApiKey } from '../api/api-keys.queries';

/** Roles that describe the user behind a call; the server refuses them for a key. */
const USER_STATE_ROLES = new Set(['AuthenticatedUser', 'NotAuthenticatedUser', 'GuestUser', 'SocialUser']);
const NO_ROLE = '';

/** A custom key: its name and the role every call made with it gets. */
export function CreateApiKeyModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (key: AppApiKey) => void;
}) {
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(NO_ROLE);
  const roles = useLoadRoles(appId);
  const create = useCreateApiKey(appId);
  const { reset } = create;
  useEffect(() => {
    if (!opened) return;
    setName('');
    setRoleId(NO_ROLE);
    reset();
  }, [opened, reset]);

  const usable = (roles.data ?? []).filter((r) => !USER_STATE_ROLES.has(r.name));
  const data = [
    { group: 'None', items: [{ value: NO_ROLE, label: 'No role (anonymous calls only get NotAuthenticatedUser)' }] },
    { group: 'Your roles', items: usable.filter((r) => !r.system).map((r) => ({ value: r.id, label: r.name })) },
    { group: 'Client roles', items: usable.filter((r) => r.system).map((r) => ({ value: r.id, label: r.name })) },
  ].filter((g) => g.items.length > 0);
  const fields = ['name', 'roleId'];

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>New API key</Text>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name: name.trim(), roleId: roleId || null }, { onSuccess: (key) => key && onCreated(key) });
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Who or what uses the key, e.g. Partner portal."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            error={fieldError(create.error, 'name')}
            data-autofocus
            required
          />
          <Select
            label="Role"
            description="Every call made with this key gets this role, in place of a client role such as RestUser."
            data={data}
            value={roleId}
            onChange={setRoleId}
            allowDeselect={false}
            searchable
            disabled={roles.isPending}
            error={fieldError(create.error, 'roleId') ?? (roles.isError ? 'Roles could not be loaded' : undefined)}
          />
          {formError(create.error, fields) && (
            <Alert color="red" variant="light" role="alert">
              {formError(create.error, fields)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
