import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DevOperations, type ScopeBinding } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useCan } from '../../security';
import { useDeleteAuth0ScopeBinding } from '../api/auth0.queries';
import { ScopeBindingModal } from './ScopeBindingModal';
import { EditDeleteActions } from '../../../components/EditDeleteActions';

/** Scope → role bindings applied at every provider sign-in (Auth0, OAuth 1 and 2). */
export function ScopeBindingsTable({
  appId,
  bindings,
  roles,
}: {
  appId: string;
  bindings: ScopeBinding[];
  roles: string[];
}) {
  const can = useCan(appId, DevOperations.OAUTH_PROVIDERS);
  const [editing, setEditing] = useState<Partial<ScopeBinding>>();
  const [removing, setRemoving] = useState<ScopeBinding>();
  const remove = useDeleteAuth0ScopeBinding(appId);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2}>
              Scope to role{' '}
              <Badge variant="light" ml={4}>
                {bindings.length}
              </Badge>
            </Title>
            <Text size="sm" c="dimmed">
              A user whose token grants the scope gets the role when signing in with Auth0 or an OAuth provider.
            </Text>
          </div>
          <Tooltip label={can.reason} disabled={can.allowed}>
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              disabled={!can.allowed}
              onClick={() => setEditing({})}
            >
              Add binding
            </Button>
          </Tooltip>
        </Group>
        {bindings.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            No bindings yet. Add one to give a role to users granted a scope, e.g. <code>write:notes</code> → Editors.
          </Text>
        ) : (
          <Table striped highlightOnHover aria-label="Scope to role bindings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th w={96}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bindings.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {b.scope}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {b.roleName}
                    {!roles.includes(b.roleName) && (
                      <Badge color="orange" variant="light" ml="xs">
                        role missing
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <EditDeleteActions
                      what={`binding ${b.scope}`}
                      disabledReason={can.allowed ? undefined : can.reason}
                      onEdit={() => setEditing(b)}
                      onDelete={() => {
                        remove.reset();
                        setRemoving(b);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ScopeBindingModal appId={appId} binding={editing} roles={roles} onClose={() => setEditing(undefined)} />
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(undefined)}
        title={`Delete the binding of ${removing?.scope ?? ''}?`}
        confirmLabel="Delete binding"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => removing?.id && remove.mutate(removing.id, { onSuccess: () => setRemoving(undefined) })}
      >
        Users signing in with <b>{removing?.scope}</b> no longer get <b>{removing?.roleName}</b>. Users who already have
        the role keep it.
      </ConfirmModal>
    </Paper>
  );
}
