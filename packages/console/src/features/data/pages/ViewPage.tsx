import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetTables } from '../api/tables.queries';
import { useCreateView, useDeleteView, useGetViews, useUpdateView, useViewPreview } from '../api/views.queries';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { RecordsTable, ViewOutput, dateColumnsOf } from '../components/views/ViewOutput';
import { errorInfo, fieldError } from '../../../lib/errors';

/** `…/data/-/views/:viewId` (`new` designs a new one): source table, columns, where, group by, live preview. */
export default function ViewPage() {
  const { appId = '', viewId = 'new' } = useParams();
  const navigate = useNavigate();
  const isNew = viewId === 'new';
  const { data: tables } = useGetTables(appId);
  const { data: views, isLoading } = useGetViews(appId);
  const view = views?.find((v) => v.viewId === viewId);
  const [name, setName] = useState('');
  const [tableName, setTableName] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [where, setWhere] = useState('');
  const [groupBy, setGroupBy] = useState<string | null>(null);
  const [debouncedWhere] = useDebouncedValue(where, 400);
  const [deleting, setDeleting] = useState(false);
  const create = useCreateView(appId);
  const update = useUpdateView(appId);
  const remove = useDeleteView(appId);
  const save = isNew ? create : update;

  useEffect(() => {
    setName(view?.name ?? '');
    setTableName(view?.tableName ?? null);
    setColumns(view?.columns ?? []);
    setWhere(view?.where ?? '');
    setGroupBy(view?.groupBy[0] ?? null);
  }, [view]);

  const table = tables?.find((t) => t.name === tableName);
  const columnNames = table ? table.columns.map((c) => c.name).filter((c) => c !== 'password') : [];
  const preview = useViewPreview(appId, tableName, debouncedWhere, columns);

  if (isLoading) return <Stack p="lg"><PageSkeleton rows={5} /></Stack>;
  if (!isNew && !view) return <Stack p="lg"><Alert color="orange" variant="light">This view no longer exists.</Alert></Stack>;

  const submit = () => {
    if (!tableName || save.isPending) return;
    const body = { name, tableName, columns, where: where.trim() || null, groupBy: groupBy ? [groupBy] : null };
    const done = { onSuccess: (saved: { viewId: string }) => { notifications.show({ color: 'teal', message: `View ${name} saved` }); if (isNew) navigate(`/apps/${appId}/data/-/views/${encodeURIComponent(saved.viewId)}`); } };
    if (isNew) create.mutate(body, done);
    else update.mutate({ ...body, viewId }, done);
  };

  return (
    <Stack p="lg" gap="md">
      <PageHeader
        title={isNew ? 'New view' : view!.name}
        description={isNew ? 'A saved selection over one table: columns, a where filter and grouping' : `On ${view!.tableName}`}
        actions={!isNew && <Button variant="subtle" color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={() => setDeleting(true)}>Delete view</Button>}
      />
      <Card withBorder padding="md">
        <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label="View name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldError(save.error, 'name')} />
              <Select label="Source table" withAsterisk data={(tables ?? []).map((t) => t.name)} value={tableName} onChange={(v) => { setTableName(v); setColumns([]); setGroupBy(null); }} searchable />
            </Group>
            <MultiSelect label="Columns" description="Empty shows every column" data={columnNames} value={columns} onChange={setColumns} searchable clearable disabled={!table} />
            <Group grow align="flex-start">
              <TextInput label="Where" placeholder="age > 30" value={where} onChange={(e) => setWhere(e.currentTarget.value)} classNames={{ input: 'mono' }} disabled={!table}
                error={preview.error ? errorInfo(preview.error).message : undefined} />
              <Select label="Group by" data={columnNames} value={groupBy} onChange={setGroupBy} clearable disabled={!table} placeholder="No grouping" />
            </Group>
            {save.error && !fieldError(save.error, 'name') ? <Alert color="red" variant="light" role="alert">{errorInfo(save.error).message}</Alert> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!name.trim() || !tableName}>{isNew ? 'Create view' : 'Save view'}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {table && (
        <Stack gap="xs">
          <Title order={2}>Preview</Title>
          {preview.data ? <RecordsTable rows={preview.data} columns={columns} dates={dateColumnsOf(table)} label="Preview records" /> : <Text size="sm" c="dimmed">Loading the preview…</Text>}
          {preview.data?.length === 0 && <Text size="sm" c="dimmed">No records match.</Text>}
        </Stack>
      )}
      {!isNew && view && (
        <Stack gap="xs">
          <Title order={2}>Saved output</Title>
          <ViewOutput appId={appId} view={view} />
        </Stack>
      )}
      <ConfirmModal opened={deleting} title={`Delete view ${view?.name ?? ''}?`} confirmLabel="Delete view" onClose={() => setDeleting(false)} loading={remove.isPending} error={remove.error}
        onConfirm={() => remove.mutate(viewId, { onSuccess: () => { setDeleting(false); navigate(`/apps/${appId}/data/-/views`); } })}>
        The view goes away; the records of {view?.tableName} stay.
      </ConfirmModal>
    </Stack>
  );
}
