import { Navigate, Outlet, useLocation } from 'react-router';
import { Center, Loader, Stack } from '@mantine/core';
import { useAuthKey } from './useAuthKey';
import { wasSignedOutOnPurpose } from './sign-in-state';
import { useGetAccountInfo } from '../../features/account/api/account.queries';
import { ErrorAlert } from '../../components/ErrorAlert';
import { isUnauthorized } from '../../lib/errors';

/** Guards every signed-in screen; the account answer also proves the stored key still works. */
export function RequireAuth() {
  const authKey = useAuthKey();
  const location = useLocation();
  const account = useGetAccountInfo();

  if (!authKey || (account.isError && isUnauthorized(account.error))) {
    const here = location.pathname + location.search;
    const target = wasSignedOutOnPurpose() ? '/login' : `/login?next=${encodeURIComponent(here)}`;
    return <Navigate to={target} replace />;
  }
  if (account.isPending) {
    return (
      <Center h="100vh">
        <Loader size="sm" aria-label="Loading your account" />
      </Center>
    );
  }
  if (account.isError) {
    return (
      <Center h="100vh" p="lg">
        <Stack w={420}>
          <ErrorAlert
            error={account.error}
            title="The console cannot reach the server"
            onRetry={() => void account.refetch()}
          />
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
