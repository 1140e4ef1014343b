import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZE, useDeleteDevices, useLoadChannels, useLoadDevices } from '../api/messaging.queries';
import { changedSearchParams } from '../../../lib/search-params';

const short = (token: string) => (token.length > 18 ? `${token.slice(0, 8)}…${token.slice(-6)}` : token);

/** Devices registered to a channel, filtered with a where clause; several can be removed at once. */
export default function DevicesPage() {
  const { appId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const channels = useLoadChannels(appId);
  const channelName = search.get('channel') ?? channels.data?.[0]?.name ?? '';
  const channel = channels.data?.find((c) => c.name === channelName);
  const [typed, setTyped] = useState(search.get('filter') ?? '');
  const [where] = useDebouncedValue(typed.trim(), 300);
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const devices = useLoadDevices(appId, channel?.channelid, where, page);
  const remove = useDeleteDevices(appId);

  useEffect(() => {
    setPage(0);
    setPicked([]);
  }, [channelName, where]);

  const setParam = (key: string, value: string) =>
    setSearch(() => changedSearchParams({ [key]: value }), { replace: true });

  const rows = devices.data?.data ?? [];
  const total = devices.data?.totalRows ?? 0;
  const allPicked = rows.length > 0 && rows.every((d) => picked.includes(d.deviceId));

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <Select
          label="Channel"
          data={(channels.data ?? []).map((c) => c.name)}
          value={channelName || null}
          onChange={(v) => setParam('channel', v ?? '')}
          w={240}
          placeholder={channels.data?.length ? 'Pick a channel' : 'No channels yet'}
          searchable
        />
        <TextInput
          label="Filter (where)"
          placeholder="os = 'IOS'"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setParam('filter', e.currentTarget.value);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
        />
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} stroke={1.5} />}
          disabled={!picked.length}
          onClick={() => setConfirming(true)}
        >
          Delete selected{picked.length ? ` (${picked.length})` : ''}
        </Button>
      </Group>
      {!channel ? (
        <Text size="sm" c="dimmed">
          Devices register to channels from the app. Create a channel first.
        </Text>
      ) : devices.isPending ? (
        <Skeleton height={200} />
      ) : devices.isError ? (
        <ErrorAlert error={devices.error} onRetry={() => void devices.refetch()} />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="sm" align="center">
            <Text size="sm" c="dimmed" ta="center">
              {where
                ? 'No device matches this filter.'
                : `No device is registered to ${channel.name}. Apps register one when they ask for push notifications:`}
            </Text>
            {!where && (
              <Code
                block
                w="100%"
              >{`POST ${window.location.origin}/${appId}/<apiKey>/messaging/registrations\n{"deviceToken": "…", "deviceId": "…", "os": "ANDROID", "channels": ["${channel.name}"]}`}</Code>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'device' : 'devices'}
          </Text>
          <Table highlightOnHover aria-label="Devices" style={{ opacity: devices.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all devices on this page"
                    checked={allPicked}
                    onChange={() => setPicked(allPicked ? [] : rows.map((d) => d.deviceId))}
                  />
                </Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Device id</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Channels</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.objectId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select device ${d.deviceId}`}
                      checked={picked.includes(d.deviceId)}
                      onChange={() =>
                        setPicked((p) =>
                          p.includes(d.deviceId) ? p.filter((x) => x !== d.deviceId) : [...p, d.deviceId],
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" radius="sm">
                      {d.os}
                    </Badge>
                  </Table.Td>
                  <Table.Td className="mono">{d.deviceId}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" className="mono" title={d.deviceToken}>
                        {short(d.deviceToken)}
                      </Text>
                      <CopyButton value={d.deviceToken} label="Copy device token" />
                    </Group>
                  </Table.Td>
                  <Table.Td>{d.channels.join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(d.created)}</Table.Td>
                  <Table.Td>{d.expiration ? formatDateTime(d.expiration) : 'Never'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total > PAGE_SIZE && (
            <Group justify="flex-end">
              <Pagination
                total={Math.ceil(total / PAGE_SIZE)}
                value={page + 1}
                onChange={(p) => setPage(p - 1)}
                size="sm"
              />
            </Group>
          )}
        </>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${picked.length} ${picked.length === 1 ? 'device' : 'devices'} from ${channelName}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          channel &&
          remove.mutate(
            { channelId: channel.channelid, ids: picked },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: `Deleted ${picked.length} ${picked.length === 1 ? 'device' : 'devices'}`,
                });
                setPicked([]);
                setConfirming(false);
              },
            },
          )
        }
      >
        They stop receiving pushes from this channel until the app registers them again.
      </ConfirmModal>
    </Stack>
  );
}
