import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBolt, IconClearAll, IconPlayerPlay, IconPlayerStop, IconX } from '@tabler/icons-react';
import { DevOperations, type FlowDebugEvent, type FlowVersion } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useCan } from '../../security';
import {
  useClearDebugHistory,
  useDebugContext,
  useDebugHistory,
  useDebugStream,
  useRunDebugElement,
  useRunDebugInstance,
  useStartDebugSession,
  useStopDebugInstances,
  useStopDebugSession,
  useUpdateDebugContext,
} from '../api/debug.queries';
import { readJson } from '../json-text';
import classes from './TestMonitor.module.css';

const STATUS_COLOR: Record<string, string> = {
  SUCCEEDED: 'teal',
  COMPLETED: 'teal',
  STARTED: 'blue',
  FAILED: 'red',
  STOPPED: 'gray',
  WAITING: 'yellow',
};

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
const time = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(ms));

/** One event of the session as a line: what ran, and how it ended. */
function describe(e: FlowDebugEvent, names: Map<string, string>): string {
  const element = e.elementId ? (names.get(e.elementId) ?? e.elementId) : '';
  if (e.kind === 'instance')
    return e.status === 'STARTED'
      ? `Debug instance ${e.executionId?.slice(0, 8)} started`
      : `Debug instance ${e.executionId?.slice(0, 8)} ended`;
  if (e.kind === 'element') return `${element} (run by hand)`;
  return element;
}

/**
 * The editor's Test monitor (CONSOLE.md §2.10 "Test mode / debug"): a debug session of the version
 * with mocked trigger data, one element run at a time or a whole debug instance, its steps as they
 * happen (socket.io `/automation`, the history over HTTP on open), and what each step received
 * and gave.
 */
