import { GridCellKind, type CustomCell } from '@glideapps/glide-data-grid';
import type { DataColumn } from '@basalt/shared';
import { formatLocalDateTime } from '../../../data-format';
import { formatNumberCell } from './cell-values';

/** What every typed cell knows about its column, so its editor can check input without a lookup. */
interface ColumnFacts {
  name: string;
  required: boolean;
}

export type BooleanCell = CustomCell<ColumnFacts & { kind: 'basalt-boolean'; value: boolean | null }>;
export type NumberCell = CustomCell<ColumnFacts & { kind: 'basalt-number'; value: number | null; integer: boolean }>;
export type DateTimeCell = CustomCell<ColumnFacts & { kind: 'basalt-datetime'; value: number | null }>;
export type TypedCell = BooleanCell | NumberCell | DateTimeCell;

const facts = (column: DataColumn): ColumnFacts => ({ name: column.name, required: column.required });

export function booleanCell(column: DataColumn, value: unknown): BooleanCell {
  const v = typeof value === 'boolean' ? value : null;
  // Toggled by a click on the box or Space, never through an overlay.
  return { kind: GridCellKind.Custom, allowOverlay: false, readonly: column.system, copyData: v === null ? '' : String(v), data: { kind: 'basalt-boolean', value: v, ...facts(column) } };
}

export function numberCell(column: DataColumn, value: unknown): NumberCell {
  const v = typeof value === 'number' ? value : null;
  return {
    kind: GridCellKind.Custom,
    allowOverlay: !column.system,
    readonly: column.system,
    copyData: formatNumberCell(v),
    contentAlign: 'right',
    data: { kind: 'basalt-number', value: v, integer: column.dataType === 'INT', ...facts(column) },
  };
}

export function dateTimeCell(column: DataColumn, value: unknown): DateTimeCell {
  const v = typeof value === 'number' ? value : null;
  return { kind: GridCellKind.Custom, allowOverlay: !column.system, readonly: column.system, copyData: v === null ? '' : formatLocalDateTime(v), data: { kind: 'basalt-datetime', value: v, ...facts(column) } };
}

function dataKind(cell: { kind: GridCellKind; data?: unknown }): string | undefined {
  if (cell.kind !== GridCellKind.Custom || typeof cell.data !== 'object' || cell.data === null) return undefined;
  const kind = (cell.data as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : undefined;
}

export const isBooleanCell = (cell: { kind: GridCellKind; data?: unknown }): cell is BooleanCell => dataKind(cell) === 'basalt-boolean';
export const isNumberCell = (cell: { kind: GridCellKind; data?: unknown }): cell is NumberCell => dataKind(cell) === 'basalt-number';
export const isDateTimeCell = (cell: { kind: GridCellKind; data?: unknown }): cell is DateTimeCell => dataKind(cell) === 'basalt-datetime';
export const isTypedCell = (cell: { kind: GridCellKind; data?: unknown }): cell is TypedCell => isBooleanCell(cell) || isNumberCell(cell) || isDateTimeCell(cell);
