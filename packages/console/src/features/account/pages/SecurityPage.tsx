import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetAccountInfo } from '../api/account.queries';
import { AccountTabs } from '../components/AccountTabs';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { TwoFactorCard } from '../components/TwoFactorCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';

export default function SecurityPage() {
  const account = useGetAccountInfo();
  if (account.isPending) return <PageSkeleton rows={5} />;
  if (account.isError) return <ErrorAlert error={account.error} onRetry={() => void account.refetch()} />;
  return (
    <>
      <PageHeader title="Account" description="Password, two-factor sign-in and account removal." />
      <AccountTabs />
      <Stack gap="lg" maw={760}>
        <ChangePasswordCard account={account.data} />
        <TwoFactorCard />
        <DeleteAccountCard account={account.data} />
      </Stack>
    </>
  );
}
