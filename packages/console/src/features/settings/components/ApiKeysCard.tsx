import { useState } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { DevOperations, type AppApiKey } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CopyValue } from '../../../components/CopyValue';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCan } from '../../security';
import { useAppSettings, useDeleteApiKey, useRegenerateApiKey } from '../api/api-keys.queries';
import { ApiKeyValue } from './ApiKeyValue';
import { CreateApiKeyModal } from './CreateApiKeyModal';

function RoleCell({ apiKey }: { apiKey: AppApiKey }) {
  if (apiKey.roleMissing)
    return (
      <Badge color="orange" variant="light">
        role deleted
      </Badge>
    );
  if (!apiKey.roleName)
    return (
      <Text size="sm" c="dimmed">
        none
      </Text>
    );
  return <Text size="sm">{apiKey.roleName}</Text>;
}

/**
 * The app's API keys in the order clients expect: ANDROID, IOS, JS, REST, WP, AS, BL, then custom
 * keys. On the overview (`manage` off) keys show in full with Copy and a link to Settings; in
 * Settings › API keys they are masked with Reveal and Copy, custom keys can be created with a role,
 * any key regenerated and custom keys deleted, each after a confirmation.
 */
export function ApiKeysCard({ appId, manage = false }: { appId: string; manage?: boolean }) {
  const settings = useAppSettings(appId);
  const can = useCan(appId, DevOperations.API_KEYS);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<Set<string>>(new Set());
  const [regenerating, setRegenerating] = useState<AppApiKey>();
  const [deleting, setDeleting] = useState<AppApiKey>();
  const regenerate = useRegenerateApiKey(appId);
  const remove = useDeleteApiKey(appId);
  const reveal = (id: string, on = !revealed.has(id)) =>
    setRevealed((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const denied = can.allowed ? undefined : can.reason;

  const keys = settings.data?.apiKeys ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="API keys card">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} mb={4}>
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            A client sends its key in the URL after the app id. Each key gives its calls a role: the system keys their
            client role, custom keys the role you choose.
          </Text>
        </div>
        {manage ? (
          <Tooltip label={denied} disabled={!denied}>
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              disabled={!!denied}
              onClick={() => setCreating(true)}
            >
              New key
            </Button>
          </Tooltip>
        ) : (
          <Anchor component={Link} to={`/apps/${appId}/settings/api-keys`} size="sm">
            Manage keys
          </Anchor>
        )}
      </Group>
      {settings.isPending ? (
        <Skeleton height={260} radius="sm" />
      ) : settings.isError ? (
        <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Table verticalSpacing={6} aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>Client</Table.Th>
              {manage && <Table.Th w={170}>Role</Table.Th>}
              <Table.Th>Key</Table.Th>
              {manage && (
                <Table.Th w={80}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id} data-device={key.deviceType} data-key-id={key.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {!key.system && <IconKey size={16} stroke={1.5} aria-hidden />}
                    <Text size="sm" fw={500}>
                      {key.name}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" className="mono">
                    {key.system ? key.deviceType : 'custom'}
                  </Text>
                </Table.Td>
                {manage && (
                  <Table.Td>
                    <RoleCell apiKey={key} />
                  </Table.Td>
                )}
                <Table.Td>
                  {manage ? (
                    <ApiKeyValue
                      value={key.apiKey}
                      name={key.name}
                      revealed={revealed.has(key.id)}
                      onToggle={() => reveal(key.id)}
                    />
                  ) : (
                    <CopyValue value={key.apiKey} label={`Copy ${key.name} API key`} />
                  )}
                </Table.Td>
                {manage && (
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <Tooltip label={denied ?? 'Regenerate'}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Regenerate ${key.name} key`}
                          disabled={!!denied}
                          onClick={() => {
                            regenerate.reset();
                            setRegenerating(key);
                          }}
                        >
                          <IconRefresh size={16} stroke={1.5} />
                        </ActionIcon>
                      </Tooltip>
                      {!key.system && (
                        <Tooltip label={denied ?? 'Delete'}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${key.name} key`}
                            disabled={!!denied}
                            onClick={() => {
                              remove.reset();
                              setDeleting(key);
                            }}
                          >
                            <IconTrash size={16} stroke={1.5} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manage && (
        <>
          <CreateApiKeyModal
            appId={appId}
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(key) => {
              setCreating(false);
              reveal(key.id, true);
              notifications.show({
                color: 'teal',
                title: `API key ${key.name} created`,
                message: 'Copy it into the client that will use it.',
              });
            }}
          />
          <ConfirmModal
            opened={!!regenerating}
            onClose={() => setRegenerating(undefined)}
            title={`Regenerate the ${regenerating?.name ?? ''} key?`}
            confirmLabel="Regenerate key"
            loading={regenerate.isPending}
            error={regenerate.error}
            onConfirm={() =>
              regenerating &&
              regenerate.mutate(regenerating.id, {
                onSuccess: (key) => {
                  setRegenerating(undefined);
                  if (key) reveal(key.id, true);
                  notifications.show({
                    color: 'teal',
                    title: `New ${key?.name ?? ''} key`,
                    message: 'The old key no longer works. Put the new one into your clients.',
                  });
                },
              })
            }
          >
            Clients using the current key stop working at once: every app API call with it is refused. The new key has
            to be put into every client that used the old one.
          </ConfirmModal>
          <ConfirmModal
            opened={!!deleting}
            onClose={() => setDeleting(undefined)}
            title={`Delete API key ${deleting?.name ?? ''}?`}
            confirmLabel="Delete key"
            loading={remove.isPending}
            error={remove.error}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    title: `API key ${deleting.name} deleted`,
                    message: 'Calls with it are refused from now on.',
                  });
                  setDeleting(undefined);
                },
              })
            }
          >
            Every app API call made with this key is refused from now on. This cannot be undone.
          </ConfirmModal>
        </>
      )}
    </Paper>
  );
}
