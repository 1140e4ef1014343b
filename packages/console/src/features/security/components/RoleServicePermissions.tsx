import { Stack, Text, Title } from '@mantine/core';
import { DevOperations, PermissionOperations, type PermissionService } from '@basalt/shared';
import type { Role } from '@basalt/sdk';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useLoadRolePermissions, useSetRolePermission } from '../api/roles.queries';
import { useCan } from '../api/use-can';
import { PermissionMatrix } from './PermissionMatrix';

const SERVICES: Array<{ service: PermissionService; label: string }> = [
  { service: 'data', label: 'Data (every table)' },
  { service: 'files', label: 'Files (every path)' },
  { service: 'messaging', label: 'Messaging (every channel)' },
];

/** A role's service-wide rules: they apply wherever no rule of a table, path or channel decides. */
export function RoleServicePermissions({ appId, role }: { appId: string; role: Role }) {
  const perms = useLoadRolePermissions(appId, role.id);
  const set = useSetRolePermission(appId, role.id);
  const can = useCan(appId, DevOperations.ROLE_PERMISSIONS);
  if (perms.isError) return <ErrorAlert error={perms.error} onRetry={() => void perms.refetch()} />;
  if (perms.isPending) return <PageSkeleton rows={3} />;
  const value = (service: string, op: string) =>
    perms.data.find((p) => p.service === service && p.operation === op)?.access ?? undefined;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{role.name}: service-wide permissions</Title>
        <Text size="sm" c="dimmed">
          These apply to every table, file and channel unless a rule on the item itself decides first.
        </Text>
      </div>
      {SERVICES.map(({ service, label }) => (
        <Stack key={service} gap={4}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <PermissionMatrix
            caption={`${label} permissions of ${role.name}`}
            rowHeader="Role"
            rows={[{ id: role.id, name: role.name }]}
            operations={PermissionOperations[service]}
            itemLabel={`every ${service === 'data' ? 'table' : service === 'files' ? 'file' : 'channel'}`}
            value={(_row, op) => value(service, op)}
            onChange={(changes) =>
              changes.forEach((c) => set.mutate({ service, operation: c.operation, access: c.access ?? null }))
            }
            disabledReason={can.reason}
          />
        </Stack>
      ))}
    </Stack>
  );
}
