import { describe, expect, it } from 'vitest';
import { whereText, type Condition } from '../where-builder';
import { geometryText, parseGeometryText } from './geometry-text';

const column = (dataType: string, required = false) => ({ name: 'location', dataType, required });

describe('spatial values in the console', () => {
  it('shows answers as WKT and takes WKT or GeoJSON back', () => {
    expect(geometryText({ type: 'Point', coordinates: [2.35, 48.85], srsId: 4326, ___class: 'com.backendless.persistence.Point' })).toBe('POINT(2.35 48.85)');
    expect(geometryText(null)).toBe('');
    expect(parseGeometryText(' point(1 2) ', column('POINT'))).toEqual({ value: 'POINT(1 2)' });
    expect(parseGeometryText('{"type":"LineString","coordinates":[[1,2],[3,4]]}', column('GEOMETRY'))).toEqual({ value: 'LINESTRING(1 2, 3 4)' });
    expect(parseGeometryText('', column('POINT'))).toEqual({ value: null });
  });

  it('says what is wrong with bad input', () => {
    expect(parseGeometryText('', column('POINT', true))).toEqual({ error: 'location is required' });
    expect(parseGeometryText('POINT(1)', column('POINT'))).toEqual({ error: "Not a valid geometry: invalid WKT: expected a number, found ')' at position 7" });
    expect(parseGeometryText('LINESTRING(1 2, 3 4)', column('POINT'))).toEqual({ error: 'Not a valid geometry: a POINT column takes POINT values, not LINESTRING' });
  });

  it('writes spatial filters with checked WKT', () => {
    const cols = [{ columnId: 'l', name: 'location', dataType: 'POINT', required: false, unique: false, indexed: false, defaultValue: null, system: false, primaryKey: false }];
    const cond = (op: string, value: string, value2 = ''): Condition => ({ column: 'location', op, value, value2 });
    expect(whereText(cols, [cond('within', 'POLYGON((0 0,1 0,1 1,0 0))')], 'and').text).toBe("Within(location, 'POLYGON((0 0, 1 0, 1 1, 0 0))') = true");
    expect(whereText(cols, [cond('near', 'POINT(2 48)', '5000')], 'and').text).toBe("distanceOnSphere(location, 'POINT(2 48)') <= 5000");
    expect(whereText(cols, [cond('within', 'POLYGON((0 0))')], 'and').errors[0]).toMatch(/Not a valid WKT geometry/);
  });
});
