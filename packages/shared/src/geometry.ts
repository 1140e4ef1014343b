/**
 * Spatial values of POINT, LINESTRING, POLYGON and GEOMETRY columns: reading them from WKT
 * (`POINT (x y)`, optionally `SRID=4326;…`) or GeoJSON (`{ type, coordinates }`), and writing them
 * back as WKT, EWKT (what the databases store) and the wire object the Backendless SDK turns into
 * its `Point`, `LineString` and `Polygon` classes. Server (validation, storage) and console
 * (editing, preview) share this one reading, so a value the console accepts is one the server takes.
 *
 * Coordinates are WGS 84 (SRID 4326): x is the longitude, y the latitude.
 */

/** The spatial column types. GEOMETRY holds any of the three shapes. */
export const SpatialDataTypes = ['POINT', 'LINESTRING', 'POLYGON', 'GEOMETRY'] as const;
export type SpatialDataType = (typeof SpatialDataTypes)[number];

export function isSpatialType(t: string): t is SpatialDataType {
  return (SpatialDataTypes as readonly string[]).includes(t);
}

/** The one spatial reference system of spatial columns: WGS 84 longitude/latitude. */
export const SPATIAL_SRID = 4326;

/** Input limits of one spatial value (docs/security.md, "Limits"). */
export const GeometryLimits = {
  /** coordinate pairs in one value, all rings together */
  points: 10_000,
  /** characters of one WKT text */
  textLength: 500_000,
} as const;

export type Position = [number, number];

export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'Polygon'; coordinates: Position[][] };

export type GeometryType = Geometry['type'];

/** What the SDK reads back: GeoJSON plus `srsId` and the SDK's class name. */
export type GeometryWire = Geometry & { srsId: number; ___class: string };

/** A value that is not a readable geometry; the message says what is wrong with it. */
export class GeometryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeometryError';
  }
}

const WKT_NAMES: Record<GeometryType, string> = { Point: 'POINT', LineString: 'LINESTRING', Polygon: 'POLYGON' };

/** The geometry type a column of `t` takes (null: any). */
export function columnShape(t: SpatialDataType): GeometryType | null {
  return t === 'POINT' ? 'Point' : t === 'LINESTRING' ? 'LineString' : t === 'POLYGON' ? 'Polygon' : null;
}

function checkPosition(p: unknown, where: string): Position {
  if (
    !Array.isArray(p) ||
    p.length < 2 ||
    p.length > 3 ||
    !p.every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    throw new GeometryError(`${where}: a position must be [x, y] with two finite numbers`);
  }
  const [x, y] = p as number[];
  if (x < -180 || x > 180) throw new GeometryError(`${where}: longitude (x) ${x} is outside -180..180`);
  if (y < -90 || y > 90) throw new GeometryError(`${where}: latitude (y) ${y} is outside -90..90`);
  return [x, y];
}

function checkLine(points: Position[], where: string): Position[] {
  if (points.length < 2) throw new GeometryError(`${where}: a line string needs at least 2 points`);
  return points;
}

function checkRing(points: Position[], where: string): Position[] {
  if (points.length < 4)
    throw new GeometryError(`${where}: a polygon ring needs at least 4 points (the last one repeats the first)`);
  const [a, b] = [points[0], points[points.length - 1]];
  if (a[0] !== b[0] || a[1] !== b[1])
    throw new GeometryError(`${where}: a polygon ring must end at its first point (${a[0]} ${a[1]})`);
  return points;
}

function countPoints(g: Geometry): number {
  if (g.type === 'Point') return 1;
  if (g.type === 'LineString') return g.coordinates.length;
  return g.coordinates.reduce((n, ring) => n + ring.length, 0);
}

function checkSize(g: Geometry): Geometry {
  if (countPoints(g) > GeometryLimits.points)
    throw new GeometryError(
      `too many points: the limit is ${GeometryLimits.points.toLocaleString('en-US')} in one value`,
    );
  return g;
}

