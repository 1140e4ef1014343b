import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { ApiKeysCard } from '../components/ApiKeysCard';

/** Settings › API keys (docs/console-screens.md › Settings). */
export default function ApiKeysSettingsPage() {
  const { appId = '' } = useParams();
  return (
    <Stack gap="lg" maw={1100}>
      <ApiKeysCard appId={appId} manage />
    </Stack>
  );
}
