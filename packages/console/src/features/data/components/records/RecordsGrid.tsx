import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import {
  CompactSelection,
  DataEditor,
  type EditableGridCell,
  type GridColumn,
  type GridKeyEventArgs,
  type GridSelection,
  type Item,
  type Rectangle,
  type Theme,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import type { DataRecord } from '@basalt/sdk';
import { cellFor, fieldName, headerIcon, type GridField } from './RecordsGrid.utils';
import { typedCellRenderers } from './cells/renderers';
import { isBooleanCell } from './cells/grid-cells';
import { nextBoolean } from './cells/cell-values';
import { parseTsv } from './paste-plan';

// The grid's cell editors open in a portal element it looks up by id.
if (!document.getElementById('portal')) {
  const portal = document.createElement('div');
  portal.id = 'portal';
  portal.style.cssText = 'position: fixed; left: 0; top: 0; z-index: 9999;';
  document.body.appendChild(portal);
}

export interface RecordsGridProps {
  fields: GridField[];
  rows: number;
  version: number;
  getRecord: (row: number) => DataRecord | undefined;
  sort: Array<{ column: string; dir: 'asc' | 'desc' }>;
  onSortToggle: (column: string) => void;
  onCellEdit: (row: number, field: GridField, cell: EditableGridCell) => void;
  selectedRows: number[];
  onSelectedRowsChange: (rows: number[]) => void;
  onOpenRecord: (row: number, tab?: 'fields' | 'relations') => void;
  /** Opens the relation picker of a DATA_REF cell. */
  onEditRelation: (row: number, field: GridField) => void;
  onVisibleRows: (first: number, last: number) => void;
  /** A pasted block (rows of cell texts) whose top-left cell is (col, row). */
  onPasteBlock: (col: number, row: number, block: string[][]) => void;
  height: number;
}

/** Glide's theme from the Mantine tokens, so the canvas matches the rest of the console. */
function useGridTheme(): Partial<Theme> {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const dark = scheme === 'dark';
    const c = theme.colors;
    return {
      accentColor: dark ? c.indigo[4] : c.indigo[6],
      accentLight: dark ? 'rgba(116, 143, 252, 0.18)' : 'rgba(76, 110, 245, 0.10)',
      accentFg: '#ffffff',
      textDark: dark ? c.dark[0] : c.gray[9],
      textMedium: dark ? c.dark[1] : c.gray[7],
      textLight: dark ? c.dark[2] : c.gray[6],
      textBubble: dark ? c.dark[0] : c.gray[9],
      bgIconHeader: dark ? c.dark[2] : c.gray[6],
      fgIconHeader: dark ? c.dark[7] : '#ffffff',
      textHeader: dark ? c.dark[0] : c.gray[8],
      textHeaderSelected: '#ffffff',
      bgCell: dark ? c.dark[7] : '#ffffff',
      bgCellMedium: dark ? c.dark[6] : c.gray[0],
      bgHeader: dark ? c.dark[6] : c.gray[0],
      bgHeaderHasFocus: dark ? c.dark[5] : c.gray[2],
      bgHeaderHovered: dark ? c.dark[5] : c.gray[1],
      bgBubble: dark ? c.dark[4] : c.indigo[0],
      bgBubbleSelected: dark ? c.dark[3] : c.indigo[1],
      bgSearchResult: dark ? c.dark[4] : c.yellow[1],
      borderColor: dark ? c.dark[4] : c.gray[3],
      horizontalBorderColor: dark ? c.dark[5] : c.gray[2],
      drilldownBorder: dark ? c.dark[3] : c.gray[4],
      linkColor: dark ? c.indigo[3] : c.indigo[7],
      cellHorizontalPadding: 8,
      cellVerticalPadding: 4,
      headerFontStyle: '600 12px',
      baseFontStyle: '13px',
      fontFamily: theme.fontFamily ?? 'Inter, sans-serif',
      editorFontSize: '13px',
    };
  }, [theme, scheme]);
}

const DEFAULT_WIDTH = 170;
// rowMarkers="both" adds one column before the fields.
const ROW_MARKER_COLUMNS = 1;

