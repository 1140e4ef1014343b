import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetUsersProps, useGetUsersRegs } from '../api/users.queries';
import { RegistrationForm } from '../components/RegistrationForm';
import { UserPropertiesTable } from '../components/UserPropertiesTable';

export default function RegistrationPage() {
  const { appId = '' } = useParams();
  const regs = useGetUsersRegs(appId);
  const props = useGetUsersProps(appId);
  return (
    <Stack gap="md" maw={880}>
      {regs.isError ? (
        <ErrorAlert error={regs.error} onRetry={() => void regs.refetch()} />
      ) : regs.isPending ? (
        <PageSkeleton rows={3} />
      ) : (
        <RegistrationForm appId={appId} value={regs.data} />
      )}
      {props.isError ? (
        <ErrorAlert error={props.error} onRetry={() => void props.refetch()} />
      ) : props.isPending ? (
        <PageSkeleton rows={4} />
      ) : (
        <UserPropertiesTable appId={appId} properties={props.data} />
      )}
    </Stack>
  );
}
