import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge, Button, Card, Group, Menu, ActionIcon, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Webhook } from '@basalt/shared';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { errorInfo } from '../../../lib/errors';
import {
  useDeleteWebhook,
  useSaveWebhook,
  useSendTest,
  useWebhookOperations,
  useWebhooks,
} from '../api/webhooks.queries';
import { DeliveryLog } from '../components/DeliveryLog';
import { WebhookDialog } from '../components/WebhookDialog';

/**
 * Cloud Code › Webhooks: receivers that hear the app's events. The list on top (a row opens its
 * delivery log below), a dialog to add or edit with an events picker, "Send test", and delete with
 * a confirmation.
 */
export default function WebhooksPage() {
  const { appId = '', webhookId } = useParams();
  const navigate = useNavigate();
  const list = useWebhooks(appId);
  const operations = useWebhookOperations(appId);
  const save = useSaveWebhook(appId);
  const remove = useDeleteWebhook(appId);
  const test = useSendTest(appId);
  const [editing, setEditing] = useState<Webhook | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Webhook | undefined>();
  const chosen = list.data?.find((w) => w.id === webhookId) ?? list.data?.[0];
  useCrumbLabel(webhookId, list.data?.find((w) => w.id === webhookId)?.name);
  const open = (id: string) => navigate(`/apps/${appId}/webhooks/${id}`, { replace: true });

  const sendTest = (w: Webhook) =>
    test.mutate(w.id, {
      onSuccess: (d) => {
        const last = d.attempts[d.attempts.length - 1];
        notifications.show({
          color: d.state === 'delivered' ? 'teal' : 'orange',
          message:
            d.state === 'delivered'
              ? `Test delivered to ${w.name}: ${last?.status} in ${last?.durationMs} ms.`
              : `The test was not delivered (${last?.error ?? 'no answer'}); it will be retried.`,
        });
        open(w.id);
      },
      onError: (err) => notifications.show({ color: 'red', message: errorInfo(err).message }),
    });

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="HTTP endpoints that hear about this app's events. Each delivery is a signed POST, retried with backoff until the receiver answers 2xx."
        actions={<Button onClick={() => setEditing('new')}>New webhook</Button>}
      />
      {list.isPending ? (
        <Skeleton height={200} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Title order={3}>No webhooks yet</Title>
            <Text c="dimmed" ta="center" maw={520}>
              A webhook posts JSON <code>{'{event, appId, timestamp, data}'}</code> to your endpoint when records
              change, users register, files are uploaded or messages are published.
            </Text>
            <Button mt="sm" onClick={() => setEditing('new')}>
              Add a webhook
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="lg">
          <Card withBorder padding={0} radius="md">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Webhooks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name ({list.data.length})</Table.Th>
                  <Table.Th>Receiver</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th w={160} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((w) => (
                  <Table.Tr
                    key={w.id}
                    onClick={() => open(w.id)}
                    style={{ cursor: 'pointer' }}
                    bg={chosen?.id === w.id ? 'var(--mantine-color-default-hover)' : undefined}
                    aria-selected={chosen?.id === w.id}
                  >
                    <Table.Td fw={500}>{w.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" truncate maw={320}>
                        {w.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {w.events.slice(0, 3).map((e) => (
                          <Badge key={e} variant="light" size="sm" tt="none">
                            {e}
                          </Badge>
                        ))}
                        {w.events.length > 3 && <Text size="xs">+{w.events.length - 3}</Text>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={w.enabled ? 'teal' : 'gray'} variant="light">
                        {w.enabled ? 'Enabled' : 'Paused'}
                      </Badge>
                      {w.circuit?.state === 'open' && (
                        <Badge color="orange" variant="light" ml={4} title="Failing receiver: deliveries queued">
                          Receiver failing
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          loading={test.isPending && test.variables === w.id}
                          onClick={() => sendTest(w)}
                        >
                          Send test
                        </Button>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${w.name}`}>
                              ⋯
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditing(w)}>Edit</Menu.Item>
                            <Menu.Item color="red" onClick={() => setDeleting(w)}>
                              Delete
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          {chosen && <DeliveryLog appId={appId} webhook={chosen} />}
        </Stack>
      )}
      {editing && (
        <WebhookDialog
          opened
          webhook={editing === 'new' ? undefined : editing}
          operations={operations.data ?? []}
          saving={save.isPending}
          error={save.error}
          onClose={() => {
            save.reset();
            setEditing(undefined);
          }}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (w) => {
                  notifications.show({ color: 'teal', message: `Webhook ${w.name} saved.` });
                  setEditing(undefined);
                  open(w.id);
                },
              },
            )
          }
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => {
          remove.reset();
          setDeleting(undefined);
        }}
        title={`Delete webhook ${deleting?.name ?? ''}?`}
        confirmLabel="Delete webhook"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Webhook ${deleting.name} is deleted.` });
              setDeleting(undefined);
              navigate(`/apps/${appId}/webhooks`, { replace: true });
            },
          })
        }
      >
        Its receiver hears nothing more from this app; the delivery log and deliveries still waiting are removed.
      </ConfirmModal>
    </>
  );
}
