import { useState } from 'react';
import { Badge, Button, Drawer, Group, Skeleton, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { TIMER_LOG_PAGE, useGetTimerLogs } from '../api/handlers.queries';

const STATUS_COLORS: Record<string, string> = { ok: 'green', error: 'red', timeout: 'orange', skipped: 'gray' };

/** A timer's runs, newest first: when, why (schedule or manual), how long, and how it ended. */
export function TimerLogsDrawer({
  appId,
  timer,
  onClose,
}: {
  appId: string;
  timer: string | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const logs = useGetTimerLogs(appId, timer ?? undefined, page);
  const total = logs.data?.totalRows ?? 0;
  return (
    <Drawer opened={timer !== null} onClose={onClose} position="right" size="lg" title={`Runs of ${timer ?? ''}`}>
      {logs.isPending && <Skeleton height={160} />}
      {logs.isError && <ErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.data && logs.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No runs yet. Runs appear here as the schedule fires, or when you use Run now.
        </Text>
      )}
      {logs.data && logs.data.data.length > 0 && (
        <>
          <Table aria-label="Timer runs" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Trigger</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.data.data.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>{formatDateTime(run.startedAt)}</Table.Td>
                  <Table.Td>{run.trigger}</Table.Td>
                  <Table.Td>{run.durationMs === null ? '—' : `${run.durationMs} ms`}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[run.status] ?? 'gray'}>
                      {run.status}
                    </Badge>
                    {run.error && (
                      <Text size="xs" c="red" className="mono">
                        {run.error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="sm">
            <Text size="xs" c="dimmed">
              {total} run{total === 1 ? '' : 's'}
            </Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={(page + 1) * TIMER_LOG_PAGE >= total}
                onClick={() => setPage((p) => p + 1)}
              >
                Older
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Drawer>
  );
}
