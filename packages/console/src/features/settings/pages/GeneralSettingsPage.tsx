import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetAppInfo } from '../../apps';
import { CloneCard, DangerZoneCard, ExportCard, ImportCard } from '../../lifecycle';
import { AppIdentityCard } from '../components/AppIdentityCard';

/**
 * Settings › General: the app's name, id, logo and description; clone, export and import; and the
 * red Danger zone (reset, delete) at the bottom (docs/console-screens.md › Settings).
 */
export default function GeneralSettingsPage() {
  const { appId = '' } = useParams();
  const info = useGetAppInfo(appId);
  if (info.isPending) return <Skeleton height={420} radius="md" maw={820} />;
  if (info.isError) return <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  const app = info.data;
  return (
    <Stack gap="lg" maw={820}>
      <AppIdentityCard key={app.id} app={app} />
      <CloneCard appId={app.id} appName={app.appName} />
      <ExportCard appId={app.id} appName={app.appName} />
      <ImportCard appId={app.id} appName={app.appName} />
      <DangerZoneCard app={app} />
    </Stack>
  );
}
