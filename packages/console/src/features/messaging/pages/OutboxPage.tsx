import { Fragment, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import type { PushOutboxEntry } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZE, useGetPushOutbox, useRetryPushDelivery } from '../api/messaging.queries';

const STATUS: Record<PushOutboxEntry['status'], { label: string; color: string }> = {
  pending: { label: 'Sending', color: 'blue' },
  'no-credentials': { label: 'Waiting for credentials', color: 'orange' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** Every push delivery with its status; none is dropped when a provider is not configured. */
export default function OutboxPage() {
  const { appId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const status = search.get('status') ?? '';
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const outbox = useGetPushOutbox(appId, status, page);
  const retry = useRetryPushDelivery(appId);
  const waiting = outbox.data?.data.some((d) => d.status === 'no-credentials');
  const retryOne = (d: PushOutboxEntry) =>
    retry.mutate(d.objectId, {
      onSuccess: () =>
        notifications.show({
          color: 'blue',
          title: 'Sending again',
          message: `The delivery to ${d.deviceId} is on its way; its status updates here.`,
        }),
      onError: (err) => notifications.show({ color: 'red', title: 'Not retried', message: errorInfo(err).message }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Delivery status"
          value={status || 'all'}
          onChange={(v) => {
            setPage(0);
            setSearch(v === 'all' ? {} : { status: v }, { replace: true });
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'no-credentials', label: 'Waiting' },
            { value: 'pending', label: 'Sending' },
            { value: 'sent', label: 'Sent' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
        <Text size="sm" c="dimmed">
          {outbox.data ? `${outbox.data.totalRows} ${outbox.data.totalRows === 1 ? 'delivery' : 'deliveries'}` : ''}
        </Text>
      </Group>
      {waiting && (
        <Text size="sm" c="dimmed">
          Deliveries waiting for credentials go out by themselves once they are saved in{' '}
          <Anchor component={Link} to={`/apps/${appId}/settings/mobile`} size="sm">
            Settings › Mobile
          </Anchor>
          .
        </Text>
      )}
      {outbox.isPending ? (
        <Skeleton height={200} />
      ) : outbox.isError ? (
        <ErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text size="sm" c="dimmed" ta="center">
            {status
              ? 'No delivery has this status.'
              : 'No push was sent yet. Deliveries appear here with their status as soon as a push goes out.'}
          </Text>
        </Paper>
      ) : (
        <>
          <Table aria-label="Push deliveries" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queued</Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th w={100} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.data.map((d) => (
                <Fragment key={d.objectId}>
                  <Table.Tr
                    onClick={() => setOpen(open === d.objectId ? null : d.objectId)}
                    style={{ cursor: 'pointer' }}
                    aria-expanded={open === d.objectId}
                  >
                    <Table.Td>{formatDateTime(d.created)}</Table.Td>
                    <Table.Td>{d.os}</Table.Td>
                    <Table.Td className="mono">{d.deviceId}</Table.Td>
                    <Table.Td>{d.provider}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" radius="sm" color={STATUS[d.status]?.color ?? 'gray'}>
                        {STATUS[d.status]?.label ?? d.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ maxWidth: 320 }}>
                      <Tooltip label={d.error} disabled={!d.error} multiline w={320}>
                        <Text size="sm" c={d.status === 'failed' ? 'red' : 'dimmed'} truncate="end">
                          {d.error ?? '—'}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      {(d.status === 'failed' || d.status === 'no-credentials') && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconRefresh size={12} />}
                          aria-label={`Retry delivery to ${d.deviceId}`}
                          loading={retry.isPending && retry.variables === d.objectId}
                          onClick={() => retryOne(d)}
                        >
                          Retry
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {open === d.objectId && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Code block style={{ fontSize: 12 }}>
                          {JSON.stringify(d.payload, null, 2)}
                        </Code>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
          {outbox.data.totalRows > PAGE_SIZE && (
            <Group justify="flex-end">
              <Pagination
                total={Math.ceil(outbox.data.totalRows / PAGE_SIZE)}
                value={page + 1}
                onChange={(p) => setPage(p - 1)}
                size="sm"
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
