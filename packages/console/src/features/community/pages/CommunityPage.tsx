import { useLocation, useNavigate } from 'react-router';
import { Skeleton, Tabs } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useMyProfile } from '../api/community.queries';
import { InvitesTab } from './InvitesTab';
import { ProfileTab } from './ProfileTab';
import { QuestionnaireTab } from './QuestionnaireTab';

const TABS = ['profile', 'invitations', 'questionnaire'] as const;

/** `/community/*`: the developer's community profile, invitations to this server, the first-run questions. */
export default function CommunityPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = TABS.find((t) => pathname.startsWith(`/community/${t}`)) ?? 'profile';
  const profile = useMyProfile();
  return (
    <>
      <PageHeader
        title="Community"
        description="How other developers on this server see you, and who you invite to it."
      />
      <Tabs value={tab} onChange={(v) => navigate(`/community/${v ?? 'profile'}`)} mb="lg" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="invitations">Invitations</Tabs.Tab>
          <Tabs.Tab value="questionnaire">Questionnaire</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'profile' &&
        (profile.isPending ? (
          <Skeleton height={320} />
        ) : profile.isError ? (
          <ErrorAlert error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <ProfileTab profile={profile.data} />
        ))}
      {tab === 'invitations' && <InvitesTab />}
      {tab === 'questionnaire' && <QuestionnaireTab />}
    </>
  );
}
