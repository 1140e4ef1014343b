import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { MessagingChannel } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CopyValue } from '../../../components/CopyValue';
import { formatDateTime } from '../../../lib/format';
import { useDeleteChannel, useRenameChannel } from '../api/messaging.queries';
import { ChannelNameModal } from './ChannelNameModal';

/** The open channel's name, id and actions (rename, delete). */
export function ChannelHeader({ appId, channel }: { appId: string; channel: MessagingChannel }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const rename = useRenameChannel(appId);
  const remove = useDeleteChannel(appId);
  const close = () => {
    rename.reset();
    remove.reset();
    setOpen(null);
  };
  const base = `/apps/${appId}/messaging/channels`;
  return (
    <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={2} className="mono">
          {channel.name}
        </Title>
        <Group gap="md">
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Id
            </Text>
            <CopyValue value={channel.channelid} label="Copy channel id" />
          </Group>
          <Text size="xs" c="dimmed">
            Created {formatDateTime(channel.created)}
          </Text>
        </Group>
      </Stack>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="default" aria-label={`Actions for channel ${channel.name}`}>
            <IconDots size={16} stroke={1.5} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} stroke={1.5} />} onClick={() => setOpen('rename')}>
            Rename
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={() => setOpen('delete')}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChannelNameModal
        opened={open === 'rename'}
        onClose={close}
        title={`Rename channel ${channel.name}`}
        initial={channel.name}
        confirmLabel="Rename"
        loading={rename.isPending}
        error={rename.error}
        onSubmit={(name) =>
          rename.mutate(
            { channel, name },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `Renamed to ${name}` });
                close();
                navigate(`${base}/${encodeURIComponent(name)}`, { replace: true });
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={open === 'delete'}
        onClose={close}
        title={`Delete channel ${channel.name}?`}
        confirmLabel="Delete channel"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(channel.channelid, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `Deleted channel ${channel.name}` });
              close();
              navigate(base, { replace: true });
            },
          })
        }
      >
        Its message history and device registrations go with it. Apps publishing to <b>{channel.name}</b> get an error
        until it is created again.
      </ConfirmModal>
    </Group>
  );
}
