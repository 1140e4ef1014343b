import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useSecurityTables } from '../api/lookups.queries';
import { useLoadRoles } from '../api/roles.queries';
import { useRunAsUsers, type RunAsIdentity } from '../api/run-as.queries';
import { RunAsResult } from '../components/RunAsResult';

/** "Run as": what a role or a user can read in a table. Table, kind and identity live in the URL. */
export default function RunAsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tables = useSecurityTables(appId);
  const roles = useLoadRoles(appId);
  const kind = params.get('as') === 'user' ? 'user' : 'role';
  const [userText, setUserText] = useState('');
  const [userSearch] = useDebouncedValue(userText.trim(), 300);
  const users = useRunAsUsers(appId, userSearch, kind === 'user');
  const set = (k: string, v: string | null) =>
    setParams(
      (p) => {
        if (v) p.set(k, v);
        else p.delete(k);
        return p;
      },
      { replace: true },
    );

  if (tables.isError) return <ErrorAlert error={tables.error} onRetry={() => void tables.refetch()} />;
  if (roles.isError) return <ErrorAlert error={roles.error} onRetry={() => void roles.refetch()} />;
  if (tables.isPending || roles.isPending) return <PageSkeleton rows={4} />;

  const table = tables.data.find((t) => t.name === params.get('table'));
  const role = roles.data.find((r) => r.name === params.get('role'));
  const userId = params.get('user');
  const userOptions = (users.data?.data ?? []).map((u) => ({
    value: u.objectId,
    label: u.email ?? u.name ?? u.objectId,
  }));
  if (userId && !userOptions.some((o) => o.value === userId)) userOptions.unshift({ value: userId, label: userId });
  const identity: RunAsIdentity | undefined =
    kind === 'role'
      ? role
        ? { kind: 'role', role }
        : undefined
      : userId
        ? { kind: 'user', userId, label: userOptions.find((o) => o.value === userId)?.label ?? userId }
        : undefined;
  const who = identity ? (identity.kind === 'role' ? `role ${identity.role.name}` : `user ${identity.label}`) : '';

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md">
          <Select
            label="Table"
            placeholder="Pick a table"
            searchable
            data={tables.data.map((t) => t.name)}
            value={table?.name ?? null}
            onChange={(v) => set('table', v)}
            w={240}
          />
          <SegmentedControl
            aria-label="Run as a role or a user"
            value={kind}
            onChange={(v) =>
              setParams(
                (p) => {
                  p.set('as', v);
                  p.delete('role');
                  p.delete('user');
                  return p;
                },
                { replace: true },
              )
            }
            data={[
              { value: 'role', label: 'Role' },
              { value: 'user', label: 'User' },
            ]}
          />
          {kind === 'role' ? (
            <Select
              label="Role"
              placeholder="Pick a role"
              searchable
              data={roles.data.map((r) => r.name)}
              value={role?.name ?? null}
              onChange={(v) => set('role', v)}
              w={260}
            />
          ) : (
            <Select
              label="User"
              placeholder="Search by email or id"
              searchable
              data={userOptions}
              value={userId}
              searchValue={userText}
              onSearchChange={setUserText}
              onChange={(v) => set('user', v)}
              w={360}
              nothingFoundMessage="No matching users"
              filter={({ options }) => options}
            />
          )}
        </Group>
      </Paper>
      {identity && table && (
        <Paper radius="md" px="md" py="xs" bg="violet.8" c="white" role="status" aria-label={`Viewing as ${who}`}>
          <Group justify="space-between">
            <Group gap="xs">
              <IconEye size={18} stroke={1.5} />
              <Text size="sm" fw={600}>
                Viewing {table.name} as {who}
              </Text>
            </Group>
            <Button
              size="compact-sm"
              variant="white"
              color="violet"
              onClick={() =>
                setParams(
                  (p) => {
                    p.delete('role');
                    p.delete('user');
                    return p;
                  },
                  { replace: true },
                )
              }
            >
              Exit
            </Button>
          </Group>
        </Paper>
      )}
      {identity && table ? (
        <Paper withBorder radius="md" p="md">
          <RunAsResult appId={appId} table={table} identity={identity} />
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          Pick a table and a role or a user to see what they can read.
        </Text>
      )}
    </Stack>
  );
}
