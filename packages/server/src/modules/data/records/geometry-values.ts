import { GeometryError, assertFitsColumn, fromWkt, readGeometry, toEwkt, toWire, type Geometry, type Position, type SpatialDataType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';

/**
 * Spatial cell values. Both databases are given EWKT text (`SRID=4326;POINT(x y)`): PostGIS casts
 * it into the column's geometry type, SQLite keeps it as text that SpatiaLite reads in queries
 * (decision 0028). PostgreSQL answers a geometry as hex EWKB, SQLite as the stored EWKT; both come
 * back as the wire object the SDK reads.
 */

/** An incoming value (WKT, GeoJSON text or object) as the EWKT stored; a 400 names the problem. */
export function geometryToStored(column: string, dataType: SpatialDataType, value: unknown): string {
  try {
    const g = readGeometry(value);
    assertFitsColumn(dataType, g);
    return toEwkt(g);
  } catch (err) {
    if (err instanceof GeometryError) throw ApiError.field('BAD_REQUEST', column, `Value for column '${column}' (${dataType}) is not a valid geometry: ${err.message}`, { dataType });
    throw err;
  }
}

/** Reads hex EWKB as PostGIS writes it (Point, LineString, Polygon; Z and M values are dropped). */
function fromHexEwkb(hex: string): Geometry {
  const buf = Buffer.from(hex, 'hex');
  let at = 0;
  const little = buf[at++] === 1;
  const u32 = () => {
    const v = little ? buf.readUInt32LE(at) : buf.readUInt32BE(at);
    at += 4;
    return v;
  };
  const f64 = () => {
    const v = little ? buf.readDoubleLE(at) : buf.readDoubleBE(at);
    at += 8;
    return v;
  };
  const head = u32();
  const extra = (head & 0x80000000 ? 1 : 0) + (head & 0x40000000 ? 1 : 0);
  if (head & 0x20000000) u32();
  const pos = (): Position => {
    const p: Position = [f64(), f64()];
    at += 8 * extra;
    return p;
  };
  const line = () => Array.from({ length: u32() }, pos);
  switch (head & 0xff) {
    case 1:
      return { type: 'Point', coordinates: pos() };
    case 2:
      return { type: 'LineString', coordinates: line() };
    case 3:
      return { type: 'Polygon', coordinates: Array.from({ length: u32() }, line) };
    default:
      throw new Error(`Unexpected geometry type ${head & 0xff} in a spatial column`);
  }
}

/** A stored spatial value (hex EWKB or EWKT) in its wire form. */
export function geometryFromStored(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const g = /^[0-9A-Fa-f]+$/.test(value) ? fromHexEwkb(value) : fromWkt(value);
  return toWire(g);
}
