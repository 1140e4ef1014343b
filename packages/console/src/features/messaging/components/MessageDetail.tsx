import { Code, Group, Paper, Text } from '@mantine/core';
import type { PublishedMessage } from '@basalt/shared';
import { CopyButton } from '../../../components/CopyButton';
import { preciseTime } from '../json-text';

/** Everything a message carried, as JSON. */
export function MessageDetail({ message }: { message: PublishedMessage }) {
  const json = JSON.stringify(message, null, 2);
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Message detail" component="section">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          Message at {preciseTime(message.timestamp)}
        </Text>
        <CopyButton value={json} label="Copy message JSON" />
      </Group>
      <Code block style={{ maxHeight: 260, overflow: 'auto', fontSize: 12 }}>
        {json}
      </Code>
    </Paper>
  );
}