export function TestMonitor({
  appId,
  version: v,
  selectedId,
  dirty,
  onClose,
}: {
  appId: string;
  version: FlowVersion;
  selectedId: string | null;
  dirty: boolean;
  onClose: () => void;
}) {
  const ids = { appId, flowId: v.flowId, versionId: v.id };
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const can = useCan(appId, DevOperations.LAUNCH_FLOW);
  const start = useStartDebugSession(ids);
  const stop = useStopDebugSession(ids);
  const stream = useDebugStream(ids, sessionId);
  const history = useDebugHistory(ids, sessionId, stream !== 'live');
  const clear = useClearDebugHistory(ids, sessionId);
  const context = useDebugContext(ids, sessionId);
  const saveContext = useUpdateDebugContext(ids, sessionId);
  const runElement = useRunDebugElement(ids, sessionId);
  const runInstance = useRunDebugInstance(ids);
  const stopRuns = useStopDebugInstances(ids, sessionId);
  const [text, setText] = useState('{}');
  const names = new Map(v.elements.map((e) => [e.id, e.name]));
  const trigger = v.elements.find((e) => e.type.startsWith('trigger.'));
  const selected = v.elements.find((e) => e.id === selectedId);

  // The saved mocked data, once per session.
  const savedTrigger = context.data?.trigger;
  useEffect(() => {
    if (context.data) setText(show(savedTrigger ?? {}));
  }, [sessionId, context.data !== undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  const parsed = readJson(text);
  const textChanged = parsed.ok && JSON.stringify(parsed.value) !== JSON.stringify(savedTrigger ?? {});
  const events = history.data ?? [];
  const running = new Set<string>();
  for (const e of events)
    if (e.kind === 'instance' && e.executionId)
      if (e.status === 'STARTED') running.add(e.executionId);
      else running.delete(e.executionId);
  const shown = events.find((e) => e.id === picked) ?? null;
  const lastRun = runElement.data;

  const begin = (force: boolean) =>
    start.mutate(force, {
      onSuccess: (s) => {
        setConflict(null);
        setSessionId(s.sessionId);
      },
      onError: (e) => {
        const info = errorInfo(e);
        if (info.status === 409) setConflict(info.message);
        else notifications.show({ color: 'red', message: info.message });
      },
    });
  const fail = (e: unknown) => notifications.show({ color: 'red', message: errorInfo(e).message });
  const saveMock = (then?: () => void) => {
    if (!parsed.ok) return;
    if (!textChanged) return then?.();
    saveContext.mutate(
      { ...(context.data ?? { results: {}, variables: {} }), trigger: parsed.value },
      { onSuccess: () => then?.(), onError: fail },
    );
  };

  return (
    <Paper withBorder className={classes.monitor} role="region" aria-label="Test monitor">
      <Group justify="space-between" px="sm" py={6} className={classes.bar} wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm">
            Test monitor
          </Text>
          {sessionId ? (
            <>
              <Badge color="teal" variant="light" radius="sm">
                Session open
              </Badge>
              <Badge
                color={stream === 'live' ? 'teal' : stream === 'error' ? 'red' : 'gray'}
                variant="dot"
                radius="sm"
                title="Live events from the server"
              >
                {stream === 'live' ? 'Live' : stream === 'error' ? 'Not live: refreshing every 3 s' : 'Connecting'}
              </Badge>
            </>
          ) : (
            <Badge color="gray" variant="light" radius="sm">
              No session
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {sessionId && (
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              loading={stop.isPending}
              onClick={() =>
                stop.mutate(sessionId, {
                  onSuccess: () => setSessionId(null),
                  onError: fail,
                })
              }
            >
              Stop session
            </Button>
          )}
          <Tooltip label="Close the test monitor">
            <ActionIcon variant="subtle" aria-label="Close the test monitor" onClick={onClose}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {!sessionId ? (
        <Stack gap="sm" p="md" maw={720}>
          <Text size="sm">
            A debug session runs this version as it is saved now (it need not be LIVE) with trigger data you write.
            Debug runs never count in metrics or the instance list.
          </Text>
          {dirty && (
            <Text size="sm" c="orange">
              You have unsaved changes: the session runs the saved version, so save first.
            </Text>
          )}
          {conflict ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Another debug session is open">
              <Text size="sm" mb="sm">
                {conflict.replace(/: stop it or start with forceStart=true$/, '.')} Taking over closes it and stops its
                running debug instances.
              </Text>
              <Group gap="xs">
                <Button color="orange" loading={start.isPending} onClick={() => begin(true)}>
                  Take over
                </Button>
                <Button variant="default" onClick={() => setConflict(null)}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          ) : (
            <Tooltip label={can.reason} disabled={can.allowed}>
              <Button
                w="fit-content"
                leftSection={<IconPlayerPlay size={16} />}
                loading={start.isPending}
                disabled={!can.allowed}
                onClick={() => begin(false)}
              >
                Start debug session
              </Button>
            </Tooltip>
          )}
        </Stack>
      ) : (
        <div className={classes.body}>
          <Stack gap="xs" p="sm" className={classes.column}>
            <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
              <Text size="xs">
                Record and HTTP actions act for real in a hand run: records are created, changed and deleted, and
                requests are sent.
              </Text>
            </Alert>
            <Textarea
              label="Mocked trigger data (JSON)"
              description={trigger ? `What ${trigger.name} receives` : 'This version has no trigger yet'}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={parsed.ok ? undefined : parsed.error}
              autosize
              minRows={4}
              maxRows={8}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={!parsed.ok || !textChanged}
                loading={saveContext.isPending}
                onClick={() =>
                  saveMock(() => notifications.show({ color: 'green', message: 'Mocked trigger data saved' }))
                }
              >
                Save mocked data
              </Button>
              <Button
                size="xs"
                leftSection={<IconBolt size={14} />}
                disabled={!parsed.ok || !trigger}
                loading={runInstance.isPending}
                onClick={() =>
                  saveMock(() =>
                    runInstance.mutate(parsed.ok ? parsed.value : undefined, {
                      onSuccess: (r) => setPicked(`${r.executionId}:start`),
                      onError: fail,
                    }),
                  )
                }
              >
                Run debug instance
              </Button>
            </Group>
            <Group gap="xs">
              <Tooltip label="Select an element on the canvas first" disabled={!!selected}>
                <Button
                  size="xs"
                  variant="default"
                  disabled={!selected || !parsed.ok}
                  loading={runElement.isPending}
                  onClick={() =>
                    selected &&
                    saveMock(() =>
                      runElement.mutate(
                        {
                          elementId: selected.id,
                          body: selected.type.startsWith('trigger.') && parsed.ok ? { input: parsed.value } : {},
                        },
                        { onError: fail, onSuccess: () => setPicked(null) },
                      ),
                    )
                  }
                >
                  {selected ? `Run “${selected.name}” only` : 'Run selected element'}
                </Button>
              </Tooltip>
              {running.size > 0 && trigger && (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  leftSection={<IconPlayerStop size={14} />}
                  loading={stopRuns.isPending}
                  onClick={() => stopRuns.mutate(trigger.id, { onError: fail })}
                >
                  Stop running
                </Button>
              )}
            </Group>
          </Stack>

          <div className={classes.column}>
            <Group justify="space-between" px="sm" pt="xs">
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                Session history
              </Text>
              <Tooltip label="Clear the history">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label="Clear the history"
                  disabled={!events.length}
                  loading={clear.isPending}
                  onClick={() => clear.mutate(undefined, { onError: fail })}
                >
                  <IconClearAll size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <ScrollArea className={classes.scroll} type="auto">
              {events.length === 0 ? (
                <Text size="sm" c="dimmed" p="sm">
                  Nothing ran yet. Run a debug instance, or select an element and run it alone.
                </Text>
              ) : (
                <ol className={classes.events} aria-label="Session history">
                  {events.map((e) => (
                    <li key={e.id}>
                      <UnstyledButton
                        className={classes.event}
                        data-active={picked === e.id || undefined}
                        data-kind={e.kind}
                        onClick={() => setPicked(e.id)}
                      >
                        <Text size="xs" c="dimmed" className="mono">
                          {time(e.at)}
                        </Text>
                        <Text size="sm" truncate style={{ flex: 1 }}>
                          {describe(e, names)}
                        </Text>
                        <Badge size="sm" radius="sm" variant="light" color={STATUS_COLOR[e.status] ?? 'gray'}>
                          {e.status}
                        </Badge>
                      </UnstyledButton>
                    </li>
                  ))}
                </ol>
              )}
            </ScrollArea>
          </div>

          <ScrollArea className={classes.column} type="auto">
            <Stack gap="xs" p="sm" data-testid="debug-details">
              {shown ? (
                <>
                  <Text size="sm" fw={600}>
                    {describe(shown, names)}
                  </Text>
                  {shown.error && (
                    <Text size="sm" c="red">
                      {shown.error.code}: {shown.error.message}
                    </Text>
                  )}
                  <Detail label="Input" value={shown.input} />
                  <Detail label="Output" value={shown.output} />
                </>
              ) : lastRun ? (
                <>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {names.get(lastRun.elementId) ?? lastRun.elementId}
                    </Text>
                    <Badge size="sm" radius="sm" variant="light" color={STATUS_COLOR[lastRun.status] ?? 'gray'}>
                      {lastRun.status}
                    </Badge>
                    {lastRun.port && (
                      <Text size="xs" c="dimmed">
                        leaves by {lastRun.port}
                      </Text>
                    )}
                  </Group>
                  {lastRun.error && (
                    <Text size="sm" c="red">
                      {lastRun.error.code}: {lastRun.error.message}
                    </Text>
                  )}
                  <Detail label="Input" value={lastRun.input} />
                  <Detail label="Output" value={lastRun.output} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Pick an entry of the history to see what it received and gave.
                </Text>
              )}
            </Stack>
          </ScrollArea>
        </div>
      )}
    </Paper>
  );
}

function Detail({ label, value }: { label: string; value: unknown }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {value === null || value === undefined ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Code block className={classes.code}>
          {show(value)}
        </Code>
      )}
    </div>
  );
}
