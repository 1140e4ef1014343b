import { GeometryError, assertFitsColumn, isSpatialType, readGeometry, toWkt, type Geometry } from '@basalt/shared';

/**
 * Spatial cells in the console: shown as WKT, typed back as WKT or GeoJSON. The reading is the
 * server's own (`@basalt/shared` geometry.ts), so a value accepted here is one the server takes.
 */

export const isSpatialColumn = (column: { dataType: string }) => isSpatialType(column.dataType);

/** A stored value (the answer's GeoJSON object) as a geometry; null when empty or unreadable. */
export function geometryOf(value: unknown): Geometry | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return readGeometry(value);
  } catch {
    return null;
  }
}

/** The WKT shown in a cell or the record panel for a stored value. */
export function geometryText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const g = geometryOf(value);
  return g ? toWkt(g) : typeof value === 'string' ? value : JSON.stringify(value);
}

/** Typed WKT or GeoJSON for a column: the WKT to save (null when empty), or what is wrong with it. */
export function parseGeometryText(text: string, column: { name: string; dataType: string; required: boolean }): { value: string | null } | { error: string } {
  const t = text.trim();
  if (t === '') return column.required ? { error: `${column.name} is required` } : { value: null };
  if (!isSpatialType(column.dataType)) return { error: `${column.name} is not a spatial column` };
  try {
    const g = readGeometry(t);
    assertFitsColumn(column.dataType, g);
    return { value: toWkt(g) };
  } catch (err) {
    if (err instanceof GeometryError) return { error: `Not a valid geometry: ${err.message}` };
    throw err;
  }
}
