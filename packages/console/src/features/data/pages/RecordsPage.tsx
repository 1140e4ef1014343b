import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Box, Button, Group, Menu, ActionIcon, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useElementSize, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDots, IconDownload, IconPlus, IconSchema, IconTrash, IconUpload } from '@tabler/icons-react';
import { useDeleteRecords, useGetRecordsCount } from '../api/records.queries';
import { downloadText, useGetTables, useTable } from '../api/tables.queries';
import { getSdk } from '../../../lib/sdk';
import { errorInfo } from '../../../lib/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { formatSort, numberFormat, parseSort } from '../data-format';
import { useRecordWindows, WINDOW } from '../components/records/useRecordWindows';
import { RecordsToolbar } from '../components/records/RecordsToolbar';
import { useLiveRecords } from '../components/records/useLiveRecords';
import { LiveBadge } from '../components/records/LiveBadge';
import { RecordPanel, type PanelTab } from '../components/records/RecordPanel';
import { DeleteRecordsModal } from '../components/records/DeleteRecordsModal';
import { RecordsEmptyState } from '../components/records/RecordsEmptyState';
import { TableMissing } from '../components/TableMissing';
import { ImportCsvModal } from '../components/import/ImportCsvModal';
import { gridFields, fieldName } from '../components/records/RecordsGrid.utils';
import { useInlineEdits } from '../components/records/useInlineEdits';
import { useGridPaste } from '../components/records/useGridPaste';
import { PasteConfirmModal } from '../components/records/PasteConfirmModal';
import { RelationCellEditor } from '../components/records/cells/RelationCellEditor';
import { changedSearchParams, currentSearchParams } from '../../../lib/search-params';
import { useIntentParam } from '../../../lib/use-intent-param';

// Glide is the heaviest part of the console: it loads with this page only.
const PANEL_WIDTH = 480;

const RecordsGrid = lazy(() => import('../components/records/RecordsGrid'));

