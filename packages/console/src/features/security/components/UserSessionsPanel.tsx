import { useState } from 'react';
import { Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '@basalt/sdk';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { formatDateTime } from '../../../lib/format';
import { useLogoutUserSessions, useUserSessions } from '../api/sessions.queries';

/** Active sessions of one app user, with "Log out everywhere". */
export function UserSessionsPanel({
  appId,
  user,
  disabledReason,
}: {
  appId: string;
  user: SessionUser;
  disabledReason?: string;
}) {
  const sessions = useUserSessions(appId, user.objectId);
  const logout = useLogoutUserSessions(appId);
  const [confirming, setConfirming] = useState(false);
  const who = user.email ?? user.name ?? user.objectId;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2}>Sessions of {who}</Title>
        <Tooltip label={disabledReason} disabled={!disabledReason}>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} />}
            disabled={!!disabledReason || !sessions.data?.data.length}
            onClick={() => {
              logout.reset();
              setConfirming(true);
            }}
          >
            Log out everywhere
          </Button>
        </Tooltip>
      </Group>
      {sessions.isError ? (
        <ErrorAlert error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <PageSkeleton rows={3} />
      ) : sessions.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No active sessions: this user is signed out everywhere.
        </Text>
      ) : (
        <Table aria-label={`Sessions of ${who}`} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last seen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.data.map((s) => (
              <Table.Tr key={s.sessionId}>
                <Table.Td>{s.deviceType ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(s.created)}</Table.Td>
                <Table.Td>{formatDateTime(s.lastUsed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Log ${who} out everywhere?`}
        confirmLabel="Log out everywhere"
        loading={logout.isPending}
        error={logout.error}
        onConfirm={() =>
          logout.mutate(user.objectId, {
            onSuccess: (ended) => {
              setConfirming(false);
              notifications.show({
                color: 'teal',
                title: 'Signed out',
                message: `${who} was logged out of ${Number(ended) || 0} session(s).`,
              });
            },
          })
        }
      >
        All {sessions.data?.data.length ?? 0} session(s) of <b>{who}</b> end now; their apps must sign in again.
      </ConfirmModal>
    </Stack>
  );
}
