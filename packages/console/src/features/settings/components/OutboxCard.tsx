import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { EmailOutboxItem } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useEmailOutbox, useOutboxAction } from '../api/email.queries';

const STATUS_COLOR: Record<EmailOutboxItem['status'], string> = { PENDING: 'yellow', SENT: 'teal', FAILED: 'red' };

/**
 * The app's outgoing mail: waiting (with the next attempt), failed (with the SMTP server's words,
 * retry now or discard) and sent. The server keeps the last 200.
 */
export function OutboxCard({ appId }: { appId: string }) {
  const outbox = useEmailOutbox(appId);
  const action = useOutboxAction(appId);
  const [discarding, setDiscarding] = useState<EmailOutboxItem>();
  const busy = (id: string, discard: boolean) =>
    action.isPending && action.variables?.id === id && action.variables.discard === discard;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Outbox">
      <Title order={3}>Outbox</Title>
      <Text size="sm" c="dimmed" mb="md">
        Mail the app sent: a mail the server cannot take is retried with growing waits, eight times, then marked failed.
      </Text>
      {action.error && (
        <Alert color="red" mb="sm" title="Not done">
          {errorInfo(action.error).message}
        </Alert>
      )}
      {outbox.isPending ? (
        <Text size="sm">Loading…</Text>
      ) : outbox.isError ? (
        <ErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No mail yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} striped aria-label="Outgoing mail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th w={96}>Status</Table.Th>
                <Table.Th w={80}>Attempts</Table.Th>
                <Table.Th w={170}>Next attempt / sent</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.map((m) => (
                <Table.Tr key={m.id} data-testid="outbox-row">
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.subject}</Text>
                    {m.error && (
                      <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
                        {m.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[m.status]} style={{ overflow: 'visible' }}>
                      {m.status.toLowerCase()}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{m.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime((m.sent ?? m.nextAttempt) || undefined)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {m.status !== 'SENT' && (
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy(m.id, false)}
                          aria-label={`Retry mail ${m.subject} now`}
                          onClick={() => action.mutate({ id: m.id, discard: false })}
                        >
                          Retry now
                        </Button>
                        {m.status === 'FAILED' && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Discard mail ${m.subject}`}
                            onClick={() => {
                              action.reset();
                              setDiscarding(m);
                            }}
                          >
                            Discard
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* Discarding loses the mail for good, so it asks first (Cancel has the focus). */}
      <ConfirmModal
        opened={!!discarding}
        onClose={() => setDiscarding(undefined)}
        title={`Discard the mail “${discarding?.subject ?? ''}”?`}
        confirmLabel="Discard mail"
        loading={discarding ? busy(discarding.id, true) : false}
        error={discarding ? action.error : undefined}
        onConfirm={() =>
          discarding &&
          action.mutate({ id: discarding.id, discard: true }, { onSuccess: () => setDiscarding(undefined) })
        }
      >
        The mail to {discarding?.to} is removed from the outbox and never sent. To send it later, retry it instead.
      </ConfirmModal>
    </Card>
  );
}
