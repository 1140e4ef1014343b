import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconDots, IconPlayerPlay, IconPlus, IconPuzzle, IconTrash } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useChangeHandlerState, useGetEventHandlers, useInvokeTimer } from '../api/handlers.queries';
import { NewTimerModal } from '../components/NewTimerModal';
import { TimerLogsDrawer } from '../components/TimerLogsDrawer';
import { DeleteHandlerModal } from '../components/DeleteHandlerModal';
import type { HandlerRow } from '../handler-row';
import { scheduleInWords } from '../schedule-words';

const STATUS_COLORS: Record<string, string> = { ok: 'green', error: 'red', timeout: 'orange', skipped: 'gray' };

/** Timers: schedule in words and raw, next and last run, enable switch, Run now, and each timer's runs. */
export default function TimersPage() {
  const { appId = '', timer: openTimer } = useParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/code/timers`;
  const handlers = useGetEventHandlers(appId);
  const toggle = useChangeHandlerState(appId);
  const run = useInvokeTimer(appId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<HandlerRow | null>(null);
  const timers = ((handlers.data ?? []) as HandlerRow[]).filter((h) => h.category === 'TIMER');

  const add = (
    <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={() => setCreating(true)}>
      New timer
    </Button>
  );

  const runNow = (t: HandlerRow) =>
    run.mutate(t, {
      onSuccess: (outcome) =>
        notifications.show({
          color: outcome.status === 'ok' ? 'green' : 'red',
          title: `${t.timername} ran`,
          message: outcome.error ? `${outcome.status}: ${outcome.error}` : `Status ${outcome.status}`,
        }),
      onError: (err) =>
        notifications.show({ color: 'red', title: `${t.timername} did not run`, message: errorInfo(err).message }),
    });

  return (
    <Stack gap="md">
      {handlers.isError && <ErrorAlert error={handlers.error} onRetry={() => void handlers.refetch()} />}
      {handlers.isSuccess && timers.length === 0 && (
        <Paper withBorder p="xl" radius="sm">
          <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
            <IconClock size={36} stroke={1.3} aria-hidden />
            <Title order={2} size="h3">
              No timers yet
            </Title>
            <Text size="sm" c="dimmed">
              A timer runs your code on a schedule — once, every few seconds, daily, weekly, monthly or by cron — on one
              server at a time, and keeps a log of every run.
            </Text>
            {add}
          </Stack>
        </Paper>
      )}
      {(handlers.isPending || timers.length > 0) && (
        <>
          <Group justify="space-between">
            <Text fw={600}>
              Timers{' '}
              <Text span c="dimmed">
                {timers.length}
              </Text>
            </Text>
            {add}
          </Group>
          <Paper withBorder radius="sm">
            <Table verticalSpacing="xs" highlightOnHover aria-label="Timers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Schedule</Table.Th>
                  <Table.Th>Next run</Table.Th>
                  <Table.Th>Last run</Table.Th>
                  <Table.Th>Model</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {handlers.isPending &&
                  Array.from({ length: 3 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={7}>
                        <Skeleton height={20} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {timers.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td className="mono">
                      {t.timername}
                      {t.language === 'CODELESS' && (
                        <Badge size="xs" color="violet" variant="light" ml={6}>
                          codeless
                        </Badge>
                      )}
                      {t.mode === 'DRAFT' && (
                        <Badge size="xs" color="gray" variant="light" ml={6}>
                          draft
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{scheduleInWords(t.frequency)}</Text>
                      <Text size="xs" c="dimmed" className="mono" truncate maw={260}>
                        {JSON.stringify(t.frequency)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t.enabled && t.nextRun ? formatDateTime(t.nextRun) : '—'}</Table.Td>
                    <Table.Td>
                      {t.lastRun ? (
                        <Group gap={6}>
                          <Text size="sm">{formatDateTime(t.lastRun)}</Text>
                          {t.lastStatus && (
                            <Badge size="xs" variant="light" color={STATUS_COLORS[t.lastStatus] ?? 'gray'}>
                              {t.lastStatus}
                            </Badge>
                          )}
                        </Group>
                      ) : (
                        'never'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Link to={`/apps/${appId}/code/editor/${encodeURIComponent(t.model)}`}>{t.model}</Link>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${t.timername} enabled`}
                        checked={t.enabled}
                        onChange={(e) => toggle.mutate({ handler: t, enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconPlayerPlay size={14} stroke={1.5} />}
                          loading={run.isPending && run.variables?.id === t.id}
                          disabled={t.mode === 'DRAFT'}
                          title={t.mode === 'DRAFT' ? 'Deploy the model first' : undefined}
                          onClick={() => runNow(t)}
                        >
                          Run now
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => void navigate(`${base}/${encodeURIComponent(t.timername ?? '')}`)}
                        >
                          Runs
                        </Button>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={`Actions of ${t.timername}`}>
                              <IconDots size={16} stroke={1.5} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {t.language === 'CODELESS' && (
                              <Menu.Item
                                leftSection={<IconPuzzle size={14} />}
                                onClick={() => void navigate(`${base}/${encodeURIComponent(t.timername ?? '')}/logic`)}
                              >
                                Edit logic
                              </Menu.Item>
                            )}
                            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(t)}>
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
          </Paper>
        </>
      )}
      <NewTimerModal
        appId={appId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(model, language, name) => {
          setCreating(false);
          if (language === 'CODELESS') {
            void navigate(`${base}/${encodeURIComponent(name)}/logic`);
            return;
          }
          notifications.show({
            title: 'Timer added as a draft',
            message: `A stub file was added to model ${model}. Write its code and deploy.`,
          });
        }}
      />
      <TimerLogsDrawer appId={appId} timer={openTimer ?? null} onClose={() => void navigate(base)} />
      <DeleteHandlerModal appId={appId} handler={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
