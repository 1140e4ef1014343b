import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { describeEachDb, startTestServer, testDbKinds } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { Meter, meterTagOf } from './meter.js';
import { AnalyticsService, percentiles, rangeOf, segmentsOf } from './analytics.service.js';
import { DAY } from './meter.js';

interface CallsRow {
  timestamp: number;
  apiKeyName: string;
  serviceName: string | null;
  methodName: string | null;
  successCallCount: number;
  errorCount: number;
}

const total = (rows: CallsRow[], f: (r: CallsRow) => boolean = () => true) =>
  rows.filter(f).reduce((s, r) => s + r.successCallCount, 0);

describeEachDb(
  'analytics: metering of the app API',
  (server) => {
    let f: AppFixture;
    let origin: string;

    beforeAll(async () => {
      f = await appFixture(server());
      await f.table('Thing', [{ name: 'title', dataType: 'STRING' }]);
      await server().app.listen({ port: 0, host: '127.0.0.1' });
      const address = server().app.server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    const calls = async (query = '') => {
      const res = await f.console('GET', `/apicalls?period=MONTH&withServiceName=true&withMethodName=true${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CallsRow[];
    };

    it('counts 30 app API calls with the REST key as 30 REST calls of the day', async () => {
      const before = total(await calls(), (r) => r.apiKeyName === 'REST');
      for (let i = 0; i < 30; i++) expect((await f.api('GET', '/data/Thing')).statusCode).toBe(200);
      const rows = await calls();
      const today = Math.floor(Date.now() / DAY) * DAY;
      expect(total(rows, (r) => r.apiKeyName === 'REST') - before).toBe(30);
      const find = rows.find((r) => r.apiKeyName === 'REST' && r.serviceName === 'data' && r.methodName === 'get');
      expect(find).toMatchObject({ timestamp: today, successCallCount: 30, errorCount: 0 });
    });

    it('segments by client kind and counts errors as errorCount', async () => {
      for (let i = 0; i < 3; i++) await f.api('GET', '/data/Thing', { key: f.keys.JS });
      for (let i = 0; i < 2; i++)
        expect((await f.api('GET', '/data/NoSuchTable', { key: f.keys.JS })).statusCode).toBe(404);
      const js = await calls('&apiKeyName[JS]=true');
      expect(js.every((r) => r.apiKeyName === 'JS')).toBe(true);
      expect(total(js)).toBe(3);
      expect(js.reduce((s, r) => s + r.errorCount, 0)).toBe(2);
      // Without the service and method switches, rows are per day and client kind only.
      const plain = await f.console('GET', '/apicalls?period=MONTH&apiKeyName[JS]=true');
      expect(plain.json()).toEqual([
        expect.objectContaining({
          apiKeyName: 'JS',
          serviceName: null,
          methodName: null,
          successCallCount: 3,
          errorCount: 2,
        }),
      ]);
    });

    it('meters the fast lane (finds and creates over real HTTP) like the routes', async () => {
      const lane = server().app.basalt.fastLane!;
      const taken = lane.taken;
      const before = await calls('&apiKeyName[ANDROID]=true');
      // The first request of a key goes through Fastify and makes the key known; the rest take the lane.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${origin}/${f.appId}/${f.keys.ANDROID}/data/Thing/find`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(res.status).toBe(200);
        await res.text();
      }
      expect(lane.taken).toBeGreaterThan(taken);
      const rows = await calls('&apiKeyName[ANDROID]=true');
      const finds = (rs: CallsRow[]) => total(rs, (r) => r.serviceName === 'data' && r.methodName === 'find');
      expect(finds(rows) - finds(before)).toBe(5);
    });

    it('counts a registration as a new and registered user, a login as active', async () => {
      await f.user();
      const res = await f.console('GET', '/userstats?period=MONTH');
      expect(res.statusCode).toBe(200);
      const today = Math.floor(Date.now() / DAY) * DAY;
      const row = (res.json() as Array<Record<string, number>>).find((r) => r.timestamp === today);
      expect(row).toMatchObject({ newUsers: 1, registeredUsers: 1, activeUsers: 1, returningUsers: 0 });
    });

    it('answers latency percentiles and concurrency per interval, keyed by epoch seconds', async () => {
      const now = Math.floor(Date.now() / 1000);
      const start = now - (now % 3600);
      const q = `aggregationPeriod=HOUR&startEpochSecond=${start}&endEpochSecond=${start + 3600}`;
      const perf = (await f.console('GET', `/performance?${q}`)).json() as Record<
        string,
        { count: number; p50: number }
      >;
      expect(perf[String(start)].count).toBeGreaterThanOrEqual(30);
      expect(perf[String(start)].p50).toBeGreaterThan(0);
      const conc = (await f.console('GET', `/concurrent-requests?${q}`)).json() as Record<string, number>;
      expect(conc[String(start)]).toBeGreaterThanOrEqual(1);
      const stats = (await f.console('GET', '/application/stats?period=MONTH')).json();
      expect(stats.apiCalls).toBeGreaterThanOrEqual(40);
      expect(stats.errors).toBeGreaterThanOrEqual(2);
      expect(stats.newUsers).toBe(1);
    });

    it('refuses bad periods and ranges with 400 naming them', async () => {
      const custom = await f.console('GET', '/apicalls?period=CUSTOM');
      expect(custom.statusCode).toBe(400);
      expect(custom.json().message).toMatch(/dateFrom/);
      const backwards = await f.console(
        'GET',
        `/apicalls?period=CUSTOM&dateFrom=${Date.now()}&dateTo=${Date.now() - 5 * DAY}`,
      );
      expect(backwards.statusCode).toBe(400);
      expect((await f.console('GET', '/apicalls?period=WEEKLY')).statusCode).toBe(400);
      const many = await f.console(
        'GET',
        '/performance?aggregationPeriod=MINUTE&startEpochSecond=0&endEpochSecond=9999999',
      );
      expect(many.statusCode).toBe(400);
      expect(many.json().message).toMatch(/aggregationPeriod/);
    });

    it('a CUSTOM range reads only its days', async () => {
      const yesterday = Date.now() - DAY;
      const res = await f.console('GET', `/apicalls?period=CUSTOM&dateFrom=${yesterday - 3 * DAY}&dateTo=${yesterday}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      const iso = new Date().toISOString().slice(0, 10);
      const today = await f.console('GET', `/apicalls?period=CUSTOM&dateFrom=${iso}&dateTo=${iso}`);
      expect(total(today.json())).toBeGreaterThanOrEqual(30);
    });

    it('stores console activity events and refuses other developers', async () => {
      const ok = await f.console('POST', '/user-activity', { type: 'PAGE_VIEW', page: 'analytics' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true });
      const db = server().app.basalt.dbs.system as unknown as Kysely<any>;
      const rows = await db.selectFrom('console_activity').selectAll().where('app_id', '=', f.appId).execute();
      expect(JSON.parse(rows[0].event)).toEqual({ type: 'PAGE_VIEW', page: 'analytics' });
      const anon = await server().call('GET', `/${f.appId}/console/apicalls`);
      expect(anon.statusCode).toBe(401);
    });
  },
  { meterFlushMs: 3_600_000 },
);

describeEachDb('analytics: rollups', (server) => {
  it('two flushes (two processes) of the same minute add up', async () => {
    const s = server();
    const db = s.app.basalt.dbs.system as unknown as Kysely<any>;
    const one = new Meter(db, true, s.kind);
    const two = new Meter(db, true, s.kind);
    const tag = { service: 'data', method: 'find' };
    for (let i = 0; i < 4; i++) one.answered('app-x', 'app-x', 'REST', tag, 200, 3);
    for (let i = 0; i < 6; i++) two.answered('app-x', 'app-x', 'REST', tag, i < 2 ? 500 : 200, 3);
    one.started('app-x');
    one.started('app-x');
    two.started('app-x');
    await one.flush();
    await two.flush();
    one.answered('app-x', 'app-x', 'REST', tag, 200, 3);
    await one.flush();
    const row = await db.selectFrom('analytics_calls').selectAll().where('app_id', '=', 'app-x').executeTakeFirst();
    expect([Number(row?.ok), Number(row?.errors)]).toEqual([9, 2]);
    const peak = await db.selectFrom('analytics_peaks').selectAll().where('app_id', '=', 'app-x').executeTakeFirst();
    expect(Number(peak?.in_flight)).toBe(2);
    const latency = await db.selectFrom('analytics_latency').selectAll().where('app_id', '=', 'app-x').execute();
    expect(latency.reduce((n: number, r) => n + Number(r.count), 0)).toBe(11);
  });

  it('pruning drops rows older than the retention and a deleted app forgets everything', async () => {
    const s = server();
    const db = s.app.basalt.dbs.system as unknown as Kysely<any>;
    const row = { app_id: 'app-y', key_name: 'JS', service: 'data', method: 'find', ok: 1, errors: 0 };
    await db
      .insertInto('analytics_calls')
      .values([
        { ...row, minute: 0 },
        { ...row, minute: Date.now() },
      ])
      .execute();
    const service = new AnalyticsService(s.app.basalt);
    await service.prune(Date.now() - 400 * DAY);
    const left = await db.selectFrom('analytics_calls').select('minute').where('app_id', '=', 'app-y').execute();
    expect(left).toHaveLength(1);
    await service.forget('app-y');
    expect(await db.selectFrom('analytics_calls').select('minute').where('app_id', '=', 'app-y').execute()).toEqual([]);
  });
});

describe('analytics: pure parts', () => {
  it('names routes by service and method', () => {
    expect(meterTagOf('/:appId/:apiKey/data/:table/find', 'POST')).toEqual({ service: 'data', method: 'find' });
    expect(meterTagOf('/:appId/:apiKey/data/:table', 'POST')).toEqual({ service: 'data', method: 'create' });
    expect(meterTagOf('/:appId/:apiKey/users/login', 'POST')).toEqual({ service: 'users', method: 'login' });
    expect(meterTagOf('/:appId/:apiKey/files/*', 'GET')).toEqual({ service: 'files', method: 'get' });
  });

  it('periods are day-aligned ranges ending today', () => {
    const now = Date.UTC(2026, 10, 27, 15, 0);
    const today = Date.UTC(2026, 10, 27);
    expect(rangeOf('MONTH', undefined, undefined, now)).toEqual({ from: today - 29 * DAY, to: today + DAY });
    expect(rangeOf(undefined, undefined, undefined, now).from).toBe(today - 29 * DAY);
    expect(rangeOf('YEAR', undefined, undefined, now).from).toBe(today - 364 * DAY);
    expect(rangeOf('CUSTOM', '2026-11-01', String(Date.UTC(2026, 10, 3, 12)), now)).toEqual({
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 4),
    });
    expect(() => rangeOf('CUSTOM', 0, now, now)).toThrow(/400 days/);
    expect(segmentsOf({ 'apiKeyName[REST]': 'true', 'apiKeyName[JS]': true, period: 'MONTH' }, 'apiKeyName')).toEqual([
      'REST',
      'JS',
    ]);
  });

  it('reads percentiles from a histogram', () => {
    // 100 calls: 50 under 1 ms, 40 in 1–2 ms, 10 in 50–100 ms.
    const counts = new Array(15).fill(0);
    counts[0] = 50;
    counts[1] = 40;
    counts[6] = 10;
    expect(percentiles(counts)).toEqual({ count: 100, p50: 1, p90: 2, p99: 95 });
  });
});

// The switch the bench compares: metering off registers no hooks and records nothing.
describe('analytics: metering off', () => {
  it.each(testDbKinds())('records nothing on %s', async (kind) => {
    const s = await startTestServer(kind, { metering: false });
    try {
      const f = await appFixture(s);
      await f.table('Thing');
      for (let i = 0; i < 3; i++) expect((await f.api('GET', '/data/Thing')).statusCode).toBe(200);
      const res = await f.console('GET', '/apicalls?period=MONTH');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
