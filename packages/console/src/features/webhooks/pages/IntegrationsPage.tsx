import { useState } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IntegrationTypes, type Integration, type IntegrationType } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { errorInfo } from '../../../lib/errors';
import { useDeleteIntegration, useIntegrations, useSaveIntegration } from '../api/webhooks.queries';

const MASK = '********';
const LABELS: Record<string, string> = {
  webhookUrl: 'Incoming webhook URL',
  channel: 'Channel',
  username: 'Post as',
  hookUrl: 'Catch hook URL',
  events: 'Events (comma separated)',
  provider: 'Provider',
  endpoint: 'Endpoint URL',
  token: 'Token',
  level: 'Lowest level sent',
};

/** Add or edit one integration: its type's fields, secrets as password inputs (masked ones kept). */
function IntegrationDialog({
  appId,
  existing,
  onClose,
}: {
  appId: string;
  existing?: Integration;
  onClose: () => void;
}) {
  const save = useSaveIntegration(appId);
  const [name, setName] = useState(existing?.name ?? '');
  const [type, setType] = useState<IntegrationType>((existing?.type as IntegrationType) ?? 'SLACK');
  const [enabled, setEnabled] = useState(existing?.enabled ?? true);
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(
      Object.entries(existing?.config ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
    ),
  );
  const def = IntegrationTypes[type];
  const secrets = new Set<string>(def.secrets);
  const submit = () => {
    const config: Record<string, unknown> = {};
    for (const f of def.fields) {
      const v = values[f] ?? '';
      if (f === 'events') config[f] = v.split(/[\s,]+/).filter(Boolean);
      else if (v !== '') config[f] = v;
    }
    save.mutate(
      { existing: existing?.name, body: { name: name.trim(), type, enabled, config } },
      {
        onSuccess: (i) => {
          notifications.show({ color: 'teal', message: `Integration ${i.name} saved.` });
          onClose();
        },
      },
    );
  };
  const info = save.error ? errorInfo(save.error) : undefined;
  return (
    <Modal opened onClose={onClose} title={existing ? `Edit ${existing.name}` : 'New integration'}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {info && (
            <Alert color="red" title="The integration was not saved">
              {info.message}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            disabled={!!existing}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Select
            label="Type"
            disabled={!!existing}
            data={Object.entries(IntegrationTypes).map(([value, d]) => ({ value, label: d.title }))}
            value={type}
            onChange={(v) => v && setType(v as IntegrationType)}
            allowDeselect={false}
          />
          {def.fields.map((f) =>
            secrets.has(f) ? (
              <PasswordInput
                key={f}
                label={LABELS[f] ?? f}
                required
                value={values[f] ?? ''}
                onFocus={() => values[f] === MASK && setValues({ ...values, [f]: '' })}
                onBlur={() => existing && !values[f] && setValues({ ...values, [f]: MASK })}
                onChange={(e) => setValues({ ...values, [f]: e.currentTarget.value })}
              />
            ) : (
              <TextInput
                key={f}
                label={LABELS[f] ?? f}
                value={values[f] ?? ''}
                onChange={(e) => setValues({ ...values, [f]: e.currentTarget.value })}
              />
            ),
          )}
          <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Flows › Integrations: stored configurations of outside services; their secrets never come back. */
export default function IntegrationsPage() {
  const { appId = '' } = useParams();
  const list = useIntegrations(appId);
  const remove = useDeleteIntegration(appId);
  const [editing, setEditing] = useState<Integration | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Integration | undefined>();

  return (
    <>
      <PageHeader
        title="Integrations"
        description="Slack, Zapier-style hooks and log services this app works with. Secrets are encrypted on the server and never shown again."
        actions={<Button onClick={() => setEditing('new')}>New integration</Button>}
      />
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Title order={3}>No integrations yet</Title>
            <Text c="dimmed">Connect a Slack channel, a Zapier-style catch hook or a log service.</Text>
            <Button mt="sm" onClick={() => setEditing('new')}>
              Add an integration
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Integrations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name ({list.data.length})</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Settings</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((i) => (
                <Table.Tr key={i.name}>
                  <Table.Td fw={500}>{i.name}</Table.Td>
                  <Table.Td>{IntegrationTypes[i.type as IntegrationType]?.title ?? i.type}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {Object.entries(i.config)
                        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={i.enabled ? 'teal' : 'gray'} variant="light">
                      {i.enabled ? 'Enabled' : 'Off'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(i)}>
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(i)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {editing && (
        <IntegrationDialog
          appId={appId}
          existing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => {
          remove.reset();
          setDeleting(undefined);
        }}
        title={`Delete integration ${deleting?.name ?? ''}?`}
        confirmLabel="Delete integration"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.name, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Integration ${deleting.name} is deleted.` });
              setDeleting(undefined);
            },
          })
        }
      >
        Its stored settings and secrets are removed from the server.
      </ConfirmModal>
    </>
  );
}
