import { Link } from 'react-router';
import { Button, Code, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconApps, IconFileZip, IconPlus } from '@tabler/icons-react';

export function AppsEmptyState({ onFromZip }: { onFromZip: () => void }) {
  return (
    <Paper withBorder radius="md" py={48} px="lg">
      <EmptyState icon={<IconApps size={32} stroke={1.5} />} variant="light">
        <EmptyState.Title order={2}>Create your first app</EmptyState.Title>
        <EmptyState.Description>
          An app holds your data tables, users, files and cloud code, and gets its own API keys for every platform.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/apps/new" leftSection={<IconPlus size={18} stroke={1.5} />}>
            Create your first app
          </Button>
          <Button variant="default" leftSection={<IconFileZip size={18} stroke={1.5} />} onClick={onFromZip}>
            Create app from ZIP
          </Button>
        </EmptyState.Actions>
      </EmptyState>
      <Stack gap={4} maw={520} mx="auto" mt="xl">
        <Text size="xs" c="dimmed">
          Or from a script, with a console key:
        </Text>
        <Code block>{`curl -X POST ${window.location.origin}/console/applications \\
  -H 'auth-key: <your key>' -H 'content-type: application/json' \\
  -d '{"appName": "My app"}'`}</Code>
      </Stack>
    </Paper>
  );
}
