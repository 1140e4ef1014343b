import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Group, Pagination, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { DevOperations } from '@basalt/shared';
import { AreaTabs } from '../../../components/AreaTabs';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { errorInfo } from '../../../lib/errors';
import { useCan } from '../../security';
import { useDeleteAuditLogs, useDownloadAuditLogs, useLoadAuditLogs } from '../api/audit.queries';
import { dayEnd, dayStart } from '../audit-dates';
import { AUDIT_SECTIONS } from '../sections';
import { AuditFilters, type AuditFilterValues } from '../components/AuditFilters';
import { AuditTable } from '../components/AuditTable';
import { changedSearchParams } from '../../../lib/search-params';

const PAGE = 50;

export default function AuditPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilterValues = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const range = { from: dayStart(filters.from), to: dayEnd(filters.to) };
  const logs = useLoadAuditLogs(appId, {
    developer: filters.actor || undefined,
    action: filters.action || undefined,
    ...range,
    offset: (page - 1) * PAGE,
    pageSize: PAGE,
  });
  const download = useDownloadAuditLogs(appId);
  const remove = useDeleteAuditLogs(appId);
  const can = useCan(appId, DevOperations.DELETE_AUDIT_LOGS);
  const [deleting, setDeleting] = useState(false);

  const update = (next: Partial<AuditFilterValues> & { page?: string }) =>
    // A filter change starts again from the first page.
    setParams(() => changedSearchParams({ page: null, ...next }), { replace: true });

  const total = logs.data?.totalRows ?? 0;
  // "Delete" removes what the range ends before, or the whole log when no end date is set.
  const before = range.to !== undefined ? range.to + 1 : undefined;

  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          logs.data
            ? `${total} ${total === 1 ? 'entry' : 'entries'}${filters.actor || filters.action || filters.from || filters.to ? ' match the filters' : ''}. Every change made in the console, newest first.`
            : 'Every change made in the console, newest first.'
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(range, {
                  onSuccess: (n) =>
                    notifications.show({
                      color: 'teal',
                      title: 'Download ready',
                      message: `${n} entries saved as CSV.`,
                    }),
                  onError: (e) =>
                    notifications.show({ color: 'red', title: 'Download failed', message: errorInfo(e).message }),
                })
              }
            >
              Download CSV
            </Button>
            <Tooltip label={can.reason} disabled={can.allowed}>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} />}
                disabled={!can.allowed}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete…
              </Button>
            </Tooltip>
          </>
        }
      />
      <AreaTabs base={`/apps/${appId}/audit`} tabs={AUDIT_SECTIONS} label="Audit lists" />
      <AuditFilters value={filters} onChange={update} />
      {logs.isError ? (
        <ErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.isPending ? (
        <PageSkeleton rows={8} />
      ) : logs.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No entries
          {filters.actor || filters.action || filters.from || filters.to
            ? ' match these filters'
            : ' yet: changes made in the console appear here'}
          .
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
          <AuditTable entries={logs.data.data} />
        </Paper>
      )}
      {total > PAGE && (
        <Group justify="center" mt="md">
          <Pagination
            total={Math.ceil(total / PAGE)}
            value={page}
            onChange={(p) => update({ page: String(p) })}
            aria-label="Audit log pages"
          />
        </Group>
      )}
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={
          before
            ? `Delete audit entries before ${new Date(before).toLocaleDateString()}?`
            : 'Delete the whole audit log?'
        }
        confirmLabel="Delete entries"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(before, {
            onSuccess: (r) => {
              setDeleting(false);
              notifications.show({
                color: 'teal',
                title: 'Entries deleted',
                message: `${r?.deleted ?? 0} entries removed.`,
              });
            },
          })
        }
      >
        {before
          ? 'Every entry older than the end of the chosen range is removed. Download them first if you need them.'
          : 'Every entry of this app is removed (set a “To” date to keep recent ones). Download them first if you need them.'}{' '}
        This cannot be undone.
      </ConfirmModal>
    </>
  );
}
