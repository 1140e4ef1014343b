import { useParams } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useEmailParams } from '../api/email.queries';
import { SmtpCard } from '../components/SmtpCard';

/** Settings › SMTP: the app's mail server with a connection test (docs/console-screens.md › Settings). */
export default function SmtpSettingsPage() {
  const { appId = '' } = useParams();
  const settings = useEmailParams(appId);
  return (
    <Stack gap="lg" maw={820}>
      {settings.isPending ? (
        <Skeleton height={420} radius="md" />
      ) : settings.isError ? (
        <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SmtpCard key={`${settings.data.custom}-${settings.data.host}`} appId={appId} stored={settings.data} />
      )}
    </Stack>
  );
}
