import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { formatBytes } from '../file-paths';
import type { UploadItem, UploadQueue, UploadStatus } from '../hooks/useUploadQueue';

const STATUS: Record<UploadStatus, { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  uploading: { label: 'Uploading', color: 'blue' },
  done: { label: 'Uploaded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  conflict: { label: 'Name taken', color: 'orange' },
  skipped: { label: 'Skipped', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

function UploadRow({ item, onCancel, onRetry }: { item: UploadItem; onCancel: () => void; onRetry: () => void }) {
  const percent = item.total > 0 ? Math.round((item.loaded / item.total) * 100) : item.status === 'done' ? 100 : 0;
  const status = STATUS[item.status];
  const path = item.folder ? `${item.folder}/${item.name}` : item.name;
  const running = item.status === 'queued' || item.status === 'uploading';
  return (
    <Group role="listitem" aria-label={`Upload of ${path}`} wrap="nowrap" gap="sm" mih={28}>
      <Text
        size="sm"
        className="mono"
        truncate="start"
        style={{ minWidth: 0, flex: 1 }}
        title={item.error ? `${path}: ${item.error}` : path}
      >
        {path}
      </Text>
      {item.error && (
        <Text size="xs" c="red" truncate="end" maw={260} title={item.error}>
          {item.error}
        </Text>
      )}
      <Text
        size="xs"
        c="dimmed"
        ta="right"
        w={120}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatBytes(item.loaded)} / {formatBytes(item.total)}
      </Text>
      <Progress
        w={120}
        value={percent}
        size="sm"
        color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : undefined}
        aria-label={`${item.name} uploaded`}
      />
      <Badge size="sm" variant="light" color={status.color} radius="sm" w={96}>
        {status.label}
      </Badge>
      <Box w={22}>
        {running && (
          <Tooltip label="Cancel upload">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Cancel upload of ${item.name}`}
              onClick={onCancel}
            >
              <IconX size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        )}
        {item.status === 'failed' && (
          <Tooltip label="Try again">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Retry upload of ${item.name}`}
              onClick={onRetry}
            >
              <IconRefresh size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        )}
      </Box>
    </Group>
  );
}

/** Uploads of this visit: a summary line, and bytes sent per file while they run (or on demand). */
export function UploadPanel({ queue }: { queue: UploadQueue }) {
  const { items } = queue;
  const [expanded, setExpanded] = useState<boolean | null>(null);
  if (!items.length) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const sent = items.reduce((n, i) => n + i.loaded, 0);
  const total = items.reduce((n, i) => n + i.total, 0);
  // Open while files are on their way or something needs attention; a finished batch folds away.
  const open = expanded ?? (queue.active || failed > 0);
  return (
    <Paper withBorder radius="md" px="md" py="sm" mb="md" aria-label="Uploads" component="section">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} size="sm">
          {queue.active
            ? `Uploading ${done} of ${items.length} files · ${formatBytes(sent)} of ${formatBytes(total)}`
            : `${done} of ${items.length} ${items.length === 1 ? 'file' : 'files'} uploaded`}
          {failed > 0 && (
            <Text span c="red" size="sm" fw={500}>
              {` · ${failed} failed`}
            </Text>
          )}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {queue.active && (
            <Progress w={160} size="sm" value={total ? (sent / total) * 100 : 0} aria-label="All uploads" />
          )}
          <Button size="xs" variant="subtle" color="gray" onClick={() => setExpanded(!open)} aria-expanded={open}>
            {open ? 'Hide files' : 'Show files'}
          </Button>
          {!queue.active && (
            <Button size="xs" variant="subtle" color="gray" onClick={queue.clearFinished}>
              Clear
            </Button>
          )}
        </Group>
      </Group>
      <Collapse expanded={open}>
        <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars mt="xs">
          <Stack gap={2} role="list">
            {items.map((item) => (
              <UploadRow
                key={item.id}
                item={item}
                onCancel={() => queue.cancel(item.id)}
                onRetry={() => queue.retry(item.id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Collapse>
    </Paper>
  );
}
