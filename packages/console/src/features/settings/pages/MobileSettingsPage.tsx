import { Link, useParams } from 'react-router';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGooglePlaySettings, useMobileSettings } from '../api/mobile-settings.queries';
import { ApnsCard } from '../components/ApnsCard';
import { FcmCard } from '../components/FcmCard';
import { GooglePlayCard } from '../components/GooglePlayCard';

/** Settings › Mobile: push credentials per platform (docs/console-screens.md › Settings) and the Google Play purchase-check account. */
export default function MobileSettingsPage() {
  const { appId = '' } = useParams();
  const settings = useMobileSettings(appId);
  const play = useGooglePlaySettings(appId);
  return (
    <Stack gap="lg" maw={960}>
      <Text size="sm" c="dimmed">
        Push credentials per platform. They are stored encrypted and never shown again in full. Pushes sent without them
        wait in the{' '}
        <Anchor component={Link} to={`/apps/${appId}/messaging/outbox`} size="sm">
          outbox
        </Anchor>{' '}
        and go out once credentials are saved.
      </Text>
      {settings.isPending ? (
        <Stack gap="lg">
          <Skeleton height={220} radius="md" />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <FcmCard key={settings.data.android?.id ?? 'new-android'} appId={appId} stored={settings.data.android} />
          <ApnsCard key={settings.data.ios?.id ?? 'new-ios'} appId={appId} stored={settings.data.ios} />
        </>
      )}
      {play.isPending ? (
        <Skeleton height={220} radius="md" />
      ) : play.isError ? (
        <ErrorAlert error={play.error} onRetry={() => void play.refetch()} />
      ) : (
        <GooglePlayCard key={play.data ? `play-${play.data.updated}` : 'new-play'} appId={appId} stored={play.data} />
      )}
    </Stack>
  );
}
