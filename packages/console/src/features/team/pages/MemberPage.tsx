import { Link, useParams } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetApps } from '../../apps';
import { useGetDevelopers } from '../api/team.queries';
import { MemberPermissions } from '../components/MemberPermissions';

export default function MemberPage() {
  const { appId = '', developerId = '' } = useParams();
  const apps = useGetApps();
  const members = useGetDevelopers(appId);
  const isOwner = apps.data?.find((a) => a.id === appId)?.role === 'owner';
  if (members.isError) return <ErrorAlert error={members.error} onRetry={() => void members.refetch()} />;
  if (members.isPending) return <PageSkeleton rows={8} />;
  const member = members.data.find((m) => m.id === developerId);
  if (!member) {
    return (
      <Text size="sm">
        This developer is not on the team.{' '}
        <Anchor component={Link} to={`/apps/${appId}/team`}>
          Back to the team
        </Anchor>
      </Text>
    );
  }
  return (
    <>
      <PageHeader
        title={member.name || member.email}
        description={
          isOwner
            ? `${member.email} · changes apply at once.`
            : `${member.email} · only the owner can change permissions.`
        }
        actions={
          <Badge variant="light" color={member.status === 'ACTIVE' ? 'green' : 'orange'} radius="sm">
            {member.status === 'ACTIVE' ? 'active' : 'invited'}
          </Badge>
        }
      />
      <MemberPermissions appId={appId} member={member} editable={isOwner && !member.owner} />
    </>
  );
}
