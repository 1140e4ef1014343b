import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCustomTemplates, useEventTemplates } from '../api/email.queries';
import { CustomTemplatesCard } from '../components/CustomTemplatesCard';
import { OutboxCard } from '../components/OutboxCard';
import { SystemTemplatesCard } from '../components/SystemTemplatesCard';
import { useCurrentAppName } from '../components/use-app-name';

/** Settings › Email: the system event mails, the custom templates and the outbox (docs/console-screens.md › Settings). */
export default function EmailSettingsPage() {
  const { appId = '' } = useParams();
  const events = useEventTemplates(appId);
  const custom = useCustomTemplates(appId);
  const appName = useCurrentAppName(appId);
  return (
    <Stack gap="lg" maw={1200}>
      {events.isPending ? (
        <Skeleton height={360} radius="md" />
      ) : events.isError ? (
        <ErrorAlert error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <SystemTemplatesCard appId={appId} appName={appName} templates={events.data} />
      )}
      {custom.isPending ? (
        <Skeleton height={200} radius="md" />
      ) : custom.isError ? (
        <ErrorAlert error={custom.error} onRetry={() => void custom.refetch()} />
      ) : (
        <CustomTemplatesCard appId={appId} templates={custom.data} />
      )}
      <OutboxCard appId={appId} />
    </Stack>
  );
}
