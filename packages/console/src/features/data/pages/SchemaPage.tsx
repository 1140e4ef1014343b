import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTable } from '@tabler/icons-react';
import type { ColumnInput } from '@basalt/sdk';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useCreateColumn, useDeleteColumn, useGetRecordsCountForTables, useTable, useUpdateColumn } from '../api/tables.queries';
import { ColumnsTable } from '../components/schema/ColumnsTable';
import { ColumnDrawer } from '../components/schema/ColumnDrawer';
import { ChangeSummaryModal } from '../components/schema/ChangeSummaryModal';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { TableMissing } from '../components/TableMissing';
import { VALIDATED_TYPES, describeChanges, isRelation, type ColumnDraft, type SchemaColumn } from '../components/schema/column-changes';
import { useLiveSchema } from '../components/schema/useLiveSchema';

/** `…/data/:table/schema`: the column table, the add/edit drawer, and guarded deletes. */
export default function SchemaPage() {
  const { appId = '', table: tableName = '' } = useParams();
  const { table, data: tables, isLoading, error, refetch } = useTable(appId, tableName);
  const { data: counts } = useGetRecordsCountForTables(appId, tables);
  const recordCount = counts?.[tableName];
  const [drawer, setDrawer] = useState<{ column: SchemaColumn | null } | null>(null);
  const [pending, setPending] = useState<{ before: SchemaColumn; input: ColumnInput; lines: string[] } | null>(null);
  const [deleting, setDeleting] = useState<SchemaColumn | null>(null);
  const create = useCreateColumn(appId);
  const update = useUpdateColumn(appId);
  const remove = useDeleteColumn(appId);

  useHotkeys([['shift+C', () => setDrawer({ column: null })]]);
  // Columns an app's writes add (dynamic schema) appear while the page is open.
  useLiveSchema(appId, table);

  if (isLoading) return <Stack p="lg"><PageSkeleton rows={6} /></Stack>;
  if (error) return <Stack p="lg"><ErrorAlert error={error} onRetry={() => void refetch()} /></Stack>;
  if (!table) return <TableMissing appId={appId} name={tableName} />;

  const toInput = (draft: ColumnDraft, defaultValue: unknown): ColumnInput => {
    if (draft.dataType === 'DATA_REF' || draft.dataType === 'GEO_REF') {
      return { name: draft.name, dataType: draft.dataType, required: draft.required, relationshipType: draft.relationshipType, ...(draft.dataType === 'DATA_REF' ? { toTableName: draft.toTableName } : {}) };
    }
    const customRegex = VALIDATED_TYPES.has(draft.dataType) && draft.customRegex ? draft.customRegex : null;
    return { name: draft.name, dataType: draft.dataType, required: draft.required, unique: draft.unique, indexed: draft.indexed || draft.unique, defaultValue, customRegex };
  };

  const saveUpdate = (before: SchemaColumn, input: ColumnInput) =>
    update.mutate(
      { table, prev: { name: before.name, dataType: before.dataType }, column: { ...input, prevName: before.name } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Column ${input.name} saved` });
          setPending(null);
          setDrawer(null);
        },
      },
    );

  const onSubmit = (draft: ColumnDraft, defaultValue: unknown) => {
    const input = toInput(draft, defaultValue);
    const before = drawer?.column;
    if (!before) {
      create.mutate(
        { table, column: input },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `Column ${draft.name} added to ${table.name}` });
            setDrawer(null);
          },
        },
      );
      return;
    }
    const { lines, risky } = describeChanges(before, draft, recordCount);
    if (lines.length === 0) return setDrawer(null);
    if (risky) setPending({ before, input, lines });
    else saveUpdate(before, input);
  };

  const confirmDelete = () =>
    deleting &&
    remove.mutate(
      { table, column: { name: deleting.name, dataType: deleting.dataType } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Column ${deleting.name} deleted` });
          setDeleting(null);
        },
      },
    );

  const own = table.columns.filter((c) => !c.system).length + table.relations.length + table.geoRelations.length;
  return (
    <Stack p="lg" gap="md">
      <PageHeader
        title={`${table.name} schema`}
        description={`${own} column${own === 1 ? '' : 's'} of your own, ${table.columns.filter((c) => c.system).length} system columns`}
        actions={
          <>
            <Button component={Link} to={`/apps/${appId}/data/${encodeURIComponent(table.name)}`} variant="default" leftSection={<IconTable size={16} stroke={1.5} />}>Records</Button>
            <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setDrawer({ column: null })} aria-keyshortcuts="Shift+C">Add column</Button>
          </>
        }
      />
      <ColumnsTable table={table} onEdit={(column) => setDrawer({ column })} onDelete={setDeleting} />
      {own === 0 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">Only system columns so far. Add the first column of {table.name}</Text>
          <Text size="xs" c="dimmed">(Shift+C)</Text>
        </Group>
      )}
      <ColumnDrawer
        opened={!!drawer}
        column={drawer?.column ?? null}
        table={table}
        tables={tables ?? []}
        onClose={() => { setDrawer(null); create.reset(); update.reset(); }}
        onSubmit={onSubmit}
        saving={create.isPending || (update.isPending && !pending)}
        error={create.error ?? (pending ? null : update.error)}
      />
      <ChangeSummaryModal
        opened={!!pending}
        title={`Change column ${pending?.before.name ?? ''}?`}
        lines={pending?.lines ?? []}
        onClose={() => { setPending(null); update.reset(); }}
        onConfirm={() => pending && saveUpdate(pending.before, pending.input)}
        loading={update.isPending}
        error={update.error}
      />
      {/* A column with data needs its name typed; an empty table only needs a second look. */}
      <TypeToConfirmModal
        opened={!!deleting && (recordCount ?? 1) > 0}
        onClose={() => { setDeleting(null); remove.reset(); }}
        title={`Delete column ${deleting?.name ?? ''}?`}
        expected={deleting?.name ?? ''}
        inputLabel="Type the column name to confirm"
        consequences={`${deleting && isRelation(deleting) ? 'Every link of this relation' : 'The values of this column'} in ${recordCount === undefined ? 'all' : recordCount.toLocaleString()} record${recordCount === 1 ? '' : 's'} of ${table.name} are removed for good.`}
        confirmLabel="Delete column"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
      />
      <ConfirmModal
        opened={!!deleting && recordCount === 0}
        title={`Delete column ${deleting?.name ?? ''}?`}
        confirmLabel="Delete column"
        onClose={() => { setDeleting(null); remove.reset(); }}
        onConfirm={confirmDelete}
        loading={remove.isPending}
        error={remove.error}
      >
        {table.name} has no records, so no values are lost. Apps that use {deleting?.name} stop finding it.
      </ConfirmModal>
    </Stack>
  );
}
