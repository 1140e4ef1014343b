import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppLogging } from '../api/logging.queries';
import { LoggersCard } from '../components/LoggersCard';
import { LogIntegrationCard } from '../components/LogIntegrationCard';

/** Settings › Logging: levels per logger, the integration, clearing the loggers (docs/console-screens.md › Settings). */
export default function LoggingSettingsPage() {
  const { appId = '' } = useParams();
  const logging = useAppLogging(appId);
  if (logging.isPending) return <Skeleton height={420} radius="md" maw={900} />;
  if (logging.isError) return <ErrorAlert error={logging.error} onRetry={() => void logging.refetch()} />;
  return (
    <Stack gap="lg" maw={900}>
      <LoggersCard key={JSON.stringify(logging.data.loggers)} appId={appId} stored={logging.data.loggers} />
      <LogIntegrationCard
        key={logging.data.integration?.updated ?? 0}
        appId={appId}
        stored={logging.data.integration}
      />
    </Stack>
  );
}
