import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TeamMember } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import {
  useCancelSentOwnershipTransfer,
  useConfirmOwnershipChange,
  useLoadOwnershipTransferProposals,
  useLoadSentOwnershipTransfer,
  useTransferOwnership,
} from '../api/team.queries';

/** Ownership transfer: the owner proposes, the member accepts; both see the pending proposal. */
export function OwnershipTransferCard({
  appId,
  members,
  isOwner,
}: {
  appId: string;
  members: TeamMember[];
  isOwner: boolean;
}) {
  const sent = useLoadSentOwnershipTransfer(appId, isOwner);
  const received = useLoadOwnershipTransferProposals();
  const propose = useTransferOwnership(appId);
  const cancel = useCancelSentOwnershipTransfer(appId);
  const confirm = useConfirmOwnershipChange(appId);
  const [to, setTo] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const mine = (received.data ?? []).find((p) => p.appId === appId);
  const candidates = members.filter((m) => !m.owner && m.status === 'ACTIVE');
  const target = candidates.find((m) => m.id === to);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2}>Ownership</Title>
        {mine && (
          <Alert color="indigo" variant="light" title="You are asked to take over this app">
            <Group justify="space-between">
              <Text size="sm">
                {mine.fromDeveloper.name || mine.fromDeveloper.email} proposes you as the new owner of {mine.appName}.
              </Text>
              <Button
                size="xs"
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(mine.id, {
                    onSuccess: () =>
                      notifications.show({ color: 'teal', title: 'You own this app now', message: mine.appName }),
                  })
                }
              >
                Accept ownership
              </Button>
            </Group>
          </Alert>
        )}
        {isOwner && sent.data && (
          <Alert color="orange" variant="light" title="Transfer pending">
            <Group justify="space-between">
              <Text size="sm">Waiting for {sent.data.toDeveloper.name || sent.data.toDeveloper.email} to accept.</Text>
              <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel transfer
              </Button>
            </Group>
          </Alert>
        )}
        {isOwner && !sent.data && (
          <Group align="flex-end">
            <Select
              label="Propose a new owner"
              placeholder={candidates.length ? 'Pick a member' : 'Invite a member first'}
              data={candidates.map((m) => ({ value: m.id, label: m.name || m.email }))}
              value={to}
              onChange={setTo}
              w={300}
              disabled={!candidates.length}
            />
            <Button
              variant="default"
              disabled={!target}
              onClick={() => {
                propose.reset();
                setAsking(true);
              }}
            >
              Propose transfer
            </Button>
          </Group>
        )}
        {!isOwner && !mine && (
          <Text size="sm" c="dimmed">
            Only the owner can transfer this app.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={`Propose ${target?.name || target?.email || ''} as owner?`}
        confirmLabel="Propose transfer"
        loading={propose.isPending}
        error={propose.error}
        onConfirm={() =>
          to &&
          propose.mutate(to, {
            onSuccess: () => {
              setAsking(false);
              notifications.show({
                color: 'teal',
                title: 'Transfer proposed',
                message: 'They accept from their Team page or the mail.',
              });
            },
          })
        }
      >
        Once they accept, they own the app and you stay on the team as a member with every permission.
      </ConfirmModal>
    </Paper>
  );
}
