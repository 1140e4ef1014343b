import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Group, Modal, Pagination, Stack, Table, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { CacheRow } from '@basalt/sdk';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useGetCache, useRemoveCache, useUpdateCache } from '../api/tools.queries';
import { errorInfo } from '../../../lib/errors';
import { formatLocalDateTime, numberFormat, parseLocalDateTime, toDateTimeLocalInput } from '../data-format';
import { EditDeleteActions } from '../../../components/EditDeleteActions';

const PAGE_SIZE = 20;
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function expiresIn(ms: number): string {
  const minutes = Math.round((ms - Date.now()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return Math.abs(hours) < 48 ? relative.format(hours, 'hour') : relative.format(Math.round(hours / 24), 'day');
}

/** The list gives text (non-strings JSON-encoded); the editor shows JSON either way. */
function editableJson(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'string') return JSON.stringify(parsed, null, 2);
  } catch {
    // plain text: a JSON string below
  }
  return JSON.stringify(text);
}

/** The app's cache: key, value preview and expiry, paged by pagesize/offset; values edited as JSON. */
export default function CachePage() {
  const { appId = '' } = useParams();
  const [page, setPage] = useState(0);
  const { data, isLoading, error, refetch } = useGetCache(appId, page, PAGE_SIZE);
  const [editing, setEditing] = useState<{ key: string; value: string; expireAt: string; isNew: boolean } | null>(null);
  const [jsonError, setJsonError] = useState<string>();
  const [deleting, setDeleting] = useState<CacheRow | null>(null);
  const update = useUpdateCache(appId);
  const remove = useRemoveCache(appId);

  const save = () => {
    if (!editing || update.isPending) return;
    let value: unknown;
    try {
      value = JSON.parse(editing.value);
    } catch {
      return setJsonError('Not valid JSON: strings need double quotes, e.g. "hello"');
    }
    const expireAt = editing.expireAt ? parseLocalDateTime(editing.expireAt) : null;
    update.mutate({ key: editing.key, value, expireAt }, { onSuccess: () => { notifications.show({ color: 'teal', message: `Cache item ${editing.key} saved` }); setEditing(null); } });
  };

  return (
    <Stack p="lg" gap="md">
      <PageHeader
        title="Cache"
        description={data ? `${numberFormat.format(data.totalRows)} live item${data.totalRows === 1 ? '' : 's'}` : 'Short-lived values your app stores by key'}
        actions={<Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => { setJsonError(undefined); update.reset(); setEditing({ key: '', value: '""', expireAt: '', isNew: true }); }}>New item</Button>}
      />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <PageSkeleton rows={4} /> : data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">The cache is empty. Items your app puts in it show here until they expire.</Text>
      ) : data ? (
        <Table highlightOnHover verticalSpacing={6} aria-label="Cache items" layout="fixed">
          <Table.Thead><Table.Tr><Table.Th w="25%">Key</Table.Th><Table.Th>Value</Table.Th><Table.Th w={200}>Expires</Table.Th><Table.Th w={90} /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {data.data.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td><Text className="mono" size="sm" truncate>{item.key}</Text></Table.Td>
                <Table.Td><Text className="mono" size="xs" truncate c="dimmed">{item.value.length > 200 ? `${item.value.slice(0, 200)}…` : item.value}</Text></Table.Td>
                <Table.Td>
                  {item.expireAt ? <Tooltip label={formatLocalDateTime(item.expireAt)}><Text size="sm">{expiresIn(item.expireAt)}</Text></Tooltip> : <Text size="sm" c="dimmed">never</Text>}
                </Table.Td>
                <Table.Td>
                  <EditDeleteActions
                    what={item.key}
                    onEdit={() => { setJsonError(undefined); update.reset(); setEditing({ key: item.key, value: editableJson(item.value), expireAt: toDateTimeLocalInput(item.expireAt), isNew: false }); }}
                    onDelete={() => { remove.reset(); setDeleting(item); }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {data && data.totalRows > PAGE_SIZE && <Pagination total={Math.ceil(data.totalRows / PAGE_SIZE)} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" />}

      <Modal opened={!!editing} onClose={() => setEditing(null)} title={<Text fw={600}>{editing?.isNew ? 'New cache item' : `Edit ${editing?.key}`}</Text>} size="lg">
        {editing && (
          <form onSubmit={(e) => { e.preventDefault(); save(); }}>
            <Stack gap="md">
              <TextInput label="Key" withAsterisk value={editing.key} readOnly={!editing.isNew} onChange={(e) => setEditing({ ...editing, key: e.currentTarget.value })} classNames={{ input: 'mono' }} data-autofocus={editing.isNew || undefined} />
              <Textarea label="Value (JSON)" autosize minRows={4} maxRows={14} value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.currentTarget.value })} onBlur={() => { try { JSON.parse(editing.value); setJsonError(undefined); } catch { setJsonError('Not valid JSON: strings need double quotes, e.g. "hello"'); } }} error={jsonError} classNames={{ input: 'mono' }} />
              <TextInput label="Expires at" description="Your time zone; empty = never" type="datetime-local" step={1} value={editing.expireAt} onChange={(e) => setEditing({ ...editing, expireAt: e.currentTarget.value })} />
              {update.error ? <Alert color="red" variant="light" role="alert">{errorInfo(update.error).message}</Alert> : null}
              <Group justify="flex-end"><Button variant="default" onClick={() => setEditing(null)}>Cancel</Button><Button type="submit" loading={update.isPending} disabled={!editing.key.trim()}>Save</Button></Group>
            </Stack>
          </form>
        )}
      </Modal>

      <ConfirmModal opened={!!deleting} title={`Delete cache item ${deleting?.key ?? ''}?`} confirmLabel="Delete item" onClose={() => setDeleting(null)} loading={remove.isPending} error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.key, { onSuccess: () => { notifications.show({ color: 'teal', message: `Cache item ${deleting.key} deleted` }); setDeleting(null); } })}>
        Your app reads nothing under this key until it stores it again.
      </ConfirmModal>
    </Stack>
  );
}
