import { ActionIcon, Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
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
    <Stack gap={4} role="listitem" aria-label={`Upload of ${path}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" className="mono" truncate="start" style={{ minWidth: 0, flex: 1 }} title={path}>
          {path}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatBytes(item.loaded)} / {formatBytes(item.total)}
        </Text>
        <Badge size="sm" variant="light" color={status.color} radius="sm">
          {status.label}
        </Badge>
        {running && (
          <Tooltip label="Cancel upload">
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Cancel upload of ${item.name}`} onClick={onCancel}>
              <IconX size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        )}
        {item.status === 'failed' && (
          <Tooltip label="Try again">
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Retry upload of ${item.name}`} onClick={onRetry}>
              <IconRefresh size={14} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Progress value={percent} size="sm" color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : undefined} aria-label={`${item.name} uploaded`} animated={item.status === 'uploading'} />
      {item.error && (
        <Text size="xs" c="red">
          {item.error}
        </Text>
      )}
    </Stack>
  );
}

/** Uploads of this visit with bytes sent per file; finished ones can be cleared. */
export function UploadPanel({ queue }: { queue: UploadQueue }) {
  const { items } = queue;
  if (!items.length) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const sent = items.reduce((n, i) => n + i.loaded, 0);
  const total = items.reduce((n, i) => n + i.total, 0);
  return (
    <Paper withBorder radius="md" p="md" mb="md" aria-label="Uploads" component="section">
      <Group justify="space-between" mb="sm">
        <Text fw={600} size="sm">
          {queue.active ? `Uploading ${done} of ${items.length} files · ${formatBytes(sent)} of ${formatBytes(total)}` : `${done} of ${items.length} files uploaded`}
        </Text>
        {!queue.active && (
          <Button size="xs" variant="subtle" color="gray" onClick={queue.clearFinished}>
            Clear
          </Button>
        )}
      </Group>
      <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
        <Stack gap="sm" role="list">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => queue.retry(item.id)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