/** Reads a GeoJSON geometry object (`type` Point, LineString or Polygon; other keys are ignored). */
export function fromGeoJson(value: unknown): Geometry {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new GeometryError('expected a GeoJSON object or WKT text');
  const { type, coordinates, srsId } = value as { type?: unknown; coordinates?: unknown; srsId?: unknown };
  if (srsId !== undefined && srsId !== null && srsId !== SPATIAL_SRID)
    throw new GeometryError(
      `srsId ${String(srsId)} is not supported: spatial columns hold WGS 84 (srsId ${SPATIAL_SRID})`,
    );
  if (!Array.isArray(coordinates)) throw new GeometryError(`GeoJSON needs a 'coordinates' array`);
  const list = (v: unknown, what: string): unknown[] => {
    if (!Array.isArray(v)) throw new GeometryError(`${what} must be an array`);
    if (v.length > GeometryLimits.points)
      throw new GeometryError(
        `too many points: the limit is ${GeometryLimits.points.toLocaleString('en-US')} in one value`,
      );
    return v;
  };
  switch (type) {
    case 'Point':
      return { type, coordinates: checkPosition(coordinates, 'Point') };
    case 'LineString':
      return checkSize({
        type,
        coordinates: checkLine(
          list(coordinates, 'LineString coordinates').map((p, i) => checkPosition(p, `LineString point ${i + 1}`)),
          'LineString',
        ),
      });
    case 'Polygon': {
      const rings = list(coordinates, 'Polygon coordinates');
      if (rings.length === 0) throw new GeometryError('Polygon: needs at least one ring');
      return checkSize({
        type,
        coordinates: rings.map((r, k) =>
          checkRing(
            list(r, `Polygon ring ${k + 1}`).map((p, i) => checkPosition(p, `Polygon ring ${k + 1} point ${i + 1}`)),
            `Polygon ring ${k + 1}`,
          ),
        ),
      });
    }
    default:
      throw new GeometryError(
        `GeoJSON type ${JSON.stringify(type) ?? 'undefined'} is not supported: use Point, LineString or Polygon`,
      );
  }
}

/** A small reader over WKT text; errors name the character position. */
class WktReader {
  private i = 0;
  points = 0;

  constructor(private readonly text: string) {}

