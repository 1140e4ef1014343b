import { useState } from 'react';
import { useParams } from 'react-router';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import {
  APP_DATABASE,
  useConnections,
  useDeleteConnection,
  useRunSelect,
  useSavedQueries,
  useSaveQuery,
  useTargetTables,
} from '../api/sql-editor.queries';
import { ConnectionModal } from '../components/ConnectionModal';
import { ResultGrid } from '../components/ResultGrid';
import { addHistory, readHistory, type HistoryEntry } from '../history';

/**
 * Data › SQL editor: read-only SELECTs over the app's own tables (by the names the Data area shows)
 * or over an external database's connection. Ctrl/Cmd+S runs; Explain shows the database's plan.
 * Results show in a grid; queries can be saved on a connection; the history stays in this browser.
 */
export default function SqlEditorPage() {
  const { appId = '' } = useParams();
  const connections = useConnections(appId);
  const [target, setTarget] = useState(APP_DATABASE);
  const connection = connections.data?.find((c) => c.name === target);
  const tables = useTargetTables(appId, connection?.id);
  const saved = useSavedQueries(appId, target);
  const run = useRunSelect(appId);
  const save = useSaveQuery(appId, target);
  const remove = useDeleteConnection(appId);
  const [query, setQuery] = useState('select 1 as answer');
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(appId));
  const [explained, setExplained] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | undefined>();
  const [queryName, setQueryName] = useState('');

  const execute = (explain = false) => {
    setExplained(explain);
    run.mutate(
      { connection: target, query, explain },
      { onSuccess: () => setHistory(addHistory(appId, { query, target, at: Date.now() })) },
    );
  };

  const targets = [
    { value: APP_DATABASE, label: "This app's database" },
    ...(connections.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.type.toLowerCase()})` })),
  ];

  return (
    <>
      <PageHeader
        title="SQL editor"
        description="Read-only SELECT queries over this app's tables or an external database. Writes are refused; each query has a time limit and a row limit."
        actions={<Button onClick={() => setCreating(true)}>New connection</Button>}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="md">
            <Select
              label="Run on"
              data={targets}
              value={target}
              allowDeselect={false}
              onChange={(v) => {
                setTarget(v ?? APP_DATABASE);
                run.reset();
              }}
            />
            <Card withBorder padding="xs" component="section" aria-label="Tables">
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                Tables
              </Text>
              <ScrollArea.Autosize mah={220}>
                {tables.isError ? (
                  <ErrorAlert error={tables.error} onRetry={() => void tables.refetch()} />
                ) : (
                  (tables.data ?? []).map((t) => (
                    <NavLink
                      key={t}
                      label={<span className="mono">{t}</span>}
                      onClick={() => setQuery(`select * from "${t}"`)}
                    />
                  ))
                )}
              </ScrollArea.Autosize>
            </Card>
            {target !== APP_DATABASE && (
              <Card withBorder padding="xs" component="section" aria-label="Saved queries">
                <Text size="xs" fw={600} c="dimmed" mb={4}>
                  Saved queries
                </Text>
                {(saved.data ?? []).length === 0 && (
                  <Text size="xs" c="dimmed">
                    None yet.
                  </Text>
                )}
                {(saved.data ?? []).map((q) => (
                  <NavLink key={q.id} label={q.name} onClick={() => setQuery(q.query)} />
                ))}
              </Card>
            )}
            <Card withBorder padding="xs" component="section" aria-label="History">
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                History
              </Text>
              <ScrollArea.Autosize mah={200}>
                {history.length === 0 && (
                  <Text size="xs" c="dimmed">
                    Queries you run appear here.
                  </Text>
                )}
                {history.map((h) => (
                  <NavLink
                    key={`${h.target}\u0000${h.query}`}
                    label={<span className="mono">{h.query.slice(0, 60)}</span>}
                    description={h.target || "app's database"}
                    onClick={() => {
                      setTarget(h.target);
                      setQuery(h.query);
                    }}
                  />
                ))}
              </ScrollArea.Autosize>
            </Card>
            <Card withBorder padding="xs" component="section" aria-label="Connections">
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                Connections
              </Text>
              {(connections.data ?? []).length === 0 && (
                <Text size="xs" c="dimmed">
                  No external databases yet.
                </Text>
              )}
              {(connections.data ?? []).map((c) => (
                <Group key={c.id} justify="space-between" wrap="nowrap" gap={4}>
                  <Text size="sm" truncate>
                    {c.name}{' '}
                    <Badge size="xs" variant="light">
                      {c.type}
                    </Badge>
                  </Text>
                  <Tooltip label={`Delete ${c.name}`}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete connection ${c.name}`}
                      onClick={() => setDeleting(c.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            <CodeEditor
              value={query}
              onChange={setQuery}
              language="sql"
              height={220}
              label="SQL query"
              onSave={() => execute(false)}
            />
            <Group justify="space-between">
              <Group gap="sm">
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={run.isPending && !explained}
                  onClick={() => execute(false)}
                >
                  Run
                </Button>
                <Button variant="default" loading={run.isPending && explained} onClick={() => execute(true)}>
                  Explain
                </Button>
                <Text size="xs" c="dimmed">
                  Ctrl/Cmd+S runs the query
                </Text>
              </Group>
              {target !== APP_DATABASE && (
                <Group gap="xs">
                  <TextInput
                    size="xs"
                    placeholder="Query name"
                    aria-label="Query name"
                    value={queryName}
                    onChange={(e) => setQueryName(e.currentTarget.value)}
                  />
                  <Button
                    size="xs"
                    variant="light"
                    loading={save.isPending}
                    disabled={!queryName}
                    onClick={() =>
                      save.mutate({ name: queryName, query, params: [] }, { onSuccess: () => setQueryName('') })
                    }
                  >
                    Save query
                  </Button>
                </Group>
              )}
            </Group>
            {save.error ? <ErrorAlert error={save.error} title="The query was not saved" /> : null}
            <Title order={2} size="h4">
              {explained ? 'Plan' : 'Results'}
            </Title>
            {run.isError ? (
              <ErrorAlert error={run.error} title="The query did not run" />
            ) : run.data ? (
              <>
                <Text size="xs" c="dimmed" data-testid="sql-row-count">
                  {run.data.length} {run.data.length === 1 ? 'row' : 'rows'}
                </Text>
                <ResultGrid rows={run.data} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Run a query to see its rows.
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <ConnectionModal
        key={creating ? 'open' : 'closed'}
        appId={appId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(name) => {
          setCreating(false);
          setTarget(name);
        }}
      />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(undefined)}
        title="Delete this connection?"
        confirmLabel="Delete"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              if (connections.data?.find((c) => c.id === deleting)?.name === target) setTarget(APP_DATABASE);
              setDeleting(undefined);
            },
          })
        }
      >
        Its saved queries are deleted with it. The external database is not touched.
      </ConfirmModal>
    </>
  );
}
