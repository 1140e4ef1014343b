import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useLoadRoles } from '../api/roles.queries';
import { useChangePermissions, usePermissionList, type PermissionScope } from '../api/permissions.queries';
import { PermissionMatrix, type MatrixRow } from './PermissionMatrix';
import { SystemBadge } from './SystemBadge';

interface Props {
  appId: string;
  scope: PermissionScope;
  policy: 'roles' | 'users' | 'owner';
  itemLabel: string;
  operations: readonly string[];
  disabledReason?: string;
}

/** The matrix of one scope (a table, a file path, a channel, a record) for roles, users or the owner. */
export function ScopeMatrix({ appId, scope, policy, itemLabel, operations, disabledReason }: Props) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const roles = useLoadRoles(appId);
  const list = usePermissionList(appId, policy, scope, policy === 'users' ? search : '');
  const change = useChangePermissions(appId, policy, scope, policy === 'users' ? search : '');

  if (list.isError) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending || (policy === 'roles' && roles.isPending)) return <PageSkeleton rows={6} />;

  const byId = new Map(list.data.data.map((r) => [r.id, r.permissions]));
  let rows: MatrixRow[];
  if (policy === 'roles')
    rows = (roles.data ?? []).map((r) => ({ id: r.id, name: r.name, extra: r.system ? <SystemBadge /> : undefined }));
  else if (policy === 'owner') rows = [{ id: 'owner', name: 'Owner of the record' }];
  else rows = list.data.data.map((r) => ({ id: r.id, name: r.name }));

  const matrix = (
    <PermissionMatrix
      caption={`Permissions on ${itemLabel} by ${policy === 'roles' ? 'role' : policy === 'users' ? 'user' : 'owner'}`}
      rowHeader={policy === 'roles' ? 'Role' : policy === 'users' ? 'User' : 'Who'}
      rows={rows}
      operations={operations}
      itemLabel={itemLabel}
      value={(rowId, op) => (policy === 'owner' ? list.data.data[0]?.permissions[op] : byId.get(rowId)?.[op])}
      onChange={(changes) =>
        change.mutate(
          changes.map((c) => ({ policy, principalId: c.rowId, operation: c.operation, access: c.access ?? null })),
        )
      }
      disabledReason={disabledReason}
    />
  );

  if (policy !== 'users') {
    return (
      <Stack gap="sm">
        {policy === 'owner' && (
          <Text size="sm" c="dimmed">
            What the user who created a record may do with it, before role and user rules apply.
          </Text>
        )}
        {matrix}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        label="Find users"
        description="Search by email or object id to add users to the matrix; users with their own rules are listed already."
        leftSection={<IconSearch size={16} stroke={1.5} />}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
        maw={420}
      />
      {rows.length ? (
        matrix
      ) : (
        <Text size="sm" c="dimmed">
          {search
            ? `No users match “${search}”.`
            : 'No user has rules of their own here. Search for a user to give them some.'}
        </Text>
      )}
    </Stack>
  );
}
