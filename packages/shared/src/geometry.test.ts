import { describe, expect, it } from 'vitest';
import {
  GeometryError,
  GeometryLimits,
  assertFitsColumn,
  fromWkt,
  readGeometry,
  toEwkt,
  toWire,
  toWkt,
} from './geometry.js';
import { parseWhere } from './where/parser.js';
import { WhereLimitError } from './where/limits.js';

describe('geometry values', () => {
  it('reads WKT, EWKT, GeoJSON text and objects into one shape and writes WKT back', () => {
    expect(fromWkt('point ( -96.75 32.86 )')).toEqual({ type: 'Point', coordinates: [-96.75, 32.86] });
    expect(toWkt(fromWkt('SRID=4326;LINESTRING(1 2, 3 4)'))).toBe('LINESTRING(1 2, 3 4)');
    const poly = 'POLYGON((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))';
    expect(toWkt(fromWkt(poly))).toBe(poly);
    expect(readGeometry('{"type":"Point","coordinates":[1.5,2]}')).toEqual({ type: 'Point', coordinates: [1.5, 2] });
    expect(
      readGeometry({ type: 'Point', coordinates: [1, 2], srsId: 4326, ___class: 'com.backendless.persistence.Point' }),
    ).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(toEwkt(fromWkt('POINT(1 2)'))).toBe('SRID=4326;POINT(1 2)');
    expect(toWire(fromWkt('POINT(1 2)'))).toEqual({
      type: 'Point',
      coordinates: [1, 2],
      srsId: 4326,
      ___class: 'com.backendless.persistence.Point',
    });
  });

  it('names what is wrong with a bad value', () => {
    const msg = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(GeometryError);
        return (e as Error).message;
      }
      throw new Error('expected a GeometryError');
    };
    expect(msg(() => fromWkt('POINT(1)'))).toBe("invalid WKT: expected a number, found ')' at position 7");
    expect(msg(() => fromWkt('POINT(1 2) x'))).toMatch(/expected the end of the text, found 'x'/);
    expect(msg(() => fromWkt('MULTIPOINT((1 2))'))).toMatch(/'MULTIPOINT' is not supported/);
    expect(msg(() => fromWkt('POLYGON((0 0, 1 0, 1 1, 0 1))'))).toMatch(/must end at its first point/);
    expect(msg(() => fromWkt('SRID=3857;POINT(1 2)'))).toMatch(/SRID 3857 is not supported/);
    expect(msg(() => fromWkt('POINT(10 95)'))).toMatch(/latitude \(y\) 95 is outside -90\.\.90/);
    expect(msg(() => readGeometry({ type: 'Circle', coordinates: [] }))).toMatch(/type "Circle" is not supported/);
    expect(msg(() => readGeometry('{"type":'))).toMatch(/not valid GeoJSON/);
    expect(msg(() => assertFitsColumn('POINT', fromWkt('LINESTRING(1 2, 3 4)')))).toBe(
      'a POINT column takes POINT values, not LINESTRING',
    );
    const many = `LINESTRING(${Array.from({ length: GeometryLimits.points + 1 }, () => '1 1').join(',')})`;
    expect(msg(() => fromWkt(many))).toMatch(/too many points/);
  });
});

describe('spatial functions in the where language', () => {
  it('parses two-argument spatial calls and keeps four-argument distance as before', () => {
    const within = parseWhere("Within(location, 'POLYGON((0 0, 1 0, 1 1, 0 0))') = true");
    expect(within).toMatchObject({
      kind: 'compare',
      op: '=',
      left: { kind: 'spatial', fn: 'WITHIN', args: [{ kind: 'column', path: ['location'] }, { kind: 'literal' }] },
    });
    expect(parseWhere("distanceOnSphere(a.b, 'POINT(1 2)') < 1000")).toMatchObject({
      left: { kind: 'spatial', fn: 'DISTANCEONSPHERE', args: [{ path: ['a', 'b'] }, {}] },
    });
    expect(parseWhere("distance(location, 'POINT(1 2)') < 1")).toMatchObject({
      left: { kind: 'spatial', fn: 'DISTANCE' },
    });
    expect(parseWhere('distance(lat, lng, 1, 2) < km(5)')).toMatchObject({ left: { kind: 'distance' } });
    expect(() => parseWhere("Within(location, 'x', 'y') = true")).toThrow(/expected '\)'/);
  });

  it('counts nested spatial calls against the depth limit', () => {
    const deep = `${'Within('.repeat(70)}a${", 'POINT(1 1)')".repeat(70)} = true`;
    expect(() => parseWhere(deep)).toThrow(WhereLimitError);
  });
});
