import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetUsersLogin, useGetUsersProps } from '../api/users.queries';
import { LoginSettingsForm } from '../components/LoginSettingsForm';

export default function LoginSettingsPage() {
  const { appId = '' } = useParams();
  const login = useGetUsersLogin(appId);
  const props = useGetUsersProps(appId);
  if (login.isError) return <ErrorAlert error={login.error} onRetry={() => void login.refetch()} />;
  if (login.isPending || props.isPending) return <PageSkeleton rows={5} />;
  const columns = [
    ...new Set([...(props.data ?? []).map((p) => p.name).filter((n) => n !== 'password'), login.data.identityColumn]),
  ];
  return (
    <Stack gap="md" maw={880}>
      <LoginSettingsForm appId={appId} value={login.data} columns={columns} />
    </Stack>
  );
}
