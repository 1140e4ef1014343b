import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCorsOrigins } from '../api/domains.queries';
import { CorsCard } from '../components/CorsCard';

/** Settings › CORS: the origins the app API grants CORS to (docs/console-screens.md › Settings). */
export default function CorsSettingsPage() {
  const { appId = '' } = useParams();
  const origins = useCorsOrigins(appId);
  return (
    <Stack gap="lg" maw={900}>
      {origins.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : origins.isError ? (
        <ErrorAlert error={origins.error} onRetry={() => void origins.refetch()} />
      ) : (
        <CorsCard key={origins.data.join(' ')} appId={appId} stored={origins.data} />
      )}
    </Stack>
  );
}
