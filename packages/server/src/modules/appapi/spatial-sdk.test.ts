import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, startTestServer, type TestServer } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Sdk = typeof Backendless;
type SdkError = Error & { code?: number; status?: number };
type Rec = Record<string, unknown>;

async function rejection(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the call to be refused');
}

// Paris (Notre-Dame) and two places around it: the Eiffel Tower ~4.2 km away, Orly ~14 km away.
const NOTRE_DAME = [2.3499, 48.853] as const;
const PARIS_BOX = 'POLYGON((2.2 48.8, 2.45 48.8, 2.45 48.92, 2.2 48.92, 2.2 48.8))';
const LYON_BOX = 'POLYGON((4.7 45.6, 5.0 45.6, 5.0 45.9, 4.7 45.9, 4.7 45.6))';

/**
 * Spatial columns (POINT, LINESTRING, POLYGON, GEOMETRY) through the published SDK, on PostGIS and
 * SpatiaLite: geometry objects in and out, and the spatial where functions (decision 0028).
 */
describeEachDb('spatial columns through the backendless SDK', (server) => {
  let f: AppFixture;
  let app: Sdk;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Place', [
      { name: 'name', dataType: 'STRING' },
      { name: 'location', dataType: 'POINT' },
      { name: 'route', dataType: 'LINESTRING' },
      { name: 'area', dataType: 'POLYGON' },
      { name: 'shape', dataType: 'GEOMETRY' },
    ]);
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    app = Backendless.initApp({
      serverURL: origin,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    } as never) as unknown as Sdk;
  });

  it('saves a Point and reads it back as a Backendless.Data.Point with the same coordinates', async () => {
    const point = new Backendless.Data.Point().setX(NOTRE_DAME[0]).setY(NOTRE_DAME[1]);
    const saved = (await app.Data.of('Place').save({ name: 'Notre-Dame', location: point })) as Rec;
    const back = (await app.Data.of('Place').findById(String(saved.objectId))) as Rec;
    const location = back.location as InstanceType<typeof Backendless.Data.Point>;
    expect(location).toBeInstanceOf(Backendless.Data.Point);
    expect([location.getX(), location.getY()]).toEqual([...NOTRE_DAME]);
    expect(location.getSRS().getSRSId()).toBe(4326);
    expect(location.equals(point)).toBe(true);

    // The wire form the SDK reads: GeoJSON with srsId and the SDK's class name.
    const raw = (await server().call('GET', `/${f.appId}/${f.keys.REST}/data/Place/${String(saved.objectId)}`)).json();
    expect(raw.location).toEqual({
      type: 'Point',
      coordinates: [...NOTRE_DAME],
      srsId: 4326,
      ___class: 'com.backendless.persistence.Point',
    });
  });

  it('keeps lines, polygons and any geometry, given as SDK objects, WKT or GeoJSON', async () => {
    const line = Backendless.Data.LineString.fromWKT('LINESTRING(2.29 48.85, 2.35 48.85, 2.37 48.84)');
    const saved = (await app.Data.of('Place').save({
      name: 'Seine',
      route: line,
      area: PARIS_BOX,
      shape: { type: 'Point', coordinates: [4.83, 45.76] },
    })) as Rec;
    const back = (await app.Data.of('Place').findById(String(saved.objectId))) as Rec;
    expect(back.route).toBeInstanceOf(Backendless.Data.LineString);
    expect((back.route as { asWKT(): string }).asWKT()).toBe('LINESTRING(2.29 48.85,2.35 48.85,2.37 48.84)');
    expect(back.area).toBeInstanceOf(Backendless.Data.Polygon);
    expect((back.area as { asGeoJSON(): unknown }).asGeoJSON()).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [2.2, 48.8],
          [2.45, 48.8],
          [2.45, 48.92],
          [2.2, 48.92],
          [2.2, 48.8],
        ],
      ],
    });
    expect(back.shape).toBeInstanceOf(Backendless.Data.Point);
  });

  it('finds by distanceOnSphere in metres: within 10 km, not within 1 km', async () => {
    await app.Data.of('Place').save({ name: 'Eiffel', location: 'POINT(2.2945 48.8584)' });
    await app.Data.of('Place').save({ name: 'Orly', location: { type: 'Point', coordinates: [2.3652, 48.7262] } });
    const near = (metres: number) =>
      app.Data.of('Place').find({
        where: `distanceOnSphere(location, 'POINT(2.2945 48.8584)') < ${metres}`,
        sortBy: ['name'],
      } as never) as Promise<Rec[]>;
    expect((await near(10_000)).map((p) => p.name)).toEqual(['Eiffel', 'Notre-Dame']);
    expect((await near(1_000)).map((p) => p.name)).toEqual(['Eiffel']);
    expect((await near(20_000)).map((p) => p.name)).toEqual(['Eiffel', 'Notre-Dame', 'Orly']);
    // km(…) beside distanceOnSphere is taken in metres.
    const inKm = (await app.Data.of('Place').find({
      where: "distanceOnSphere(location, 'POINT(2.2945 48.8584)') < km(10)",
      sortBy: ['name'],
    } as never)) as Rec[];
    expect(inKm.map((p) => p.name)).toEqual(['Eiffel', 'Notre-Dame']);
    // Eiffel Tower to Notre-Dame is about 4.1 km on the sphere.
    const within = (await app.Data.of('Place').find({
      where: `distanceOnSphere(location, 'POINT(${NOTRE_DAME.join(' ')})') between 4000 and 4300`,
    } as never)) as Rec[];
    expect(within.map((p) => p.name)).toEqual(['Eiffel']);
  });

  it('answers Within, Intersects, Contains and the other relations with WKT literals', async () => {
    const names = async (where: string) =>
      ((await app.Data.of('Place').find({ where, sortBy: ['name'], pageSize: 100 } as never)) as Rec[]).map(
        (p) => p.name,
      );
    expect(await names(`Within(location, '${PARIS_BOX}') = true`)).toEqual(['Eiffel', 'Notre-Dame']);
    expect(await names(`Within(location, '${PARIS_BOX}') = false`)).toEqual(['Orly']);
    expect(await names(`Intersects(shape, '${LYON_BOX}') = true`)).toEqual(['Seine']);
    expect(await names(`Intersects(route, 'LINESTRING(2.33 48.80, 2.33 48.90)') = true`)).toEqual(['Seine']);
    expect(await names(`Crosses(route, 'LINESTRING(2.33 48.80, 2.33 48.90)') = true`)).toEqual(['Seine']);
    expect(await names(`Contains(area, 'POINT(2.3499 48.853)') = true`)).toEqual(['Seine']);
    expect(await names(`Disjoint(area, '${LYON_BOX}') = true`)).toEqual(['Seine']);
    expect(await names(`Equals(location, 'POINT(2.2945 48.8584)') = true`)).toEqual(['Eiffel']);
    expect(await names(`Touches(area, 'POINT(2.2 48.85)') = true`)).toEqual(['Seine']);
    expect(await names(`Overlaps(area, 'POLYGON((2.4 48.9, 2.5 48.9, 2.5 49, 2.4 49, 2.4 48.9))') = true`)).toEqual([
      'Seine',
    ]);
    expect(await names(`distance(location, 'POINT(2.35 48.853)') < 0.01`)).toEqual(['Notre-Dame']);
    expect(await names(`location is null and name = 'Seine'`)).toEqual(['Seine']);
    expect(await app.Data.of('Place').getObjectCount(`Within(location, '${PARIS_BOX}') = true`)).toBe(2);
  });

  it('exports spatial cells as WKT in the console CSV', async () => {
    const res = await f.console('POST', '/data/Place/csv', {
      where: "name in ('Eiffel', 'Seine')",
      sortBy: 'name',
      props: 'name,location,area',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\r\n')).toEqual([
      'name,location,area',
      'Eiffel,POINT(2.2945 48.8584),',
      `Seine,,"${PARIS_BOX.replace(/,\s*/g, ', ')}"`,
    ]);
  });

  it('refuses bad WKT and bad values with a 400 that names the problem', async () => {
    const where = async (w: string) => rejection(app.Data.of('Place').find({ where: w } as never));
    let err = await where(`Within(location, 'POLYGON((1 1, 2 2))') = true`);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/Within\(\).*polygon ring needs at least 4 points/);
    err = await where(`Within(location, 'CIRCLE(1 2)') = true`);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/'CIRCLE' is not supported/);
    err = await where(`distanceOnSphere(location, 'POINT(1)') < 10`);
    expect(err.message).toMatch(/invalid WKT: expected a number, found '\)'/);
    err = await where(`Within(name, '${PARIS_BOX}') = true`);
    expect(err.message).toMatch(/Within\(\) takes spatial columns .* not name/);
    err = await where(`location = 'POINT(1 2)'`);
    expect(err.message).toMatch(/spatial column: compare it through a spatial function/);

    err = await rejection(app.Data.of('Place').save({ name: 'bad', location: 'POINT(200 10)' }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/longitude \(x\) 200 is outside -180\.\.180/);
    err = await rejection(app.Data.of('Place').save({ name: 'bad', location: PARIS_BOX }));
    expect(err.message).toMatch(/a POINT column takes POINT values, not POLYGON/);
    err = await rejection(
      app.Data.of('Place').save({ name: 'bad', route: { type: 'LineString', coordinates: [[1, 2]] } }),
    );
    expect(err.message).toMatch(/at least 2 points/);
    expect(await app.Data.of('Place').getObjectCount(`name = 'bad'`)).toBe(0);
  });

  it('changes a POINT column to GEOMETRY and keeps its values; refuses other spatial type changes', async () => {
    await f.table('Spot', [{ name: 'at', dataType: 'POINT' }]);
    await app.Data.of('Spot').save({ at: 'POINT(1 2)' });
    expect(
      (await f.console('PUT', '/data/tables/Spot/columns/at', { name: 'at', dataType: 'STRING' })).statusCode,
    ).toBe(400);
    expect(
      (await f.console('PUT', '/data/tables/Spot/columns/at', { name: 'at', dataType: 'GEOMETRY' })).statusCode,
    ).toBe(200);
    await app.Data.of('Spot').save({ at: 'LINESTRING(1 2, 3 4)' });
    const all = (await app.Data.of('Spot').find({ sortBy: ['created'] } as never)) as Rec[];
    expect(all.map((s) => (s.at as { asWKT(): string }).asWKT())).toEqual(['POINT(1 2)', 'LINESTRING(1 2,3 4)']);
  });
});