export default function RecordsPage() {
  const { appId = '', table: tableName = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { table, isLoading: tablesLoading, error: tablesError, refetch: refetchTables } = useTable(appId, tableName);
  const q = params.get('q') ?? '';
  const filter = params.get('filter') ?? '';
  const sortParam = params.get('sort');
  const sort = useMemo(() => parseSort(sortParam), [sortParam]);
  const recordParam = params.get('record');
  const tab = (params.get('tab') as PanelTab | null) ?? 'fields';
  const recordsFilter = useMemo(() => ({ q, filter, sortBy: sort.map((s) => `${s.column} ${s.dir}`) }), [q, filter, sort]);

  const windows = useRecordWindows(appId, table, recordsFilter);
  const shown = windows.shownFilter ?? recordsFilter;
  const count = useGetRecordsCount(appId, table, shown.q, shown.filter);
  const live = useLiveRecords(appId, table, windows, shown);
  // The count of a query being tried (it may still fail); only the shown one sizes the grid.
  useGetRecordsCount(appId, table, q, filter);
  const rows = count.data ?? windows.knownRows ?? WINDOW;
  const { data: tables } = useGetTables(appId);
  const fields = useMemo(() => (table ? gridFields(table, tables) : []), [table, tables]);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  // The palette's "Import CSV" opens the import through `?import=csv`.
  const openImport = useCallback(() => setImporting(true), []);
  useIntentParam('import', 'csv', openImport);
  const { ref: gridBox, height } = useElementSize();
  const inline = useInlineEdits(appId, table, windows);
  const paste = useGridPaste(appId, table, fields, rows, windows);
  const remove = useDeleteRecords(appId);
  const wide = useMediaQuery('(min-width: 1440px)');

  const setParam = useCallback(
    (changes: Record<string, string | null>, push = false) =>
      setParams(() => changedSearchParams(changes), { replace: !push }),
    [setParams],
  );

  const openRecord = useCallback(
    (row: number, panelTab?: 'fields' | 'relations') => {
      const record = windows.getRecord(row);
      if (record?.objectId) setParam({ record: String(record.objectId), tab: panelTab && panelTab !== 'fields' ? panelTab : null }, true);
    },
    [windows, setParam],
  );

  const onSortToggle = useCallback(
    (column: string) => {
      // From the browser's location, not this render's `sort`: a second click on a header can come
      // before the render of the first (lib/search-params.ts), and would then repeat it.
      const latest = parseSort(currentSearchParams().get('sort'));
      const current = latest.find((s) => s.column === column);
      const next = !current ? [{ column, dir: 'asc' as const }] : current.dir === 'asc' ? [{ column, dir: 'desc' as const }] : [];
      setParam({ sort: formatSort(next) || null });
    },
    [setParam],
  );

  const exportCsv = async () => {
    if (!table) return;
    setExporting(true);
    try {
      const props = fields.filter((f) => f.kind === 'column').map(fieldName);
      const csv = await getSdk().tables.exportRecords(appId, null, table, { where: q || undefined, filterString: filter || undefined, sortBy: recordsFilter.sortBy.length ? recordsFilter.sortBy : undefined, props });
      downloadText(`${table.name}.csv`, csv);
      const lines = Math.max(0, csv.trim().split('\n').length - 1);
      notifications.show({ color: 'teal', title: 'CSV exported', message: `${numberFormat.format(lines)} records${q || filter ? ' matching the search and filter' : ''}, in the current order.` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorInfo(err).message, autoClose: false });
    } finally {
      setExporting(false);
    }
  };

  const afterDelete = (n: number) => {
    setConfirm(null);
    setSelected([]);
    windows.refresh();
    notifications.show({ color: 'teal', message: `Deleted ${n === -1 ? 'every record' : `${n} record${n === 1 ? '' : 's'}`} from ${tableName}` });
  };

  const selectedIds = selected.map((r) => windows.getRecord(r)?.objectId).filter((id): id is string => typeof id === 'string');

  useHotkeys([
    ['N', () => setParam({ record: 'new', tab: null }, true)],
    ['shift+R', () => windows.refresh()],
    ['shift+F', () => document.getElementById('records-filter')?.focus()],
    ['mod+Backspace', () => selectedIds.length && setConfirm('selected')],
    // Undoes the last paste (inputs keep their own Mod+Z: hotkeys skip them).
    ['mod+Z', () => void paste.undo()],
  ]);

  if (tablesError) return <ErrorAlert error={tablesError} onRetry={() => void refetchTables()} />;
  if (!tablesLoading && !table) return <TableMissing appId={appId} name={tableName} />;

  const empty = count.data === 0 && windows.isCurrent;
  return (
    // From 1440 px the record panel pushes the page instead of covering the toolbar (docs/console-screens.md › Record panel).
    <Stack gap="sm" h="100%" p="lg" pr={recordParam && wide ? PANEL_WIDTH + 24 : 'lg'} style={{ minHeight: 0 }}>
      {/* With the record panel open the page is narrower: header and toolbar wrap instead of being cut. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>{tableName}</Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="records-total" style={{ whiteSpace: 'nowrap' }}>
            {count.data === undefined ? 'counting…' : `${numberFormat.format(count.data)} record${count.data === 1 ? '' : 's'}${shown.q || shown.filter ? ' match' : ''}`}
          </Text>
          <LiveBadge live={live.live} error={live.error} />
        </Group>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          {selectedIds.length > 0 && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={() => setConfirm('selected')}>
              Delete {selectedIds.length} selected
            </Button>
          )}
          <Button component={Link} to={`/apps/${appId}/data/${encodeURIComponent(tableName)}/schema`} variant="default" leftSection={<IconSchema size={16} stroke={1.5} />}>
            Schema
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} stroke={1.5} />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} stroke={1.5} />} onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
          <Tooltip label="New record  N">
            <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={() => setParam({ record: 'new', tab: null }, true)} aria-keyshortcuts="N">
              Record
            </Button>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="More record actions">
                <IconDots size={16} stroke={1.5} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={() => setConfirm('all')}>
                Delete all records
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <RecordsToolbar
        q={q}
        filter={filter}
        sort={sort}
        filterError={windows.error}
        columns={table?.columns ?? []}
        onSearch={(text) => setParam({ q: text || null })}
        onFilter={(text) => setParam({ filter: text || null })}
        onClearSort={() => setParam({ sort: null })}
        onRefresh={() => {
          windows.refresh();
          void count.refetch();
        }}
      />
      {selected.length > 0 && (
        <Text size="xs" c="dimmed">
          {selected.length} selected · Shift+click to extend, Mod+Backspace deletes
        </Text>
      )}
      <Box ref={gridBox} style={{ flex: 1, minHeight: 240, position: 'relative', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        {empty ? (
          <RecordsEmptyState
            tableName={tableName}
            filtered={!!(shown.q || shown.filter)}
            onNew={() => setParam({ record: 'new', tab: null }, true)}
            onImport={() => setImporting(true)}
            onClear={() => setParam({ q: null, filter: null })}
          />
        ) : table && height > 0 ? (
          <Suspense fallback={<Skeleton h="100%" />}>
            <div style={{ opacity: windows.loading && !windows.isCurrent ? 0.6 : 1, transition: 'opacity 150ms ease-out' }}>
              <RecordsGrid
                fields={fields}
                rows={rows}
                version={windows.version}
                getRecord={windows.getRecord}
                sort={sort}
                onSortToggle={onSortToggle}
                onCellEdit={inline.onCellEdit}
                onEditRelation={inline.onEditRelation}
                selectedRows={selected}
                onSelectedRowsChange={setSelected}
                onOpenRecord={openRecord}
                onVisibleRows={windows.onVisibleRows}
                onPasteBlock={paste.onPasteBlock}
                height={height}
              />
            </div>
          </Suspense>
        ) : (
          <Skeleton h="100%" />
        )}
      </Box>
      {table && recordParam && (
        <RecordPanel
          key={recordParam}
          appId={appId}
          table={table}
          objectId={recordParam}
          tab={tab}
          onTabChange={(next) => setParam({ tab: next === 'fields' ? null : next })}
          onClose={() => setParam({ record: null, tab: null }, true)}
          onChanged={(change, id) => {
            windows.refresh();
            void count.refetch();
            if (change === 'created') setParam({ record: id, tab: null });
            if (change === 'deleted') setParam({ record: null, tab: null }, true);
          }}
        />
      )}
      <PasteConfirmModal
        plan={paste.plan}
        tableName={tableName}
        addRows={paste.pending?.addRows ?? false}
        onAddRows={paste.setAddRows}
        onConfirm={paste.confirm}
        onClose={paste.cancel}
        loading={paste.busy}
      />
      {table && inline.relationEdit && (
        <RelationCellEditor
          appId={appId}
          table={table}
          {...inline.relationEdit}
          onClose={inline.closeRelationEdit}
          onChanged={() => windows.refresh()}
        />
      )}
      {table && (
        <>
          <ImportCsvModal
            appId={appId}
            table={table}
            opened={importing}
            onClose={() => setImporting(false)}
            onImported={() => {
              windows.refresh();
              void count.refetch();
            }}
          />
          <DeleteRecordsModal
            opened={confirm === 'selected'}
            count={selectedIds.length}
            tableName={tableName}
            onClose={() => setConfirm(null)}
            loading={remove.isPending}
            error={remove.error}
            onConfirm={() => remove.mutate({ table, ids: selectedIds }, { onSuccess: () => afterDelete(selectedIds.length) })}
          />
          <TypeToConfirmModal
            opened={confirm === 'all'}
            onClose={() => setConfirm(null)}
            title={`Delete every record of ${tableName}?`}
            expected={tableName}
            inputLabel="Type the table name to confirm"
            consequences={`All ${count.data === undefined ? '' : `${numberFormat.format(count.data)} `}records of ${tableName} and their relation links are removed. The table and its columns stay.`}
            confirmLabel="Delete all records"
            loading={remove.isPending}
            error={remove.error}
            onConfirm={() => remove.mutate({ table, ids: null }, { onSuccess: () => afterDelete(-1) })}
          />
        </>
      )}
    </Stack>
  );
}
