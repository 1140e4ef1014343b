import { Code, Group, Paper, Text } from '@mantine/core';
import { CopyButton } from '../../../components/CopyButton';
import { useGetAppInfo } from '../../apps';

/** How an app publishes to this channel, with the app's REST key filled in. */
export function AppApiSnippet({ appId, channel }: { appId: string; channel: string }) {
  const info = useGetAppInfo(appId);
  const key = info.data?.apiKeys?.find((k) => k.deviceType === 'REST')?.apiKey ?? '<REST API key>';
  const command = `curl -X POST ${window.location.origin}/${appId}/${key}/messaging/${channel} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"message": {"text": "Hello"}, "publisherId": "server"}'`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Publish from your app">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Publish from your app
        </Text>
        <CopyButton value={command} label="Copy command" />
      </Group>
      <Code block style={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {command}
      </Code>
    </Paper>
  );
}