/** A machine without SpatiaLite: the server starts, spatial columns are refused naming the package, the rest works. */
describe('spatial columns without SpatiaLite [sqlite]', () => {
  let server: TestServer;
  let f: AppFixture;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { spatialite: '/nonexistent/mod_spatialite_missing' });
    f = await appFixture(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 501 naming libsqlite3-mod-spatialite for a POINT column and serves everything else', async () => {
    await f.table('Thing', [{ name: 'label', dataType: 'STRING' }]);
    const refused = await f.console('POST', '/data/tables/Thing/columns', { name: 'at', dataType: 'POINT' });
    expect(refused.statusCode).toBe(501);
    expect(refused.json().message).toMatch(/SpatiaLite.*apt-get install libsqlite3-mod-spatialite/);
    const saved = await server.call('POST', `/${f.appId}/${f.keys.REST}/data/Thing`, { body: { label: 'plain' } });
    expect(saved.statusCode).toBe(200);
    const found = await server.call(
      'GET',
      `/${f.appId}/${f.keys.REST}/data/Thing?where=${encodeURIComponent("label = 'plain'")}`,
    );
    expect(found.json().map((t: Rec) => t.label)).toEqual(['plain']);
    const described = (await f.console('GET', '/data/tables'))
      .json()
      .tables.find((t: { name: string }) => t.name === 'Thing');
    expect(described.columns.map((c: { name: string }) => c.name)).not.toContain('at');
  });
});
