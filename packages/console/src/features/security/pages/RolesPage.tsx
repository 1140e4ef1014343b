import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Grid, Group, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { DevOperations } from '@basalt/shared';
import type { Role } from '@basalt/sdk';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useCreateRole, useDeleteRole, useLoadRoles, useRenameRole } from '../api/roles.queries';
import { useCan } from '../api/use-can';
import { RoleNameModal } from '../components/RoleNameModal';
import { RoleServicePermissions } from '../components/RoleServicePermissions';
import { RolesTable } from '../components/RolesTable';

export default function RolesPage() {
  const { appId = '', roleId } = useParams();
  const navigate = useNavigate();
  const roles = useLoadRoles(appId);
  const create = useCreateRole(appId);
  const rename = useRenameRole(appId);
  const remove = useDeleteRole(appId);
  const can = useCan(appId, DevOperations.ROLES_ADD_ASSIGN);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  if (roles.isError) return <ErrorAlert error={roles.error} onRetry={() => void roles.refetch()} />;
  if (roles.isPending) return <PageSkeleton rows={8} />;
  const selected = roles.data.find((r) => r.id === roleId);

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          {roles.data.length} roles · built-in roles are given by how a caller signs in; assign your own to users from
          the Users table.
        </Text>
        <Tooltip label={can.reason} disabled={can.allowed}>
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
            disabled={!can.allowed}
          >
            New role
          </Button>
        </Tooltip>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: selected ? 4 : 12 }}>
          <Paper withBorder radius="md">
            <RolesTable
              appId={appId}
              roles={roles.data}
              selectedId={roleId}
              onRename={(r) => {
                rename.reset();
                setRenaming(r);
              }}
              onDelete={(r) => {
                remove.reset();
                setDeleting(r);
              }}
              disabledReason={can.reason}
            />
          </Paper>
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder radius="md" p="md">
              <RoleServicePermissions appId={appId} role={selected} />
            </Paper>
          </Grid.Col>
        )}
      </Grid>

      <RoleNameModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New role"
        confirmLabel="Create role"
        loading={create.isPending}
        error={create.error}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (role) => {
              setCreating(false);
              notifications.show({
                color: 'teal',
                title: 'Role created',
                message: `${role.name} is ready for permissions.`,
              });
            },
          })
        }
      />
      <RoleNameModal
        opened={!!renaming}
        onClose={() => setRenaming(null)}
        title={`Rename ${renaming?.name ?? ''}`}
        confirmLabel="Rename"
        initial={renaming?.name}
        loading={rename.isPending}
        error={rename.error}
        onSubmit={(name) =>
          renaming && rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
        }
      />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={`Delete role ${deleting?.name ?? ''}?`}
        confirmLabel="Delete role"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Role deleted', message: `${deleting.name} is gone.` });
              if (roleId === deleting.id) void navigate(`/apps/${appId}/security/roles`);
              setDeleting(null);
            },
          })
        }
      >
        Every user who has <b>{deleting?.name}</b> loses it, and its permissions on tables, files and channels are
        removed. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
