import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Box, Button, Code, Group, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBroadcast, IconPlus } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useCreateChannel, useLoadChannels } from '../api/messaging.queries';
import { ChannelHeader } from '../components/ChannelHeader';
import { ChannelHistory } from '../components/ChannelHistory';
import { ChannelInspector } from '../components/ChannelInspector';
import { ChannelList } from '../components/ChannelList';
import { ChannelNameModal } from '../components/ChannelNameModal';

export default function ChannelsPage() {
  const { appId = '', channel: name, tab = 'inspector' } = useParams();
  const navigate = useNavigate();
  const channels = useLoadChannels(appId);
  const create = useCreateChannel(appId);
  const [creating, setCreating] = useState(false);
  const base = `/apps/${appId}/messaging/channels`;

  if (channels.isPending) return <PageSkeleton rows={5} />;
  if (channels.isError) return <ErrorAlert error={channels.error} onRetry={() => void channels.refetch()} />;
  const list = [...channels.data].sort((a, b) => a.name.localeCompare(b.name));
  const current = list.find((c) => c.name === name);
  // The first channel opens by itself: the list is never a dead end.
  if (!name && list.length) return <Navigate to={`${base}/${encodeURIComponent(list[0].name)}`} replace />;

  const createModal = (
    <ChannelNameModal
      opened={creating}
      onClose={() => {
        create.reset();
        setCreating(false);
      }}
      title="New channel"
      confirmLabel="Create channel"
      loading={create.isPending}
      error={create.error}
      onSubmit={(channelName) =>
        create.mutate(channelName, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Created channel ${channelName}` });
            setCreating(false);
            navigate(`${base}/${encodeURIComponent(channelName)}`);
          },
        })
      }
    />
  );

  if (!list.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" maw={560} mx="auto">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconBroadcast size={26} stroke={1.5} />
          </ThemeIcon>
          <Title order={2}>No channels yet</Title>
          <Text size="sm" c="dimmed" ta="center">
            A channel carries messages from publishers to every subscribed app in real time. Create one, then watch its
            traffic live here.
          </Text>
          <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setCreating(true)}>
            New channel
          </Button>
          <Code
            block
            w="100%"
          >{`const rt = connectRealtime({ serverUrl, appId, apiKey });\nawait rt.subscribe('news', (message) => console.log(message));`}</Code>
        </Stack>
        {createModal}
      </Paper>
    );
  }

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack w={240} gap="sm" style={{ flexShrink: 0 }}>
        <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setCreating(true)} fullWidth>
          New channel
        </Button>
        <ChannelList appId={appId} channels={list} selected={name} />
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {!current ? (
          <ErrorAlert
            error={{ status: 404, message: `There is no channel named ${name}.` }}
            title="Channel not found"
          />
        ) : (
          <>
            <ChannelHeader appId={appId} channel={current} />
            <Tabs value={tab} keepMounted={false}>
              <Tabs.List mb="md" aria-label="Channel views">
                <Tabs.Tab
                  value="inspector"
                  renderRoot={(props) => <Link to={`${base}/${encodeURIComponent(current.name)}`} {...props} />}
                >
                  Inspector
                </Tabs.Tab>
                <Tabs.Tab
                  value="history"
                  renderRoot={(props) => <Link to={`${base}/${encodeURIComponent(current.name)}/history`} {...props} />}
                >
                  History
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="inspector">
                <ChannelInspector key={current.channelid} appId={appId} channel={current.name} />
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <ChannelHistory appId={appId} channelId={current.channelid} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Box>
      {createModal}
    </Group>
  );
}
