import { Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useInstanceStatus, useLicense } from '../api/instance.queries';
import { InstanceCard } from './InstanceCard';
import { LicenseCard } from './LicenseCard';

/** The licence and the instance it runs on; the status is extra detail and never holds the licence back. */
export function InstancePanel() {
  const license = useLicense();
  const status = useInstanceStatus();
  if (license.isError) return <ErrorAlert error={license.error} onRetry={() => void license.refetch()} />;
  if (license.isPending) return <PageSkeleton rows={6} />;
  return (
    <Stack gap="lg" maw={960}>
      <LicenseCard license={license.data} />
      <InstanceCard license={license.data} status={status.data} />
    </Stack>
  );
}
