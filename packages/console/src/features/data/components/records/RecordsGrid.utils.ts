import { GridCellKind, GridColumnIcon, type GridCell, type EditableGridCell } from '@glideapps/glide-data-grid';
import type { DataColumn, DataRelation, DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { recordLabel, relationChips } from './cells/cell-values';
import { booleanCell, dateTimeCell, isTypedCell, numberCell } from './cells/grid-cells';
import { geometryText, isSpatialColumn, parseGeometryText } from './spatial/geometry-text';
import { isJsonColumn, jsonCellText, parseJsonText } from './json-text';
import { lengthError } from './text-limits';

/**
 * A grid column: a scalar column of the table or one of its relation columns (with the target
 * table when known, so chips can show the related records' labels).
 */
export type GridField = { kind: 'column'; column: DataColumn } | { kind: 'relation'; relation: DataRelation; target?: DataTable };

export function fieldName(field: GridField): string {
  return field.kind === 'column' ? field.column.name : field.relation.name;
}

const SYSTEM_LAST = new Set(['created', 'updated', 'ownerId']);

/** objectId first (frozen), then the developer's columns, relations, and the system columns last. */
export function gridFields(table: DataTable, tables: DataTable[] = []): GridField[] {
  const columns = table.columns.filter((c) => c.name !== 'objectId' && c.name !== 'password');
  const objectId = table.columns.find((c) => c.name === 'objectId');
  return [
    ...(objectId ? [{ kind: 'column' as const, column: objectId }] : []),
    ...columns.filter((c) => !SYSTEM_LAST.has(c.name)).map((column) => ({ kind: 'column' as const, column })),
    ...[...table.relations, ...table.geoRelations].map((relation) => ({ kind: 'relation' as const, relation, target: tables.find((t) => t.name === relation.toTableName) })),
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
    case 'POINT':
    case 'LINESTRING':
    case 'POLYGON':
    case 'GEOMETRY':
      return GridColumnIcon.HeaderGeoDistance;
    case 'JSON':
      return GridColumnIcon.HeaderCode;
    default:
      return GridColumnIcon.HeaderString;
  }
}

// Long values are cut before they reach the canvas: huge JSON or base64 would stall drawing.
const MAX_CELL_TEXT = 200;
const cut = (text: string) => (text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT)}…` : text);

/** Related records of a relation cell as a list. */
function relatedRecords(value: unknown): DataRecord[] {
  if (Array.isArray(value)) return value.filter((r): r is DataRecord => !!r && typeof r === 'object');
  return value && typeof value === 'object' ? [value as DataRecord] : [];
}

export function cellFor(field: GridField, record: DataRecord | undefined): GridCell {
  if (!record) return { kind: GridCellKind.Loading, allowOverlay: false };
  if (field.kind === 'relation') {
    const related = relatedRecords(record[field.relation.name]);
    const labels = related.map((r) => recordLabel(field.target, r));
    // An empty relation must never look linked: no chip at all.
    return { kind: GridCellKind.Bubble, data: relationChips(labels), allowOverlay: false, copyData: labels.join(', ') };
  }
  const { column } = field;
  const value = record[column.name];
  const readonly = column.system;
  switch (column.dataType) {
    case 'INT':
    case 'DOUBLE':
      return numberCell(column, value);
    case 'BOOLEAN':
      return booleanCell(column, value);
    case 'DATETIME':
      return dateTimeCell(column, value);
    default: {
      // Spatial values show as WKT, and are typed back as WKT or GeoJSON.
      const text = value == null ? '' : isJsonColumn(column) ? jsonCellText(value) : isSpatialColumn(column) ? geometryText(value) : typeof value === 'string' ? value : JSON.stringify(value);
      // copyData keeps the whole value: Ctrl+C must not copy the shortened text drawn on screen.
      return { kind: GridCellKind.Text, data: text, displayData: cut(text), copyData: text, allowOverlay: !readonly, readonly, style: column.name === 'objectId' ? 'faded' : undefined };
    }
  }
}

/** The value to save for an edited cell, or an error message when the text does not fit the type. */
export function valueFromEdit(column: DataColumn, cell: EditableGridCell): { value: unknown } | { error: string } {
  if (isTypedCell(cell)) {
    if (cell.data.value === null && column.required) return { error: `${column.name} is required` };
    return { value: cell.data.value };
  }
  if (cell.kind !== GridCellKind.Text) return { error: 'This cell is edited in the record panel' };
  if (isSpatialColumn(column)) return parseGeometryText(cell.data, column);
  if (isJsonColumn(column)) return cell.data.trim() === '' ? { value: null } : parseJsonText(cell.data);
  const tooLong = lengthError(column, cell.data);
  return tooLong ? { error: `${column.name}: ${tooLong}` } : { value: cell.data };
}
