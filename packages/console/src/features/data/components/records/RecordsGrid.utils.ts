import { GridCellKind, GridColumnIcon, type GridCell, type EditableGridCell } from '@glideapps/glide-data-grid';
import type { DataColumn, DataRelation, DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { formatLocalDateTime, parseLocalDateTime } from '../../data-format';

/** A grid column: a scalar column of the table or one of its relation columns. */
export type GridField = { kind: 'column'; column: DataColumn } | { kind: 'relation'; relation: DataRelation };

export function fieldName(field: GridField): string {
  return field.kind === 'column' ? field.column.name : field.relation.name;
}

const SYSTEM_LAST = new Set(['created', 'updated', 'ownerId']);

/** objectId first (frozen), then the developer's columns, relations, and the system columns last. */
export function gridFields(table: DataTable): GridField[] {
  const columns = table.columns.filter((c) => c.name !== 'objectId' && c.name !== 'password');
  const objectId = table.columns.find((c) => c.name === 'objectId');
  return [
    ...(objectId ? [{ kind: 'column' as const, column: objectId }] : []),
    ...columns.filter((c) => !SYSTEM_LAST.has(c.name)).map((column) => ({ kind: 'column' as const, column })),
    ...[...table.relations, ...table.geoRelations].map((relation) => ({ kind: 'relation' as const, relation })),
    ...columns.filter((c) => SYSTEM_LAST.has(c.name)).map((column) => ({ kind: 'column' as const, column })),
  ];
}

export function headerIcon(field: GridField): string {
  if (field.kind === 'relation') return field.relation.dataType === 'GEO_REF' ? GridColumnIcon.HeaderGeoDistance : GridColumnIcon.HeaderReference;
  if (field.column.name === 'objectId') return GridColumnIcon.HeaderRowID;
  switch (field.column.dataType) {
    case 'INT':
    case 'DOUBLE':
      return GridColumnIcon.HeaderNumber;
    case 'BOOLEAN':
      return GridColumnIcon.HeaderBoolean;
    case 'DATETIME':
      return GridColumnIcon.HeaderDate;
    case 'FILE_REF':
      return GridColumnIcon.HeaderImage;
    default:
      return GridColumnIcon.HeaderString;
  }
}

// Long values are cut before they reach the canvas: huge JSON or base64 would stall drawing.
const MAX_CELL_TEXT = 200;
const cut = (text: string) => (text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT)}…` : text);

/** Number of related records of a relation cell: one-to-many cells hold lists, one-to-one an object or null. */
export function relatedCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value ? 1 : 0;
}

export function cellFor(field: GridField, record: DataRecord | undefined): GridCell {
  if (!record) return { kind: GridCellKind.Loading, allowOverlay: false };
  if (field.kind === 'relation') {
    const n = relatedCount(record[field.relation.name]);
    // An empty relation must never look linked: no chip at all.
    return { kind: GridCellKind.Bubble, data: n ? [`${n} ${field.relation.toTableName}`] : [], allowOverlay: false, copyData: n ? `${n} ${field.relation.toTableName}` : '' };
  }
  const { column } = field;
  const value = record[column.name];
  const readonly = column.system;
  switch (column.dataType) {
    case 'INT':
    case 'DOUBLE':
      return {
        kind: GridCellKind.Number,
        data: typeof value === 'number' ? value : undefined,
        displayData: value == null ? '' : String(value),
        allowOverlay: !readonly,
        readonly,
        contentAlign: 'right',
      };
    case 'BOOLEAN':
      // Tri-state: null draws as an empty box, distinct from false.
      return { kind: GridCellKind.Boolean, data: typeof value === 'boolean' ? value : null, allowOverlay: false, readonly };
    case 'DATETIME': {
      const text = typeof value === 'number' ? formatLocalDateTime(value) : '';
      return { kind: GridCellKind.Text, data: text, displayData: text, allowOverlay: !readonly, readonly };
    }
    default: {
      const text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      return { kind: GridCellKind.Text, data: text, displayData: cut(text), allowOverlay: !readonly, readonly, style: column.name === 'objectId' ? 'faded' : undefined };
    }
  }
}

/** The value to save for an edited cell, or an error message when the text does not fit the type. */
export function valueFromEdit(column: DataColumn, cell: EditableGridCell): { value: unknown } | { error: string } {
  if (cell.kind === GridCellKind.Boolean) return { value: cell.data ?? null };
  if (cell.kind === GridCellKind.Number) {
    if (cell.data === undefined) return { value: null };
    if (column.dataType === 'INT' && !Number.isInteger(cell.data)) return { error: `${column.name} takes whole numbers` };
    return { value: cell.data };
  }
  if (cell.kind !== GridCellKind.Text) return { error: 'This cell is edited in the record panel' };
  if (column.dataType === 'DATETIME') {
    if (!cell.data.trim()) return { value: null };
    const ms = parseLocalDateTime(cell.data);
    return ms === null ? { error: `Use a date like 2026-04-28 14:30 for ${column.name}` } : { value: ms };
  }
  return { value: cell.data };
}
