import { Fragment, useState } from 'react';
import { Badge, Card, Code, Group, Skeleton, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTimeWithZone } from '../../data';
import { useWebhookDeliveries } from '../api/webhooks.queries';

const STATE_COLOR: Record<WebhookDelivery['state'], string> = { delivered: 'teal', pending: 'orange', failed: 'red' };

function statusColor(a: WebhookAttempt): string {
  if (a.status !== null && a.status >= 200 && a.status < 300) return 'teal';
  return a.status === null ? 'gray' : 'red';
}

/** The delivery log of one webhook: each delivery with every attempt's response code, duration and error. */
export function DeliveryLog({ appId, webhook }: { appId: string; webhook: Webhook }) {
  const log = useWebhookDeliveries(appId, webhook.id);
  const [open, setOpen] = useState<string | undefined>();

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Delivery log — {webhook.name}
        </Title>
        <Text size="xs" c="dimmed">
          Newest first; a delivery keeps its id (X-Basalt-Delivery) on every attempt.
        </Text>
      </Group>
      {webhook.circuit && webhook.circuit.state !== 'closed' && (
        <Text size="sm" c="orange" mb="sm" data-testid="webhook-circuit">
          {webhook.circuit.state === 'open' && webhook.circuit.until
            ? `The receiver failed ${webhook.circuit.failures} times in a row: deliveries are queued, untried, until ${formatDateTimeWithZone(webhook.circuit.until)}; then one probes it. Nothing is lost.`
            : 'The cool-down is over: the next delivery probes the receiver.'}
        </Text>
      )}
      {log.isPending ? (
        <Skeleton height={120} />
      ) : log.isError ? (
        <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No deliveries yet. They appear here when one of its events happens, or press Send test.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Delivery log" data-testid="delivery-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Attempts (response codes)</Table.Th>
              <Table.Th>Delivery id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.map((d) => (
              <Fragment key={d.id}>
                <Table.Tr onClick={() => setOpen(open === d.id ? undefined : d.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Text size="sm">{formatDateTimeWithZone(d.created)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {d.event}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[d.state]} variant="light">
                      {d.held === 'circuit-open' ? 'queued' : d.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {d.attempts.map((a) => (
                        <Tooltip key={a.attempt} label={a.error ?? `${a.durationMs} ms`}>
                          <Badge color={statusColor(a)} variant="outline" data-testid="attempt-status">
                            {a.status ?? 'no answer'}
                          </Badge>
                        </Tooltip>
                      ))}
                      {d.state === 'pending' && d.nextAt && (
                        <Text size="xs" c="dimmed">
                          {d.held === 'circuit-open' ? 'receiver paused; tried after' : 'next at'}{' '}
                          {formatDateTimeWithZone(d.nextAt)}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {d.id.slice(0, 8)}…
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {open === d.id && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Table withRowBorders={false} fz="xs" mb="xs">
                        <Table.Tbody>
                          {d.attempts.map((a) => (
                            <Table.Tr key={a.attempt}>
                              <Table.Td w={80}>#{a.attempt}</Table.Td>
                              <Table.Td w={200}>{formatDateTimeWithZone(a.at)}</Table.Td>
                              <Table.Td w={90}>{a.status ?? '—'}</Table.Td>
                              <Table.Td w={90}>{a.durationMs} ms</Table.Td>
                              <Table.Td>{a.error ?? 'OK'}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                      <Code block>{d.body}</Code>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
