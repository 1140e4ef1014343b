import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCustomDomains } from '../api/domains.queries';
import { CustomDomainsCard } from '../components/CustomDomainsCard';

/** Settings › Domains: the app's custom domains (docs/console-screens.md › Settings). */
export default function DomainsSettingsPage() {
  const { appId = '' } = useParams();
  const domains = useCustomDomains(appId);
  return (
    <Stack gap="lg" maw={1100}>
      {domains.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : domains.isError ? (
        <ErrorAlert error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <CustomDomainsCard appId={appId} domains={domains.data} />
      )}
    </Stack>
  );
}
