import { Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { bytes } from '../../../app/tasks/task-format';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { exportDownloadUrl } from '../api/lifecycle.calls';
import { COPY_PART_LABELS } from '../lifecycle-state';
import { COPY_PARTS, type AppExport } from '../lifecycle-types';

const STATUS = {
  IN_PROGRESS: { label: 'Running', color: 'blue' },
  DONE: { label: 'Ready', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
} as const;

/** The app's past exports, newest first: when, what, how big, and the ZIP's download. */
export function ExportsList({ appId, exports }: { appId: string; exports: UseQueryResult<AppExport[], unknown> }) {
  if (exports.isPending) return <Skeleton height={72} radius="sm" />;
  if (exports.isError) return <ErrorAlert error={exports.error} onRetry={() => void exports.refetch()} />;
  if (!exports.data.length) {
    return (
      <Text size="sm" c="dimmed">
        No exports yet. Each export you make is listed here with its download.
      </Text>
    );
  }
  return (
    <Table aria-label="Past exports" verticalSpacing={6} striped={false} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Made</Table.Th>
          <Table.Th>Parts</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th aria-label="Download" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {exports.data.map((e) => {
          const status = STATUS[e.status] ?? STATUS.IN_PROGRESS;
          return (
            <Table.Tr key={e.processId}>
              <Table.Td>
                <Text size="sm">{formatDateTime(e.createdOn)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {e.parts.length >= COPY_PARTS.length
                    ? 'Everything'
                    : e.parts.map((p) => COPY_PART_LABELS[p]?.label ?? p).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {e.size !== undefined ? bytes(e.size) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  variant="light"
                  color={status.color}
                  radius="sm"
                  title={e.error}
                  style={{ flex: 'none' }}
                  miw="fit-content"
                >
                  {e.status === 'IN_PROGRESS' ? `${status.label} · ${Math.round(e.progress)}%` : status.label}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {e.status === 'DONE' ? (
                  <Anchor
                    href={e.downloadUrl ?? exportDownloadUrl(appId, e.processId)}
                    download={e.fileName}
                    size="sm"
                    title={e.fileName}
                    aria-label={`Download ${e.fileName}`}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    Download ZIP
                  </Anchor>
                ) : e.status === 'FAILED' ? (
                  <Text size="xs" c="red" lineClamp={2}>
                    {e.error}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
