import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { trayLabel } from './task-format';
import { tasks as store, useTasks } from './task-store';
import { TaskRow } from './TaskRow';

/**
 * The top bar's task tray (docs/console-screens.md › Frame): a spinner with the number of running tasks, and a
 * panel listing running and finished work with progress, errors and Dismiss. The tasks live in
 * the task store, so the tray shows the same list on every page of the console.
 */
export function TaskTray() {
  const list = useTasks();
  const [opened, setOpened] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);
  const running = list.filter((t) => t.status === 'running').length;
  const failed = list.some((t) => t.status === 'failed' || t.status === 'interrupted');
  // Work in this page only: server-side tasks (import jobs) go on without the tab.
  const inPage = list.filter((t) => t.status === 'running' && !t.serverSide).length;
  const finished = list.length - running;

  // Closing the tab would stop the work in flight; only then does the browser ask first.
  useEffect(() => {
    if (!inPage) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [inPage]);

  // Dismissing removes the focused button: focus stays in the tray so Tab and Esc keep working.
  const keepFocus = () => requestAnimationFrame(() => dropdown.current?.focus());
  const dismiss = (id: string) => {
    store.dismiss(id);
    keepFocus();
  };
  const clearFinished = () => {
    store.clearFinished();
    keepFocus();
  };

  const label = trayLabel(list);
  return (
    <Indicator
      disabled={!running && !failed}
      label={running || undefined}
      color={running ? 'blue' : 'red'}
      size={running ? 16 : 8}
      offset={4}
      inline
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
      >
        {/* Tooltip outside the target, so the target's aria-expanded / aria-controls land on the button. */}
        <Tooltip label={label}>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
              {running ? <Loader size={16} aria-hidden /> : <IconChecklist size={18} stroke={1.5} />}
            </ActionIcon>
          </Popover.Target>
        </Tooltip>
        <Popover.Dropdown p={0} aria-label="Tasks" ref={dropdown}>
          <Group justify="space-between" px={12} py={8} wrap="nowrap">
            <Text fw={600} size="sm">
              Tasks
              {running ? (
                <Text span c="dimmed" size="sm" fw={400}>
                  {` · ${running} running`}
                </Text>
              ) : null}
            </Text>
            <Button size="compact-xs" variant="subtle" color="gray" disabled={!finished} onClick={clearFinished}>
              Clear finished
            </Button>
          </Group>
          <Divider />
          {list.length === 0 ? (
            <Box px={12} py={16}>
              <Text size="sm" c="dimmed">
                No long tasks right now. CSV imports, file uploads, clones, exports and resets show their progress here
                while you keep working.
              </Text>
            </Box>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap={0} role="list" aria-label="Running and finished tasks">
                {list.map((task, i) => (
                  <Box key={task.id}>
                    {i > 0 && <Divider />}
                    <TaskRow task={task} onDismiss={() => dismiss(task.id)} onNavigate={() => setOpened(false)} />
                  </Box>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
