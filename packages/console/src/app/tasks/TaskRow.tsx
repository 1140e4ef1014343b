import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconCloudUpload,
  IconCopy,
  IconDatabaseExport,
  IconFileTypeCsv,
  IconRestore,
  IconX,
} from '@tabler/icons-react';
import { taskAmount } from './task-format';
import { taskPercent, type Task, type TaskKind, type TaskStatus } from './task-store';

const KIND_ICON: Record<TaskKind, typeof IconFileTypeCsv> = {
  import: IconFileTypeCsv,
  upload: IconCloudUpload,
  export: IconDatabaseExport,
  backup: IconArchive,
  clone: IconCopy,
  reset: IconRestore,
};

// Status is said in words as well as colour (docs/console-screens.md › Status).
const STATUS: Record<TaskStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  interrupted: { label: 'Interrupted', color: 'orange' },
};

interface Props {
  task: Task;
  onDismiss: () => void;
  /** Called when the title link is followed, so the tray can close. */
  onNavigate: () => void;
}

/** One task of the tray: what it is, a progress bar, how far, and its error or outcome. */
export function TaskRow({ task, onDismiss, onNavigate }: Props) {
  const Icon = KIND_ICON[task.kind];
  const percent = taskPercent(task);
  const status = STATUS[task.status];
  const running = task.status === 'running';
  return (
    <Stack gap={4} role="listitem" aria-label={task.title} py={8} px={12} data-status={task.status}>
      <Group gap={8} wrap="nowrap" align="center">
        <Icon size={16} stroke={1.5} aria-hidden style={{ flex: 'none' }} />
        <Text size="sm" fw={500} truncate="end" style={{ flex: 1, minWidth: 0 }} title={task.title}>
          {task.href ? (
            <Anchor component={Link} to={task.href} onClick={onNavigate} inherit c="inherit" underline="hover">
              {task.title}
            </Anchor>
          ) : (
            task.title
          )}
        </Text>
        <Badge size="xs" variant="light" color={status.color} radius="sm" style={{ flex: 'none' }}>
          {status.label}
        </Badge>
        {running && task.cancel ? (
          <Tooltip label="Cancel">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Cancel ${task.title}`}
              onClick={task.cancel}
            >
              <IconX size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        ) : !running ? (
          <Tooltip label="Dismiss">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Dismiss ${task.title}`}
              onClick={onDismiss}
            >
              <IconX size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Progress
        size="sm"
        value={percent ?? 100}
        striped={running}
        animated={running && percent === null}
        color={
          task.status === 'failed'
            ? 'red'
            : task.status === 'done'
              ? 'green'
              : task.status === 'cancelled'
                ? 'gray'
                : task.status === 'interrupted'
                  ? 'orange'
                  : undefined
        }
        aria-label={`${task.title} progress`}
      />
      <Group gap={8} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {taskAmount(task)}
          {percent !== null && running && task.unit !== 'percent' ? ` · ${percent}%` : ''}
        </Text>
        {task.detail && task.status !== 'failed' && (
          <Text size="xs" c="dimmed" truncate="end" title={task.detail}>
            {task.detail}
          </Text>
        )}
      </Group>
      {task.status === 'failed' && task.detail && (
        <Text size="xs" c="red" lineClamp={3} title={task.detail}>
          {task.detail}
        </Text>
      )}
      {task.actions?.length ? (
        <Group gap={8} justify="flex-end">
          {task.actions.map((a) => (
            <Button
              key={a.label}
              size="compact-xs"
              variant="light"
              color={a.color}
              onClick={a.onClick}
              aria-label={`${a.label} ${task.title}`}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
