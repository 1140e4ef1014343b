import { Link, useParams } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { formatDateTime } from '../../../lib/format';
import { useGetApps } from '../../apps';
import { useNewestUsers } from '../api/users.queries';
import { LogoutAllUsersCard } from '../components/LogoutAllUsersCard';

/** The users list lives in the records browser (Users table); this page links there and lists the newest users. */
export default function UsersOverviewPage() {
  const { appId = '' } = useParams();
  const apps = useGetApps();
  const users = useNewestUsers(appId);
  const appName = apps.data?.find((a) => a.id === appId)?.appName ?? appId;
  const base = `/apps/${appId}`;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Stack gap={2}>
            <Title order={2}>Users table</Title>
            <Text size="sm" c="dimmed">
              {users.data ? `${users.data.totalRows} ${users.data.totalRows === 1 ? 'user' : 'users'}. ` : ''}Edit
              users, assign roles and reset passwords in the records browser.
            </Text>
          </Stack>
          <Button component={Link} to={`${base}/data/Users`} rightSection={<IconExternalLink size={16} />}>
            Open the Users table
          </Button>
        </Group>
        {users.isError ? (
          <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />
        ) : users.isPending ? (
          <PageSkeleton rows={3} />
        ) : users.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No users yet. Apps register them through the app API (`/users/register`).
          </Text>
        ) : (
          <Table aria-label="Newest users" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Identity</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>Sessions</Table.Th>
                <Table.Th>Look at</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.data.map((u) => (
                <Table.Tr key={u.objectId}>
                  <Table.Td>
                    <Text size="sm">{u.email ?? u.name ?? u.objectId}</Text>
                    <Text size="xs" c="dimmed" className="mono">
                      {u.objectId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(u.created)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/security/sessions?user=${encodeURIComponent(u.objectId)}&q=${encodeURIComponent(u.objectId)}`}
                      size="sm"
                    >
                      {u.sessions} {u.sessions === 1 ? 'session' : 'sessions'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/security/run-as?as=user&user=${encodeURIComponent(u.objectId)}`}
                      size="sm"
                    >
                      View data as this user
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <LogoutAllUsersCard appId={appId} appName={appName} />
    </Stack>
  );
}
