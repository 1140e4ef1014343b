import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { useElementSize, useHotkeys } from '@mantine/hooks';
import type { DataTable } from '@basalt/shared';
import { RelationCellEditor } from './cells/RelationCellEditor';
import { PasteConfirmModal } from './PasteConfirmModal';
import { RecordsEmptyState } from './RecordsEmptyState';
import type { GridField } from './RecordsGrid.utils';
import { useGridPaste } from './useGridPaste';
import { useInlineEdits } from './useInlineEdits';
import type { useRecordWindows } from './useRecordWindows';

// Glide is the heaviest part of the console: it loads with this page only.
const RecordsGrid = lazy(() => import('./RecordsGrid'));

interface Props {
  appId: string;
  table: DataTable | undefined;
  tableName: string;
  fields: GridField[];
  /** Rows the grid is sized for (the count, or what the first window showed). */
  rows: number;
  windows: ReturnType<typeof useRecordWindows>;
  sort: Array<{ column: string; dir: 'asc' | 'desc' }>;
  onSortToggle: (column: string) => void;
  selected: number[];
  onSelectedChange: (rows: number[]) => void;
  onOpenRecord: (row: number, tab?: 'fields' | 'relations') => void;
  /** No records for the shown search and filter: the empty state stands in for the grid. */
  empty: boolean;
  filtered: boolean;
  onNew: () => void;
  onImport: () => void;
  onClearFilter: () => void;
}

/**
 * The grid and what edits in it: inline cell edits, the relation cell editor and block paste
 * (with its confirmation and Mod+Z undo). The grid fills the space left by the header.
 */
export function RecordsGridArea({ appId, table, tableName, fields, rows, windows, sort, onSortToggle, selected, onSelectedChange, onOpenRecord, empty, filtered, onNew, onImport, onClearFilter }: Props) {
  const { ref: gridBox, height } = useElementSize();
  const inline = useInlineEdits(appId, table, windows);
  const paste = useGridPaste(appId, table, fields, rows, windows);
  // Undoes the last paste (inputs keep their own Mod+Z: hotkeys skip them).
  useHotkeys([['mod+Z', () => void paste.undo()]]);

  return (
    <>
      <Box ref={gridBox} style={{ flex: 1, minHeight: 240, position: 'relative', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        {empty ? (
          <RecordsEmptyState tableName={tableName} filtered={filtered} onNew={onNew} onImport={onImport} onClear={onClearFilter} />
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
                onSelectedRowsChange={onSelectedChange}
                onOpenRecord={onOpenRecord}
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
        <RelationCellEditor appId={appId} table={table} {...inline.relationEdit} onClose={inline.closeRelationEdit} onChanged={() => windows.refresh()} />
      )}
    </>
  );
}
