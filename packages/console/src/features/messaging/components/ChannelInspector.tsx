import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBroadcast, IconSearch } from '@tabler/icons-react';
import type { PublishedMessage } from '@basalt/shared';
import { useChannel } from '../../realtime';
import { preview } from '../json-text';
import { AppApiSnippet } from './AppApiSnippet';
import { MessageDetail } from './MessageDetail';
import { MessageStream } from './MessageStream';
import { PublishForm } from './PublishForm';

/** Messages kept in the inspector; older ones drop off the bottom. */
const KEEP = 1000;

/**
 * The live inspector of a channel: subscribes as an app client would and shows every message the
 * moment it is published, from the form beside it or from any app.
 */
export function ChannelInspector({ appId, channel }: { appId: string; channel: string }) {
  const [listening, setListening] = useState(true);
  const [messages, setMessages] = useState<PublishedMessage[]>([]);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<PublishedMessage | null>(null);

  const onMessage = useCallback((m: PublishedMessage) => setMessages((list) => [m, ...list].slice(0, KEEP)), []);
  const live = useChannel(appId, channel, onMessage, listening);

  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? messages.filter((m) =>
        `${preview(m.message, 10_000)} ${m.publisherId ?? ''} ${JSON.stringify(m.headers)}`
          .toLowerCase()
          .includes(needle),
      )
    : messages;
  const state = !listening
    ? { label: 'Paused', color: 'orange' }
    : live.live
      ? { label: 'Live', color: 'green' }
      : { label: 'Connecting', color: 'gray' };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <Group gap="md" align="center" wrap="nowrap">
              <Switch label="Listen" checked={listening} onChange={(e) => setListening(e.currentTarget.checked)} />
              <Badge color={state.color} variant="light" radius="sm" aria-label={`Inspector ${state.label}`}>
                {state.label}
              </Badge>
            </Group>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <TextInput
                label="Filter messages"
                size="xs"
                leftSection={<IconSearch size={14} stroke={1.5} />}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
                w={220}
              />
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setMessages([]);
                  setSelected(null);
                }}
                disabled={!messages.length}
              >
                Clear
              </Button>
            </Group>
          </Group>
          {live.error && (
            <Alert color="red" variant="light" role="alert" title="Not listening">
              {live.error.message}
            </Alert>
          )}
          {messages.length === 0 ? (
            <Paper
              withBorder
              radius="md"
              p="xl"
              h={360}
              style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <Stack align="center" gap="xs" maw={380}>
                <IconBroadcast size={28} stroke={1.5} aria-hidden />
                <Text size="sm" ta="center" c="dimmed">
                  {listening
                    ? 'Listening. Messages published to this channel appear here the moment they are sent: try the form, or the command below from a terminal.'
                    : 'Paused. Turn on Listen to see messages as they are published.'}
                </Text>
              </Stack>
            </Paper>
          ) : (
            <MessageStream messages={shown} selected={selected?.messageId} onSelect={setSelected} />
          )}
          <Text size="xs" c="dimmed" aria-live="polite">
            {needle
              ? `${shown.length} of ${messages.length} messages match`
              : `${messages.length} ${messages.length === 1 ? 'message' : 'messages'} received`}
          </Text>
          {selected && <MessageDetail message={selected} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          <PublishForm appId={appId} channel={channel} />
          <AppApiSnippet appId={appId} channel={channel} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
