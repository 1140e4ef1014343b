import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { GLOBAL_LOGGER, LOG_LEVELS, type AppLoggingConfig, type LogLevelName } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useClearLoggers, useSaveLoggers } from '../api/logging.queries';

type Logger = AppLoggingConfig['loggers'][number];
const LEVEL_OPTIONS = LOG_LEVELS.map((l) => ({ value: l, label: l }));

/** The Global logger first (shown at its default, ALL, when it has no entry), then the others by name. */
function withGlobal(loggers: Logger[]): Logger[] {
  const global = loggers.find((l) => l.name === GLOBAL_LOGGER) ?? { name: GLOBAL_LOGGER, level: 'ALL' };
  const rest = loggers.filter((l) => l.name !== GLOBAL_LOGGER).sort((a, b) => a.name.localeCompare(b.name));
  return [global, ...rest];
}

/**
 * Levels per logger: a line is kept when its level is within the Global logger's and within its own
 * logger's (when that has one). Changes are made in the table and saved together.
 */
export function LoggersCard({ appId, stored }: { appId: string; stored: Logger[] }) {
  const [rows, setRows] = useState(() => withGlobal(stored));
  const [name, setName] = useState('');
  const [level, setLevel] = useState<LogLevelName>('INFO');
  const [confirmClear, setConfirmClear] = useState(false);
  const save = useSaveLoggers(appId);
  const clear = useClearLoggers(appId);
  const dirty = JSON.stringify(rows) !== JSON.stringify(withGlobal(stored));
  const trimmed = name.trim();
  const nameProblem = rows.some((r) => r.name === trimmed) ? `'${trimmed}' is in the table already` : undefined;

  const add = () => {
    if (!trimmed || nameProblem) return;
    setRows((r) => withGlobal([...r, { name: trimmed, level }]));
    setName('');
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Log levels">
      <Group justify="space-between" mb="xs" align="flex-start">
        <div>
          <Title order={3}>Log levels</Title>
          <Text size="sm" c="dimmed" maw={640}>
            Lines below their logger&apos;s level are dropped, not stored; a logger set to OFF keeps nothing. The Global
            logger applies to every line; by default every level is kept. Applies to the app API&apos;s Logging and to
            cloud code&apos;s logs.
          </Text>
        </div>
        <Button variant="default" color="red" onClick={() => setConfirmClear(true)}>
          Clear loggers
        </Button>
      </Group>
      <Table verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Logger</Table.Th>
            <Table.Th w={180}>Level</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                <Text size="sm" fw={row.name === GLOBAL_LOGGER ? 600 : 400}>
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={`Level of ${row.name}`}
                  data={LEVEL_OPTIONS}
                  value={row.level}
                  allowDeselect={false}
                  onChange={(v) =>
                    v && setRows((r) => r.map((x) => (x.name === row.name ? { ...x, level: v as LogLevelName } : x)))
                  }
                />
              </Table.Td>
              <Table.Td>
                {row.name !== GLOBAL_LOGGER && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${row.name}`}
                    onClick={() => setRows((r) => r.filter((x) => x.name !== row.name))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group mt="md" align="flex-end" gap="sm">
        <TextInput
          label="Add a logger"
          placeholder="e.g. checkout"
          value={name}
          error={nameProblem}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
          w={260}
        />
        <Select
          label="Level"
          data={LEVEL_OPTIONS}
          value={level}
          allowDeselect={false}
          onChange={(v) => v && setLevel(v as LogLevelName)}
          w={140}
        />
        <Button variant="light" onClick={add} disabled={!trimmed || !!nameProblem}>
          Add
        </Button>
      </Group>
      {save.error && (
        <Alert color="red" mt="md" title="Not saved">
          {errorInfo(save.error).message}
        </Alert>
      )}
      <Group justify="flex-end" mt="md" gap="sm">
        {dirty && (
          <Button variant="subtle" onClick={() => setRows(withGlobal(stored))}>
            Discard changes
          </Button>
        )}
        <Button
          disabled={!dirty}
          loading={save.isPending}
          onClick={() =>
            save.mutate(rows, {
              onSuccess: (saved) => {
                setRows(withGlobal(saved.loggers));
                notifications.show({ color: 'teal', title: 'Log levels saved', message: 'New lines follow them now.' });
              },
            })
          }
        >
          Save levels
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmClear}
        onClose={() => setConfirmClear(false)}
        title="Clear all loggers?"
        confirmLabel="Clear loggers"
        loading={clear.isPending}
        error={clear.error}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: ({ removedLoggers }) => {
              setConfirmClear(false);
              setRows((r) => r.filter((x) => x.name === GLOBAL_LOGGER));
              notifications.show({
                color: 'teal',
                title: 'Loggers cleared',
                message: `${removedLoggers} ${removedLoggers === 1 ? 'logger' : 'loggers'} removed; stored lines deleted.`,
              });
            },
          })
        }
      >
        <Stack gap={4}>
          <Text size="sm">
            Every logger&apos;s own level is removed (the Global logger keeps its level) and the app&apos;s stored log
            lines are deleted on every server.
          </Text>
        </Stack>
      </ConfirmModal>
    </Card>
  );
}
