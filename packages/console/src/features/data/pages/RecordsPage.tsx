import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Stack, Text } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTable } from '../api/tables.queries';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useIntentParam } from '../../../lib/use-intent-param';
import { TableMissing } from '../components/TableMissing';
import { ImportCsvModal } from '../components/import/ImportCsvModal';
import { RecordPanel } from '../components/records/RecordPanel';
import { RecordsDeleteDialogs } from '../components/records/RecordsDeleteDialogs';
import { RecordsGridArea } from '../components/records/RecordsGridArea';
import { RecordsHeader } from '../components/records/RecordsHeader';
import { RecordsToolbar } from '../components/records/RecordsToolbar';
import { useRecordsData } from '../components/records/useRecordsData';
import { useRecordsExport } from '../components/records/useRecordsExport';
import { useRecordsUrl } from '../components/records/useRecordsUrl';

const PANEL_WIDTH = 480;

/**
 * The records browser of one table: header, search and filter, the grid, the record panel and the
 * dialogs. Each part keeps its own concern (components/records/); this page wires them together.
 */
export default function RecordsPage() {
  const { appId = '', table: tableName = '' } = useParams();
  const { table, isLoading: tablesLoading, error: tablesError, refetch: refetchTables } = useTable(appId, tableName);
  const url = useRecordsUrl();
  const { setParam } = url;
  const { windows, shown, count, live, rows, fields, refreshAll } = useRecordsData(appId, table, url.recordsFilter);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const [importing, setImporting] = useState(false);
  // The palette's "Import CSV" opens the import through `?import=csv`.
  const openImport = useCallback(() => setImporting(true), []);
  useIntentParam('import', 'csv', openImport);
  const { exporting, exportCsv } = useRecordsExport(appId, table, fields, url.recordsFilter);
  const wide = useMediaQuery('(min-width: 1440px)');

  const openRecord = useCallback(
    (row: number, panelTab?: 'fields' | 'relations') => {
      const record = windows.getRecord(row);
      if (record?.objectId) setParam({ record: String(record.objectId), tab: panelTab && panelTab !== 'fields' ? panelTab : null }, true);
    },
    [windows, setParam],
  );
  const openNew = () => setParam({ record: 'new', tab: null }, true);

  const afterDelete = (n: number) => {
    setConfirm(null);
    setSelected([]);
    windows.refresh();
    notifications.show({ color: 'teal', message: `Deleted ${n === -1 ? 'every record' : `${n} record${n === 1 ? '' : 's'}`} from ${tableName}` });
  };

  const selectedIds = selected.map((r) => windows.getRecord(r)?.objectId).filter((id): id is string => typeof id === 'string');

  useHotkeys([
    ['N', openNew],
    ['shift+R', () => windows.refresh()],
    ['shift+F', () => document.getElementById('records-filter')?.focus()],
    ['mod+Backspace', () => selectedIds.length && setConfirm('selected')],
  ]);

  if (tablesError) return <ErrorAlert error={tablesError} onRetry={() => void refetchTables()} />;
  if (!tablesLoading && !table) return <TableMissing appId={appId} name={tableName} />;

  const filtered = !!(shown.q || shown.filter);
  return (
    // From 1440 px the record panel pushes the page instead of covering the toolbar (docs/console-screens.md › Record panel).
    <Stack gap="sm" h="100%" p="lg" pr={url.recordParam && wide ? PANEL_WIDTH + 24 : 'lg'} style={{ minHeight: 0 }}>
      <RecordsHeader
        appId={appId}
        tableName={tableName}
        count={count.data}
        filtered={filtered}
        live={live}
        selectedCount={selectedIds.length}
        exporting={exporting}
        onDeleteSelected={() => setConfirm('selected')}
        onDeleteAll={() => setConfirm('all')}
        onImport={() => setImporting(true)}
        onExport={() => void exportCsv()}
        onNew={openNew}
      />
      <RecordsToolbar
        q={url.q}
        filter={url.filter}
        sort={url.sort}
        filterError={windows.error}
        columns={table?.columns ?? []}
        onSearch={(text) => setParam({ q: text || null })}
        onFilter={(text) => setParam({ filter: text || null })}
        onClearSort={() => setParam({ sort: null })}
        onRefresh={refreshAll}
      />
      {selected.length > 0 && (
        <Text size="xs" c="dimmed">
          {selected.length} selected · Shift+click to extend, Mod+Backspace deletes
        </Text>
      )}
      <RecordsGridArea
        appId={appId}
        table={table}
        tableName={tableName}
        fields={fields}
        rows={rows}
        windows={windows}
        sort={url.sort}
        onSortToggle={url.onSortToggle}
        selected={selected}
        onSelectedChange={setSelected}
        onOpenRecord={openRecord}
        empty={count.data === 0 && windows.isCurrent}
        filtered={filtered}
        onNew={openNew}
        onImport={() => setImporting(true)}
        onClearFilter={() => setParam({ q: null, filter: null })}
      />
      {table && url.recordParam && (
        <RecordPanel
          key={url.recordParam}
          appId={appId}
          table={table}
          objectId={url.recordParam}
          tab={url.tab}
          onTabChange={(next) => setParam({ tab: next === 'fields' ? null : next })}
          onClose={() => setParam({ record: null, tab: null }, true)}
          onChanged={(change, id) => {
            refreshAll();
            if (change === 'created') setParam({ record: id, tab: null });
            if (change === 'deleted') setParam({ record: null, tab: null }, true);
          }}
        />
      )}
      {table && (
        <>
          <ImportCsvModal appId={appId} table={table} opened={importing} onClose={() => setImporting(false)} onImported={refreshAll} />
          <RecordsDeleteDialogs
            appId={appId}
            table={table}
            tableName={tableName}
            confirm={confirm}
            selectedIds={selectedIds}
            total={count.data}
            onClose={() => setConfirm(null)}
            onDeleted={afterDelete}
          />
        </>
      )}
    </Stack>
  );
}