/** The records canvas (Glide Data Grid): lazy-loaded with the records page. */
export default function RecordsGrid(props: RecordsGridProps) {
  const { fields, rows, version, getRecord, sort, onSortToggle, onCellEdit, selectedRows, onSelectedRowsChange, onOpenRecord, onEditRelation, onVisibleRows, onPasteBlock, height } = props;
  const theme = useGridTheme();
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [cellSelection, setCellSelection] = useState<GridSelection['current']>(undefined);

  const columns = useMemo<GridColumn[]>(
    () =>
      fields.map((field) => {
        const name = fieldName(field);
        const sorted = sort.find((s) => s.column === name);
        const arrow = sorted ? (sorted.dir === 'asc' ? '  ↑' : '  ↓') : '';
        return { id: name, title: `${name}${arrow}`, icon: headerIcon(field), width: widths[name] ?? (name === 'objectId' ? 300 : DEFAULT_WIDTH), hasMenu: false };
      }),
    [fields, sort, widths],
  );

  const getCellContent = useCallback(
    ([col, row]: Item) => cellFor(fields[col], getRecord(row)),
    // `version` changes whenever loaded rows change; a new callback makes the grid redraw. The rows
    // themselves are read through `getRecord` from a ref, so the rule cannot see that they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the redraw signal
    [fields, getRecord, version],
  );

  const selection = useMemo<GridSelection>(() => {
    let rowsSel = CompactSelection.empty();
    for (const r of selectedRows) rowsSel = rowsSel.add(r);
    return { columns: CompactSelection.empty(), rows: rowsSel, current: cellSelection };
  }, [selectedRows, cellSelection]);

  const onGridSelectionChange = useCallback(
    (next: GridSelection) => {
      setCellSelection(next.current);
      const list = next.rows.toArray();
      if (list.length !== selectedRows.length || list.some((r, i) => r !== selectedRows[i])) onSelectedRowsChange(list);
    },
    [onSelectedRowsChange, selectedRows],
  );

  const onVisibleRegionChanged = useCallback((range: Rectangle) => onVisibleRows(range.y, range.y + range.height), [onVisibleRows]);

  const onKeyDown = useCallback(
    (event: GridKeyEventArgs) => {
      if (!event.location || event.shiftKey) return;
      // Key events carry the grid's inner location, which counts the row-marker column.
      const [col, row] = [event.location[0] - ROW_MARKER_COLUMNS, event.location[1]];
      const field = fields[col];
      if (!field) return;
      // Space and Enter toggle a boolean cell (through null when the column allows it).
      if (event.key === ' ' || event.key === 'Enter') {
        const cell = cellFor(field, getRecord(row));
        if (isBooleanCell(cell) && field.kind === 'column' && !cell.readonly) {
          event.cancel();
          event.preventDefault();
          onCellEdit(row, field, { ...cell, data: { ...cell.data, value: nextBoolean(cell.data.value, cell.data.required) } });
          return;
        }
      }
      // Space elsewhere opens the record panel (Shift+Space stays the grid's row selection).
      if (event.key === ' ') {
        event.cancel();
        event.preventDefault();
        onOpenRecord(row);
      }
    },
    [fields, getRecord, onCellEdit, onOpenRecord],
  );

  const activate = useCallback(
    (col: number, row: number) => {
      const field = fields[col];
      if (field?.kind === 'relation') {
        if (field.relation.dataType === 'DATA_REF') onEditRelation(row, field);
        else onOpenRecord(row, 'relations');
      } else if (field?.kind === 'column' && field.column.name === 'objectId') onOpenRecord(row);
    },
    [fields, onEditRelation, onOpenRecord],
  );

  // Paste is read here, not by the grid: the grid would put a whole block into one cell. The
  // clipboard event's text is a spreadsheet's TSV; it lands at the selected cell's top-left corner.
  const wrapper = useRef<HTMLDivElement>(null);
  const pasteAt = useRef(cellSelection);
  pasteAt.current = cellSelection;
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const at = pasteAt.current;
      // Only while the grid has focus (an open cell editor lives outside it and pastes as usual).
      if (!at || !wrapper.current?.contains(document.activeElement)) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      event.preventDefault();
      if (text === '') return;
      onPasteBlock(at.range.x, at.range.y, parseTsv(text));
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onPasteBlock]);

  return (
    <div ref={wrapper}>
      <DataEditor
        columns={columns}
        rows={rows}
        getCellContent={getCellContent}
        // Ctrl/Cmd+C copies the selected values as TSV, without headers (like a spreadsheet), so
        // they paste cell for cell into another range or sheet.
        getCellsForSelection
        copyHeaders={false}
        customRenderers={typedCellRenderers}
        width="100%"
        height={height}
        rowHeight={28}
        headerHeight={34}
        freezeColumns={1}
        smoothScrollX
        smoothScrollY
        rowMarkers="both"
        rowSelectionMode="multi"
        gridSelection={selection}
        onGridSelectionChange={onGridSelectionChange}
        onVisibleRegionChanged={onVisibleRegionChanged}
        onHeaderClicked={(col) => onSortToggle(fieldName(fields[col]))}
        onCellEdited={([col, row], cell) => onCellEdit(row, fields[col], cell)}
        onCellActivated={([col, row]) => activate(col, row)}
        onCellClicked={([col, row], event) => {
          if (event.isDoubleClick && fields[col]?.kind === 'relation') activate(col, row);
        }}
        onColumnResize={(column, width) => setWidths((w) => ({ ...w, [String(column.id)]: width }))}
        onKeyDown={onKeyDown}
        theme={theme}
        keybindings={{ search: false, selectAll: true, downFill: false, rightFill: false, paste: false }}
        trapFocus={false}
        verticalBorder
        overscrollX={0}
      />
    </div>
  );
}