  private ws(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  fail(expected: string): never {
    this.ws();
    const at =
      this.i >= this.text.length
        ? 'the end of the text'
        : `'${this.text.slice(this.i, this.i + 12)}' at position ${this.i}`;
    throw new GeometryError(`invalid WKT: expected ${expected}, found ${at}`);
  }

  word(): string {
    this.ws();
    const m = /^[A-Za-z]+/.exec(this.text.slice(this.i, this.i + 20));
    if (!m) return this.fail('a geometry name (POINT, LINESTRING or POLYGON)');
    this.i += m[0].length;
    return m[0].toUpperCase();
  }

  punct(p: string): void {
    this.ws();
    if (this.text[this.i] !== p) this.fail(`'${p}'`);
    this.i++;
  }

  peek(p: string): boolean {
    this.ws();
    return this.text[this.i] === p;
  }

  number(): number {
    this.ws();
    const m = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?/.exec(this.text.slice(this.i, this.i + 40));
    if (!m) return this.fail('a number');
    this.i += m[0].length;
    return Number(m[0]);
  }

  position(where: string): Position {
    if (++this.points > GeometryLimits.points)
      throw new GeometryError(
        `too many points: the limit is ${GeometryLimits.points.toLocaleString('en-US')} in one value`,
      );
    const x = this.number();
    const y = this.number();
    return checkPosition([x, y], where);
  }

  positions(where: string): Position[] {
    this.punct('(');
    const out = [this.position(`${where} point 1`)];
    while (this.peek(',')) {
      this.i++;
      out.push(this.position(`${where} point ${out.length + 1}`));
    }
    this.punct(')');
    return out;
  }

  end(): void {
    this.ws();
    if (this.i < this.text.length) this.fail('the end of the text');
  }
}

/** Reads WKT (`POINT (x y)`, `LINESTRING (…)`, `POLYGON ((…), (…))`), with an optional `SRID=4326;` prefix. */
export function fromWkt(text: string): Geometry {
  if (text.length > GeometryLimits.textLength)
    throw new GeometryError(
      `WKT text too long: the limit is ${GeometryLimits.textLength.toLocaleString('en-US')} characters`,
    );
  let body = text;
  const srid = /^\s*SRID\s*=\s*(\d+)\s*;/i.exec(text);
  if (srid) {
    if (Number(srid[1]) !== SPATIAL_SRID)
      throw new GeometryError(`SRID ${srid[1]} is not supported: spatial columns hold WGS 84 (SRID ${SPATIAL_SRID})`);
    body = text.slice(srid[0].length);
  }
  const r = new WktReader(body);
  const name = r.word();
  let g: Geometry;
  if (name === 'POINT') {
    r.punct('(');
    g = { type: 'Point', coordinates: r.position('POINT') };
    r.punct(')');
  } else if (name === 'LINESTRING') {
    g = { type: 'LineString', coordinates: checkLine(r.positions('LINESTRING'), 'LINESTRING') };
  } else if (name === 'POLYGON') {
    r.punct('(');
    const rings = [checkRing(r.positions('POLYGON ring 1'), 'POLYGON ring 1')];
    while (r.peek(',')) {
      r.punct(',');
      const k = rings.length + 1;
      rings.push(checkRing(r.positions(`POLYGON ring ${k}`), `POLYGON ring ${k}`));
    }
    r.punct(')');
    g = { type: 'Polygon', coordinates: rings };
  } else {
    throw new GeometryError(`invalid WKT: '${name}' is not supported, use POINT, LINESTRING or POLYGON`);
  }
  r.end();
  return g;
}

/**
 * Reads what a client may send for a spatial value: WKT text, GeoJSON text, or a GeoJSON object
 * (the SDK's geometry classes serialise to GeoJSON; answers of this server carry `srsId` and
 * `___class` besides, and are taken back as they are).
 */
export function readGeometry(value: unknown): Geometry {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new GeometryError('the text starts with { but is not valid GeoJSON');
      }
      return fromGeoJson(parsed);
    }
    return fromWkt(text);
  }
  return fromGeoJson(value);
}

const num = (n: number) => String(n);
const pairs = (ps: Position[]) => ps.map((p) => `${num(p[0])} ${num(p[1])}`).join(', ');

/** WKT of a geometry: `POINT(2.35 48.85)`. */
export function toWkt(g: Geometry): string {
  switch (g.type) {
    case 'Point':
      return `POINT(${num(g.coordinates[0])} ${num(g.coordinates[1])})`;
    case 'LineString':
      return `LINESTRING(${pairs(g.coordinates)})`;
    case 'Polygon':
      return `POLYGON(${g.coordinates.map((r) => `(${pairs(r)})`).join(', ')})`;
  }
}

/** WKT with the SRID prefix, as both databases store and take it. */
export function toEwkt(g: Geometry): string {
  return `SRID=${SPATIAL_SRID};${toWkt(g)}`;
}

/** The answer form: GeoJSON with `srsId` and the Backendless SDK's class name. */
export function toWire(g: Geometry): GeometryWire {
  return {
    type: g.type,
    coordinates: g.coordinates,
    srsId: SPATIAL_SRID,
    ___class: `com.backendless.persistence.${g.type}`,
  } as GeometryWire;
}

/** Checks that a geometry fits a column of type `t` (a POINT column takes points only). */
export function assertFitsColumn(t: SpatialDataType, g: Geometry): void {
  const shape = columnShape(t);
  if (shape && g.type !== shape)
    throw new GeometryError(`a ${t} column takes ${WKT_NAMES[shape]} values, not ${WKT_NAMES[g.type]}`);
}
