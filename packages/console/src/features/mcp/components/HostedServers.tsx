import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { CreatedHostingMcpServer, HostingMcpServer } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CopyValue } from '../../../components/CopyValue';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import {
  useCreateMcpServer,
  useDeleteMcpServer,
  useMcpServers,
  useMcpServerState,
  useMcpServerStatus,
  useRedeployMcpServer,
  useRoleNames,
  useTryMcpTool,
} from '../api/mcp.queries';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Hosted MCP servers: each a URL and a token for AI tools, whose tools act on the app's data as a role. */
export function HostedServers({ appId }: { appId: string }) {
  const list = useMcpServers(appId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedHostingMcpServer | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HostingMcpServer | null>(null);
  const state = useMcpServerState(appId);
  const redeploy = useRedeployMcpServer(appId);
  const remove = useDeleteMcpServer(appId);
  const selected = list.data?.find((s) => s.name === chosen) ?? list.data?.[0];
  const rowError = state.error ?? redeploy.error;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          A hosted server gives AI tools (MCP clients) find, get, create, update, delete and count tools for each table,
          and a tool for each API service marked for MCP. Every call runs as the role you choose.
        </Text>
        <Button onClick={() => setCreating(true)}>New MCP server</Button>
      </Group>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>No hosted MCP servers yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              Create one, choose the role its tools run as, and give its URL and token to an AI tool.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table aria-label="Hosted MCP servers" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Tools</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr
                  key={s.name}
                  onClick={() => setChosen(s.name)}
                  bg={s.name === selected?.name ? 'var(--mantine-color-default-hover)' : undefined}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td fw={500}>{s.name}</Table.Td>
                  <Table.Td>{s.role}</Table.Td>
                  <Table.Td>
                    <Badge color={s.status === 'RUNNING' ? 'green' : 'gray'} variant="light">
                      {s.status === 'RUNNING' ? 'Running' : 'Stopped'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{s.toolsCount}</Table.Td>
                  <Table.Td maw={320}>
                    <CopyValue value={s.url} label="Copy URL" truncate />
                  </Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={state.isPending && state.variables?.name === s.name}
                        onClick={() => state.mutate({ name: s.name, state: s.status === 'RUNNING' ? 'stop' : 'start' })}
                      >
                        {s.status === 'RUNNING' ? 'Stop' : 'Start'}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={redeploy.isPending && redeploy.variables === s.name}
                        onClick={() => redeploy.mutate(s.name)}
                      >
                        Redeploy
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => setDeleting(s)}>
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
      {rowError && (
        <Text size="sm" c="red">
          {errorInfo(rowError).message}
        </Text>
      )}
      {selected && <ServerTools key={selected.name} appId={appId} server={selected} />}

      <CreateServerModal
        appId={appId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          setCreated(s);
          setChosen(s.name);
        }}
      />
      <Modal opened={!!created} onClose={() => setCreated(null)} title="MCP server created" size="lg">
        {created && (
          <Stack gap="sm">
            <Alert color="yellow" title="Copy the token now">
              This is the only time the token is shown. Basalt keeps only a hash of it; if it is lost, delete the server
              and create a new one.
            </Alert>
            <Text size="sm" fw={500}>
              URL
            </Text>
            <CopyValue value={created.url} label="Copy URL" />
            <Text size="sm" fw={500}>
              Token
            </Text>
            <div data-testid="mcp-token">
              <CopyValue value={created.token} label="Copy token" />
            </div>
            <Text size="sm" c="dimmed">
              Clients send it as <Code>Authorization: Bearer &lt;token&gt;</Code> (Streamable HTTP transport).
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>I have copied the token</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={`Delete MCP server ${deleting?.name ?? ''}?`}
        confirmLabel="Delete server"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.name, { onSuccess: () => setDeleting(null) })}
      >
        AI tools using its URL and token lose access at once. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}

function CreateServerModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (s: CreatedHostingMcpServer) => void;
}) {
  const roles = useRoleNames(appId);
  const create = useCreateMcpServer(appId);
  const [name, setName] = useState('');
  const [role, setRole] = useState<string | null>('AuthenticatedUser');
  const nameError = name && !NAME.test(name) ? 'Letters, digits, - and _ only (at most 64)' : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title="New MCP server">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name || nameError || !role) return;
          create.mutate({ name, role }, { onSuccess: (s) => onCreated(s) });
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} />
          <Select
            label="Run tools as role"
            description="Every tool call is allowed or refused as a caller with only this role"
            data={roles.data ?? []}
            value={role}
            onChange={setRole}
            allowDeselect={false}
            searchable
          />
          {create.isError && <Alert color="red">{errorInfo(create.error).message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name || !!nameError || !role}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The tools of one server and a try-it that calls one as the server's role. */
function ServerTools({ appId, server }: { appId: string; server: HostingMcpServer }) {
  const status = useMcpServerStatus(appId, server.name);
  const tryIt = useTryMcpTool(appId);
  const [tool, setTool] = useState<string | null>(null);
  const [args, setArgs] = useState('{}');
  const [argsError, setArgsError] = useState<string | null>(null);
  const tools = status.data?.tools ?? [];
  const result = tryIt.data;

  const run = () => {
    if (!tool) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(args || '{}');
    } catch {
      setArgsError('Arguments must be a JSON object');
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setArgsError('Arguments must be a JSON object');
      return;
    }
    setArgsError(null);
    tryIt.mutate({ server: server.name, tool, args: parsed as Record<string, unknown> });
  };

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Card withBorder padding="lg" radius="md" style={{ flex: 1, minWidth: 0 }}>
        <Title order={4} mb="sm">
          Tools of {server.name}
        </Title>
        {status.isPending ? (
          <Skeleton height={120} />
        ) : status.isError ? (
          <ErrorAlert error={status.error} />
        ) : (
          <Stack gap={4} data-testid="mcp-tools" mah={360} style={{ overflowY: 'auto' }}>
            {tools.map((t) => (
              <Group key={t.name} gap="xs" wrap="nowrap" align="baseline">
                <Text className="mono" size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {t.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {t.description}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="lg" radius="md" style={{ flex: 1, minWidth: 0 }}>
        <Title order={4} mb="sm">
          Try a tool
        </Title>
        <Stack gap="sm">
          <Select
            label="Tool"
            data={tools.map((t) => t.name)}
            value={tool}
            onChange={setTool}
            allowDeselect={false}
            searchable
            placeholder="Choose a tool"
          />
          <Textarea
            label="Arguments (JSON)"
            className="mono"
            autosize
            minRows={3}
            value={args}
            onChange={(e) => setArgs(e.currentTarget.value)}
            error={argsError}
          />
          <Group justify="flex-end">
            <Button onClick={run} loading={tryIt.isPending} disabled={!tool}>
              Call tool
            </Button>
          </Group>
          {tryIt.isError && <Alert color="red">{errorInfo(tryIt.error).message}</Alert>}
          {result && (
            <div data-testid="mcp-result">
              <Badge color={result.isError ? 'red' : 'green'} variant="light" mb={6}>
                {result.isError ? 'Tool error' : 'Result'}
              </Badge>
              <Code block mah={280} style={{ overflow: 'auto' }}>
                {result.content.map((c) => c.text ?? JSON.stringify(c)).join('\n')}
              </Code>
            </div>
          )}
        </Stack>
      </Card>
    </Group>
  );
}
