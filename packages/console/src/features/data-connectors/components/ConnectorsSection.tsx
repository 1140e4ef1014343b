import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Group, NavLink, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconPlus, IconTableShare, IconTrash } from '@tabler/icons-react';
import type { DataConnector } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useConnectors, useConnectorTables, useDeleteConnector } from '../api/data-connectors.queries';
import { ConnectorModal } from './ConnectorModal';

export const connectorTableHref = (appId: string, connectorId: string, table: string) =>
  `/apps/${appId}/data/-/connectors/${encodeURIComponent(connectorId)}/${encodeURIComponent(table)}`;

function ConnectorTables({
  appId,
  connector,
  matches,
}: {
  appId: string;
  connector: DataConnector;
  matches: (name: string) => boolean;
}) {
  const { pathname } = useLocation();
  const { data, error, isLoading } = useConnectorTables(appId, connector.id);
  if (isLoading)
    return (
      <Text size="xs" c="dimmed" px="xl">
        Loading tables…
      </Text>
    );
  if (error)
    return (
      <Text size="xs" c="red" px="xl">
        {errorInfo(error).message}
      </Text>
    );
  const tables = (data ?? []).filter((t) => matches(t.name));
  if (tables.length === 0)
    return (
      <Text size="xs" c="dimmed" px="xl">
        No tables.
      </Text>
    );
  return (
    <>
      {tables.map((t) => {
        const href = connectorTableHref(appId, connector.id, t.name);
        return (
          <NavLink
            key={t.name}
            component={Link}
            to={href}
            active={pathname === href}
            pl="lg"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            leftSection={<IconTableShare size={16} stroke={1.5} aria-label="Connector table" />}
            label={t.name}
            description={t.type === 'VIEW' ? 'view' : undefined}
          />
        );
      })}
    </>
  );
}

/** The Data sidebar's "Connectors" section: each connector with its external tables, and "add". */
export function ConnectorsSection({
  appId,
  matches,
  label,
}: {
  appId: string;
  matches: (name: string) => boolean;
  label: (text: string) => ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: connectors, error } = useConnectors(appId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<DataConnector | null>(null);
  const remove = useDeleteConnector(appId);

  return (
    <>
      <Group justify="space-between" mt="md" wrap="nowrap">
        {label('Connectors')}
        <Tooltip label="New data connector">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="New data connector"
            onClick={() => setAdding(true)}
          >
            <IconPlus size={14} stroke={1.5} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {error ? (
        <Text size="xs" c="red" px="xs">
          {errorInfo(error).message}
        </Text>
      ) : null}
      {connectors && connectors.length === 0 && (
        <Text size="xs" c="dimmed" px="xs">
          Tables of an existing PostgreSQL, MySQL or SQLite database.
        </Text>
      )}
      {(connectors ?? []).map((c) => (
        <div key={c.id}>
          <Group gap={4} wrap="nowrap" px="xs" mt={4}>
            <IconPlugConnected size={16} stroke={1.5} aria-hidden />
            <Text size="sm" fw={500} style={{ flex: 1 }} truncate>
              {c.name}
            </Text>
            <Tooltip label={`Remove connector ${c.name}`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Remove connector ${c.name}`}
                onClick={() => setRemoving(c)}
              >
                <IconTrash size={14} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <ConnectorTables appId={appId} connector={c} matches={matches} />
        </div>
      ))}
      <ConnectorModal
        appId={appId}
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          notifications.show({ color: 'teal', message: 'Connector added' });
        }}
      />
      <ConfirmModal
        opened={!!removing}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        title={`Remove connector ${removing?.name ?? ''}?`}
        confirmLabel="Remove connector"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              if (pathname.includes(`/-/connectors/${encodeURIComponent(removing.id)}/`))
                navigate(`/apps/${appId}/data`);
              setRemoving(null);
            },
          })
        }
      >
        Its tables leave the list. The external database itself is not touched.
      </ConfirmModal>
    </>
  );
}
