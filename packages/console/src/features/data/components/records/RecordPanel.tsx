import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Code, Drawer, Group, ScrollArea, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { DataTable } from '@basalt/shared';
import { useCreateRecord, useDeleteRecords, useGetRecord, useUpdateRecord } from '../../api/records.queries';
import { CopyButton } from '../../../../components/CopyButton';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { fieldError, formError } from '../../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../../lib/useUnsavedChangesGuard';
import { ObjectAclPanel } from '../../../security';
import { formatDateTimeWithZone } from '../../data-format';
import { RecordFieldInput, type FieldDraft } from './RecordFieldInput';
import { RelationsTab } from './RelationsTab';
import { DeleteRecordsModal } from './DeleteRecordsModal';
import { draftsOf, editableColumns, recordFromDrafts } from './record-form';

export type PanelTab = 'fields' | 'relations' | 'acl' | 'json';

interface Props {
  appId: string;
  table: DataTable;
  /** `new` opens an empty form. */
  objectId: string;
  tab: PanelTab;
  onTabChange: (tab: PanelTab) => void;
  onClose: () => void;
  /** Called after the record changed on the server (the grid reloads its rows). */
  onChanged: (change: 'created' | 'updated' | 'deleted', objectId: string) => void;
}

/** The record side panel (`?record=`): non-modal so the grid stays usable; Esc closes, Mod+S saves. */
export function RecordPanel({ appId, table, objectId, tab, onTabChange, onClose, onChanged }: Props) {
  const isNew = objectId === 'new';
  const { data: record, isLoading, error, refetch } = useGetRecord(appId, table, isNew ? null : objectId);
  const columns = useMemo(() => editableColumns(table.columns), [table.columns]);
  const [drafts, setDrafts] = useState<Record<string, FieldDraft>>(() => draftsOf(columns, null));
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  // Whether the form holds unsaved edits, read by `close` at the moment it runs: a click that lands
  // right after a save, before React rendered the saved state, must not ask to discard what was
  // just saved (the render it was bound to still had the edits).
  const edited = useRef(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateRecord(appId);
  const update = useUpdateRecord(appId);
  const remove = useDeleteRecords(appId);
  const saveError = create.error ?? update.error;

  useEffect(() => {
    setDrafts(draftsOf(columns, isNew ? null : (record ?? null)));
    setDirty(new Set());
    edited.current = false;
    setFieldErrors({});
  }, [columns, record, isNew]);

  const save = () => {
    if (create.isPending || update.isPending) return;
    const { record: values, errors } = recordFromDrafts(columns, drafts, isNew ? undefined : dirty);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    if (isNew) {
      create.mutate(
        { table, record: values },
        {
          onSuccess: (created) => {
            edited.current = false;
            notifications.show({ color: 'teal', message: `Record created in ${table.name}` });
            onChanged('created', String(created.objectId));
          },
        },
      );
    } else {
      update.mutate(
        { table, record: { ...values, objectId } },
        {
          onSuccess: () => {
            edited.current = false;
            notifications.show({ color: 'teal', message: 'Record saved' });
            setDirty(new Set());
            void refetch();
            onChanged('updated', objectId);
          },
        },
      );
    }
  };

  // Closing the panel, Back, a link elsewhere, reload or closing the tab ask first while edits are
  // unsaved. Closing goes through the URL (`record`), so the one guard covers every way out;
  // other URL changes (the grid's search, the panel's tab) keep the panel and its edits.
  const guard = useUnsavedChangesGuard(() => edited.current, {
    message: 'The fields you changed in this record are not saved yet.',
    leaves: (a, b) => a.pathname !== b.pathname || new URLSearchParams(a.search).get('record') !== new URLSearchParams(b.search).get('record'),
  });
  const close = onClose;

  useHotkeys([['mod+S', save]], []);

  // A refusal that names a column of the form shows under it; any other one above the buttons.
  const topError = formError(saveError, columns.map((c) => c.name));
  const title = isNew ? `New ${table.name} record` : (
    <Group gap={6} wrap="nowrap">
      <Text fw={600} className="mono" size="sm" truncate>
        {objectId}
      </Text>
      <CopyButton value={objectId} label="Copy objectId" />
    </Group>
  );

  const fields = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        {!isNew && record && (
          <Group gap="lg">
            <Text size="xs" c="dimmed">
              created {typeof record.created === 'number' ? formatDateTimeWithZone(record.created) : '—'}
            </Text>
            <Text size="xs" c="dimmed">
              updated {typeof record.updated === 'number' ? formatDateTimeWithZone(record.updated) : '—'}
            </Text>
          </Group>
        )}
        {columns.length === 0 && <Text size="sm" c="dimmed">{table.name} has only system columns. Add columns in the schema.</Text>}
        {columns.map((column) => (
          <RecordFieldInput
            key={column.name}
            column={column}
            value={drafts[column.name] ?? null}
            error={fieldErrors[column.name] ?? fieldError(saveError, column.name)}
            onChange={(value) => {
              edited.current = true;
              setDrafts((d) => ({ ...d, [column.name]: value }));
              setDirty((s) => new Set(s).add(column.name));
            }}
          />
        ))}
        {topError ? <Alert color="red" variant="light" role="alert">{topError}</Alert> : null}
        <Group justify="space-between" mt="xs">
          {!isNew ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={() => setConfirmDelete(true)}>
              Delete record
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              {isNew ? 'Cancel' : 'Close'}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} disabled={!isNew && dirty.size === 0}>
              {isNew ? 'Create record' : 'Save'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={480}
      title={title}
      withOverlay={false}
      trapFocus={false}
      lockScroll={false}
      closeOnClickOutside={false}
      styles={{ content: { top: 48, height: 'calc(100% - 48px)', boxShadow: 'var(--mantine-shadow-lg)' }, inner: { top: 48, height: 'calc(100% - 48px)' }, title: { minWidth: 0 } }}
      closeButtonProps={{ 'aria-label': 'Close record panel' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {!isNew && isLoading && <Stack gap="sm">{Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={52} />)}</Stack>}
      {!isNew && error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {!isNew && !isLoading && !error && record === null && <Alert color="orange" variant="light">This record no longer exists in {table.name}.</Alert>}
      {isNew && fields}
      {!isNew && record && (
        <Tabs value={tab} onChange={(v) => onTabChange((v as PanelTab) ?? 'fields')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="fields">Fields</Tabs.Tab>
            <Tabs.Tab value="relations">Relations</Tabs.Tab>
            <Tabs.Tab value="acl">ACL</Tabs.Tab>
            <Tabs.Tab value="json">JSON</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="fields">{fields}</Tabs.Panel>
          <Tabs.Panel value="relations">
            <RelationsTab appId={appId} table={table} record={record} onChanged={() => {
              void refetch();
              onChanged('updated', objectId);
            }} />
          </Tabs.Panel>
          <Tabs.Panel value="acl">
            <ObjectAclPanel appId={appId} table={{ tableId: table.tableId, name: table.name }} objectId={objectId} />
          </Tabs.Panel>
          <Tabs.Panel value="json">
            <Code block>{JSON.stringify(record, null, 2)}</Code>
          </Tabs.Panel>
        </Tabs>
      )}
      <DeleteRecordsModal
        opened={confirmDelete}
        count={1}
        tableName={table.name}
        onClose={() => setConfirmDelete(false)}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { table, ids: [objectId] },
            {
              onSuccess: () => {
                setConfirmDelete(false);
                notifications.show({ color: 'teal', message: `Deleted 1 record from ${table.name}` });
                guard.allowNext();
                onChanged('deleted', objectId);
              },
            },
          )
        }
      />
    </Drawer>
  );
}
