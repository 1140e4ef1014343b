import { useState } from 'react';
import { Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { PublishedMessage } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZE, useLoadMessages } from '../api/messaging.queries';
import { preview } from '../json-text';
import { MessageDetail } from './MessageDetail';

/** Messages the channel kept, newest first, with their count. */
export function ChannelHistory({ appId, channelId }: { appId: string; channelId: string }) {
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<PublishedMessage | null>(null);
  const messages = useLoadMessages(appId, channelId, page);

  if (messages.isPending) return <Skeleton height={240} />;
  if (messages.isError) return <ErrorAlert error={messages.error} onRetry={() => void messages.refetch()} />;
  const { data, totalRows } = messages.data;
  const pages = Math.max(1, Math.ceil(totalRows / PAGE_SIZE));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {totalRows} {totalRows === 1 ? 'message' : 'messages'}
      </Text>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing was published to this channel yet.
        </Text>
      ) : (
        <Table highlightOnHover aria-label="Message history" style={{ opacity: messages.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>Published</Table.Th>
              <Table.Th w={160}>Publisher</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((m) => (
              <Table.Tr
                key={m.messageId}
                onClick={() => setSelected(m)}
                style={{ cursor: 'pointer' }}
                aria-selected={selected?.messageId === m.messageId}
              >
                <Table.Td>
                  <Text size="sm">{formatDateTime(m.timestamp)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {m.publisherId ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ maxWidth: 0 }}>
                  <Text size="sm" className="mono" truncate="end">
                    {preview(m.message)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
            size="sm"
            aria-label="Message pages"
          />
        </Group>
      )}
      {selected && <MessageDetail message={selected} />}
    </Stack>
  );
}
