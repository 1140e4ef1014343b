import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import type { McpClient } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import {
  useCreateMcpClient,
  useDeleteMcpClient,
  useMcpClients,
  usePingMcpClient,
  useValidateMcpClient,
} from '../api/mcp.queries';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** External MCP servers the app's flows and cloud code call. Header values are never shown again. */
export function McpClientsPanel({ appId }: { appId: string }) {
  const list = useMcpClients(appId);
  const validate = useValidateMcpClient(appId);
  const ping = usePingMcpClient(appId);
  const remove = useDeleteMcpClient(appId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<McpClient | null>(null);

  // One line under the table tells what the last check found.
  const outcome = validate.isPending || ping.isPending ? null : lastOutcome(validate, ping);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          MCP servers elsewhere whose tools your flows and cloud code call. Headers (tokens) are stored encrypted and
          shown masked.
        </Text>
        <Button onClick={() => setCreating(true)}>New MCP client</Button>
      </Group>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>No MCP clients yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              Add the URL of an MCP server (Streamable HTTP) and the header it needs.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table aria-label="MCP clients" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th>Headers</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td fw={500}>{c.name}</Table.Td>
                  <Table.Td maw={360}>
                    <Text className="mono" size="sm" truncate="end" title={c.url}>
                      {c.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {Object.keys(c.headers).length
                        ? Object.entries(c.headers)
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(', ')
                        : 'none'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={validate.isPending && validate.variables === c.name}
                        onClick={() => {
                          ping.reset();
                          validate.mutate(c.name);
                        }}
                      >
                        Validate
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={ping.isPending && ping.variables === c.name}
                        onClick={() => {
                          validate.reset();
                          ping.mutate(c.name);
                        }}
                      >
                        Ping
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => setDeleting(c)}>
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
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} data-testid="mcp-client-outcome">
          {outcome.text}
        </Alert>
      )}
      <CreateClientModal appId={appId} opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={`Delete MCP client ${deleting?.name ?? ''}?`}
        confirmLabel="Delete client"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.name, { onSuccess: () => setDeleting(null) })}
      >
        Flows and cloud code that call its tools will fail until a client of that name exists again.
      </ConfirmModal>
    </Stack>
  );
}

function lastOutcome(
  validate: ReturnType<typeof useValidateMcpClient>,
  ping: ReturnType<typeof usePingMcpClient>,
): { ok: boolean; text: string } | null {
  if (validate.isError) return { ok: false, text: errorInfo(validate.error).message };
  if (ping.isError) return { ok: false, text: errorInfo(ping.error).message };
  if (validate.data) {
    const d = validate.data;
    const names = d.tools.map((t) => t.name);
    return {
      ok: true,
      text: `Connected to ${d.server.name || 'the server'}${d.server.version ? ` ${d.server.version}` : ''}: ${names.length} tool${names.length === 1 ? '' : 's'}${names.length ? ` (${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''})` : ''}`,
    };
  }
  if (ping.data) return { ok: true, text: `Answered in ${ping.data.latencyMs} ms with ${ping.data.toolsCount} tools` };
  return null;
}

function CreateClientModal({ appId, opened, onClose }: { appId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateMcpClient(appId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [header, setHeader] = useState('Authorization');
  const [value, setValue] = useState('');
  const nameError = name && !NAME.test(name) ? 'Letters, digits, - and _ only (at most 64)' : undefined;
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New MCP client">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name || nameError || !url) return;
          const headers = header && value ? { [header]: value } : {};
          create.mutate(
            { name, url, headers },
            {
              onSuccess: () => {
                setName('');
                setUrl('');
                setValue('');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} />
          <TextInput
            label="Server URL"
            placeholder="https://example.com/mcp"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <TextInput label="Header name" value={header} onChange={(e) => setHeader(e.currentTarget.value)} />
            <TextInput
              label="Header value"
              type="password"
              placeholder="Bearer …"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          </Group>
          {create.isError && <Alert color="red">{errorInfo(create.error).message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name || !!nameError || !url}>
              Add client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
