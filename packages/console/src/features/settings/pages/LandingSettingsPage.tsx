import { useParams } from 'react-router';
import { Skeleton } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppSettings } from '../api/api-keys.queries';
import { useLandingPage, useLandingTemplates } from '../api/landing.queries';
import { LandingEditor } from '../components/LandingEditor';

/** Settings › Landing page: edit with a live preview, choose a template, save, publish (docs/console-screens.md › Settings). */
export default function LandingSettingsPage() {
  const { appId = '' } = useParams();
  const page = useLandingPage(appId);
  const templates = useLandingTemplates(appId);
  const settings = useAppSettings(appId);
  const failed = page.error ?? templates.error ?? settings.error;
  if (failed)
    return (
      <ErrorAlert
        error={failed}
        onRetry={() => void Promise.all([page.refetch(), templates.refetch(), settings.refetch()])}
      />
    );
  if (!page.data || !templates.data || !settings.data) return <Skeleton height={640} radius="md" />;
  // The app's web folder as browsers reach it, with the app's JavaScript key (as its web files route wants).
  const webBase = `${window.location.origin}/${appId}/${settings.data.apiKeysMap.JS}/files/web/`;
  return (
    <LandingEditor
      key={page.data.updated ?? 0}
      appId={appId}
      page={page.data}
      templates={templates.data}
      webBase={webBase}
    />
  );
}
