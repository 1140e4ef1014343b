import { Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ColumnPermissionOperations, type DataTable } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useLoadRoles } from '../api/roles.queries';
import { useChangePermissions, usePermissionList } from '../api/permissions.queries';
import { PermissionMatrix } from './PermissionMatrix';
import { SystemBadge } from './SystemBadge';

/**
 * Column permissions of a table: pick a column, then roles × Find/Update. A DENY on Find hides the
 * column from that role; a DENY on Update refuses writes to it.
 */
export function ColumnsMatrix({
  appId,
  table,
  disabledReason,
}: {
  appId: string;
  table: DataTable;
  disabledReason?: string;
}) {
  const [params, setParams] = useSearchParams();
  const columns = table.columns
    .filter((c) => !['objectId', 'created', 'updated', 'ownerId'].includes(c.name))
    .map((c) => c.name);
  const column = params.get('column') && columns.includes(params.get('column')!) ? params.get('column')! : columns[0];
  const scope = { service: 'data' as const, itemId: table.tableId, itemName: table.name };
  const roles = useLoadRoles(appId);
  const list = usePermissionList(appId, 'columns', scope);
  const change = useChangePermissions(appId, 'columns', scope);

  if (!columns.length)
    return (
      <Text size="sm" c="dimmed">
        This table has no columns of its own yet.
      </Text>
    );
  if (list.isError) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending || roles.isPending) return <PageSkeleton rows={6} />;
  const byId = new Map(list.data.data.map((r) => [r.id, r.permissions]));

  return (
    <Stack gap="sm">
      <Select
        label="Column"
        data={columns}
        value={column}
        onChange={(v) =>
          setParams(
            (p) => {
              if (v) p.set('column', v);
              return p;
            },
            { replace: true },
          )
        }
        allowDeselect={false}
        maw={320}
      />
      <PermissionMatrix
        caption={`Permissions on column ${column} of ${table.name} by role`}
        rowHeader="Role"
        rows={(roles.data ?? []).map((r) => ({
          id: r.id,
          name: r.name,
          extra: r.system ? <SystemBadge /> : undefined,
        }))}
        operations={ColumnPermissionOperations}
        itemLabel={`${table.name}.${column}`}
        value={(rowId, op) => byId.get(rowId)?.[`${column}:${op}`]}
        onChange={(changes) =>
          change.mutate(
            changes.map((c) => ({
              policy: 'columns',
              principalId: c.rowId,
              operation: c.operation,
              access: c.access ?? null,
              column,
            })),
          )
        }
        disabledReason={disabledReason}
      />
    </Stack>
  );
}
