import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { DeveloperAccount } from '@basalt/shared';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { setAuthKey } from '../../../lib/sdk';
import { markSignedOut } from '../../../app/session/sign-in-state';
import { useSuicide } from '../api/account.queries';

export function DeleteAccountCard({ account }: { account: DeveloperAccount }) {
  const [open, setOpen] = useState(false);
  const remove = useSuicide();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        markSignedOut(true);
        setAuthKey(null);
        queryClient.clear();
        navigate('/login', { replace: true });
        notifications.show({ color: 'teal', message: 'Your account was deleted' });
      },
    });

  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Stack gap="sm">
        <Title order={2} c="red">
          Danger zone
        </Title>
        <Group justify="space-between" align="center" wrap="nowrap" gap="lg">
          <div>
            <Text size="sm" fw={600}>
              Delete this account
            </Text>
            <Text size="sm" c="dimmed">
              Removes your account and every app you own, with all their data. This cannot be undone.
            </Text>
          </div>
          <Button color="red" variant="outline" onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
            Delete account
          </Button>
        </Group>
      </Stack>
      <TypeToConfirmModal
        opened={open}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
        title="Delete your account?"
        expected={account.email}
        inputLabel="Type your email to confirm"
        confirmLabel="Delete my account"
        loading={remove.isPending}
        error={remove.error}
        consequences={
          <>
            This signs you out and permanently removes:
            <List size="sm" mt={6} spacing={2}>
              <List.Item>your developer account and its sessions</List.Item>
              <List.Item>every app you own, with its data, files and keys</List.Item>
              <List.Item>your membership in other developers' teams</List.Item>
            </List>
          </>
        }
        onConfirm={confirm}
      />
    </Paper>
  );
}
