import { Link } from 'react-router';
import { Badge, Group, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import type { MessagingChannel } from '@basalt/shared';

interface Props {
  appId: string;
  channels: MessagingChannel[];
  selected?: string;
}

/** The app's channels; the open one is highlighted and its name is in the URL. */
export function ChannelList({ appId, channels, selected }: Props) {
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label="Channels">
      <Group justify="space-between" px="xs" py={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          Channels
        </Text>
        <Badge size="sm" variant="light" color="gray" radius="sm">
          {channels.length}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 300px)" type="auto">
        <Stack gap={2}>
          {channels.map((c) => (
            <NavLink
              key={c.channelid}
              component={Link}
              to={`/apps/${appId}/messaging/channels/${encodeURIComponent(c.name)}`}
              active={c.name === selected}
              label={c.name}
              leftSection={<IconBroadcast size={16} stroke={1.5} />}
              aria-current={c.name === selected ? 'page' : undefined}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
