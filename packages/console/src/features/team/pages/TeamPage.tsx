import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Paper, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import type { TeamMember } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useIntentParam } from '../../../lib/use-intent-param';
import { useGetApps } from '../../apps';
import { useGetDevelopers, useInviteDeveloper, useRemoveDeveloper } from '../api/team.queries';
import { InviteModal } from '../components/InviteModal';
import { MembersTable } from '../components/MembersTable';
import { OwnershipTransferCard } from '../components/OwnershipTransferCard';

export default function TeamPage() {
  const { appId = '' } = useParams();
  const apps = useGetApps();
  const members = useGetDevelopers(appId);
  const invite = useInviteDeveloper(appId);
  const remove = useRemoveDeveloper(appId);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // The palette's "Invite teammate" opens the dialog through `?invite=1`.
  const openInvite = useCallback(() => setInviting(true), []);
  useIntentParam('invite', '1', openInvite);
  // Only the owner manages the team (the server refuses everyone else).
  const isOwner = apps.data?.find((a) => a.id === appId)?.role === 'owner';

  const header = (
    <PageHeader
      title="Team"
      description="Developers who work on this app and what each of them may do."
      actions={
        <Tooltip label="Only the owner invites developers" disabled={isOwner}>
          <Button
            leftSection={<IconUserPlus size={18} />}
            disabled={!isOwner}
            onClick={() => {
              invite.reset();
              setInviting(true);
            }}
          >
            Invite developer
          </Button>
        </Tooltip>
      }
    />
  );
  if (members.isError)
    return (
      <>
        {header}
        <ErrorAlert error={members.error} onRetry={() => void members.refetch()} />
      </>
    );
  if (members.isPending)
    return (
      <>
        {header}
        <PageSkeleton rows={4} />
      </>
    );

  return (
    <>
      {header}
      <Stack gap="md">
        <Paper withBorder radius="md">
          <MembersTable
            appId={appId}
            members={members.data}
            isOwner={isOwner}
            onRemove={(m) => {
              remove.reset();
              setRemoving(m);
            }}
          />
        </Paper>
        <OwnershipTransferCard appId={appId} members={members.data} isOwner={isOwner} />
      </Stack>
      <InviteModal
        opened={inviting}
        onClose={() => setInviting(false)}
        loading={invite.isPending}
        error={invite.error}
        onInvite={(email) =>
          invite.mutate(email, {
            onSuccess: (m) => {
              setInviting(false);
              notifications.show({
                color: 'teal',
                title: m.status === 'PENDING' ? 'Invitation sent' : 'Developer added',
                message: m.status === 'PENDING' ? `${email} gets a code by mail to join.` : `${email} is on the team.`,
              });
            },
          })
        }
      />
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={
          removing?.status === 'PENDING'
            ? `Withdraw the invitation of ${removing?.email}?`
            : `Remove ${removing?.name || removing?.email || ''} from the team?`
        }
        confirmLabel={removing?.status === 'PENDING' ? 'Withdraw invitation' : 'Remove from team'}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing?.status === 'PENDING'
          ? 'The code in their mail stops working.'
          : 'They lose access to this app at once. Their changes stay.'}
      </ConfirmModal>
    </>
  );
}
