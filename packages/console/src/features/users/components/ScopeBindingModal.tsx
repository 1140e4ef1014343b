import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { ScopeBinding } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';
import { useSaveAuth0ScopeBinding } from '../api/auth0.queries';

interface Props {
  appId: string;
  /** The binding being edited; an empty object adds one; undefined closes the dialog. */
  binding?: Partial<ScopeBinding>;
  roles: string[];
  onClose: () => void;
}

/** Adds or edits one scope → role binding. */
export function ScopeBindingModal({ appId, binding, roles, onClose }: Props) {
  const [scope, setScope] = useState('');
  const [roleName, setRoleName] = useState<string | null>(null);
  const save = useSaveAuth0ScopeBinding(appId);
  const { reset } = save;
  useEffect(() => {
    setScope(binding?.scope ?? '');
    setRoleName(binding?.roleName ?? null);
    reset();
  }, [binding, reset]);

  return (
    <Modal opened={!!binding} onClose={onClose} title={binding?.id ? 'Edit scope binding' : 'Add scope binding'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { ...(binding?.id ? { id: binding.id } : {}), scope: scope.trim(), roleName: roleName ?? '' },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Scope"
            description="As the token grants it, e.g. write:notes"
            value={scope}
            onChange={(e) => setScope(e.currentTarget.value)}
            error={fieldError(save.error, 'scope')}
            data-autofocus
            required
          />
          <Select
            label="Role"
            description="Given to users whose token carries the scope."
            data={roles}
            value={roleName}
            onChange={setRoleName}
            searchable
            error={fieldError(save.error, 'roleName')}
            required
          />
          {formError(save.error, ['scope', 'roleName']) && (
            <Alert color="red" variant="light" role="alert">
              {formError(save.error, ['scope', 'roleName'])}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!scope.trim() || !roleName}>
              {binding?.id ? 'Save binding' : 'Add binding'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
