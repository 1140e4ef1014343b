import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations } from '@basalt/shared';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useCan } from '../../security';
import { useLogoutAllUsers } from '../api/users.queries';

/** "Log out all users" (permission 107), confirmed by typing the app name. */
export function LogoutAllUsersCard({ appId, appName }: { appId: string; appName: string }) {
  const [open, setOpen] = useState(false);
  const logout = useLogoutAllUsers(appId);
  const can = useCan(appId, DevOperations.LOGOUT_ALL_USERS);
  return (
    <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2}>Log out all users</Title>
          <Text size="sm" c="dimmed">
            Every user token issued until now stops working; everyone signs in again.
          </Text>
        </Stack>
        <Tooltip label={can.reason} disabled={can.allowed}>
          <Button
            color="red"
            variant="light"
            disabled={!can.allowed}
            onClick={() => {
              logout.reset();
              setOpen(true);
            }}
          >
            Log out all users
          </Button>
        </Tooltip>
      </Group>
      <TypeToConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title="Log out every user of this app?"
        expected={appName}
        inputLabel="Type the app name to confirm"
        consequences="All sessions of all users end now. Apps that are open must sign their users in again."
        confirmLabel="Log out all users"
        loading={logout.isPending}
        error={logout.error}
        onConfirm={() =>
          logout.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              notifications.show({
                color: 'teal',
                title: 'Everyone is signed out',
                message: 'Users sign in again on their next call.',
              });
            },
          })
        }
      />
    </Paper>
  );
}
