import { beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { countersFor } from './index.js';

describeEachDb('counters', (server) => {
  let authKey: string;
  let appId: string;
  const base = () => `/${appId}/console/counters`;

  beforeAll(async () => {
    authKey = (await registerDeveloper(server())).authKey;
    appId = await createTestApp(server(), authKey);
  });

  it('creates counters and lists them with a pattern, paging, sorting and a total', async () => {
    for (const [name, value] of [
      ['visits', 5],
      ['visits.eu', 12],
      ['visits.us', 7],
      ['orders', 1],
      ['100%_done', 3],
    ] as const) {
      const res = await server().call('POST', `${base()}/${encodeURIComponent(name)}`, { authKey, body: { value } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ objectId: name, name, value });
    }
    const all = await server().call('GET', `${base()}?pageSize=2&offset=1&sortField=value&sortDir=desc`, { authKey });
    expect(all.json()).toEqual({
      totalRows: 5,
      data: [
        { objectId: 'visits.us', name: 'visits.us', value: 7 },
        { objectId: 'visits', name: 'visits', value: 5 },
      ],
    });

    const some = await server().call('GET', `${base()}?pattern=${encodeURIComponent('visits.*')}`, { authKey });
    expect(some.json().data.map((c: { name: string }) => c.name)).toEqual(['visits.eu', 'visits.us']);
    expect(some.json().totalRows).toBe(2);

    // % and _ in a pattern are literal, only * and ? are wildcards.
    const literal = await server().call('GET', `${base()}/${encodeURIComponent('100%_*')}/list-names`, { authKey });
    expect(literal.json()).toEqual(['100%_done']);
    const none = await server().call('GET', `${base()}/${encodeURIComponent('1%')}/list-names`, { authKey });
    expect(none.json()).toEqual([]);
    const names = await server().call('GET', `${base()}/${encodeURIComponent('*')}/list-names`, { authKey });
    expect(names.json()).toEqual(['100%_done', 'orders', 'visits', 'visits.eu', 'visits.us']);
    const one = await server().call('GET', `${base()}/${encodeURIComponent('visits.?s')}/list-names`, { authKey });
    expect(one.json()).toEqual(['visits.us']);

    const byNames = await server().call('POST', `${base()}/list-by-names`, {
      authKey,
      body: ['orders', 'nope', 'visits'],
    });
    expect(byNames.json()).toEqual([
      { objectId: 'orders', name: 'orders', value: 1 },
      { objectId: 'visits', name: 'visits', value: 5 },
    ]);
  });

  it('refuses a taken name with 409 and bad input with 400', async () => {
    await server().call('POST', `${base()}/taken`, { authKey, body: { value: 1 } });
    const again = await server().call('POST', `${base()}/taken`, { authKey, body: { value: 2 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');

    const fraction = await server().call('POST', `${base()}/half`, { authKey, body: { value: 1.5 } });
    expect(fraction.statusCode).toBe(400);
    const tooLong = await server().call('POST', `${base()}/${'n'.repeat(256)}`, { authKey, body: { value: 1 } });
    expect(tooLong.statusCode).toBe(400);
    const badSort = await server().call('GET', `${base()}?sortField=created`, { authKey });
    expect(badSort.statusCode).toBe(400);
    const bigPage = await server().call('GET', `${base()}?pageSize=1000`, { authKey });
    expect(bigPage.statusCode).toBe(400);
  });

  it('compare-and-set writes only from the current value and answers 409 with the value now', async () => {
    await server().call('POST', `${base()}/cas`, { authKey, body: { value: 10 } });
    const ok = await server().call('PUT', `${base()}/cas`, { authKey, body: { currentValue: 10, newValue: 11 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ objectId: 'cas', name: 'cas', value: 11 });

    const stale = await server().call('PUT', `${base()}/cas`, { authKey, body: { currentValue: 10, newValue: 99 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', details: { name: 'cas', value: 11 } });

    const missing = await server().call('PUT', `${base()}/nothing`, {
      authKey,
      body: { currentValue: 0, newValue: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets exactly one of many concurrent compare-and-sets from the same value win', async () => {
    await server().call('POST', `${base()}/race`, { authKey, body: { value: 0 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server().call('PUT', `${base()}/race`, { authKey, body: { currentValue: 0, newValue: i + 1 } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)!.json().value;
    const now = await server().call('POST', `${base()}/list-by-names`, { authKey, body: ['race'] });
    expect(now.json()[0].value).toBe(winner);
  });

  it('increments atomically under concurrency: the total is exact', async () => {
    const counters = countersFor(server().app.basalt);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => counters.addAndGet(appId, 'hits', i % 2 === 0 ? 3 : -1)),
    );
    expect(await counters.get(appId, 'hits')).toBe(100 * 3 - 100);
    expect(results).toHaveLength(200);
    expect(await counters.getAndAdd(appId, 'hits', 5)).toBe(200);
    expect(await counters.get(appId, 'hits')).toBe(205);

    const many = await Promise.all(Array.from({ length: 100 }, () => counters.addAndGet(appId, 'fresh', 1)));
    expect([...many].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('app-facing compare-and-set, reset and the ±2^53 guard', async () => {
    const counters = countersFor(server().app.basalt);
    expect(await counters.get(appId, 'unknown')).toBe(0);
    expect(await counters.compareAndSet(appId, 'lazy', 0, 7)).toBe(true);
    expect(await counters.compareAndSet(appId, 'lazy', 0, 8)).toBe(false);
    expect(await counters.get(appId, 'lazy')).toBe(7);
    await counters.reset(appId, 'lazy');
    expect(await counters.get(appId, 'lazy')).toBe(0);

    await counters.addAndGet(appId, 'edge', Number.MAX_SAFE_INTEGER - 1);
    await expect(counters.addAndGet(appId, 'edge', 2)).rejects.toMatchObject({ status: 409 });
    expect(await counters.get(appId, 'edge')).toBe(Number.MAX_SAFE_INTEGER - 1);
  });

  it('deletes counters and answers 404 for unknown ones', async () => {
    await server().call('POST', `${base()}/gone`, { authKey, body: { value: 1 } });
    const del = await server().call('DELETE', `${base()}/gone`, { authKey });
    expect(del.statusCode).toBe(200);
    const again = await server().call('DELETE', `${base()}/gone`, { authKey });
    expect(again.statusCode).toBe(404);
  });

  it('needs a signed-in developer with access to the app', async () => {
    const anonymous = await server().call('GET', base());
    expect(anonymous.statusCode).toBe(401);
    const stranger = (await registerDeveloper(server())).authKey;
    const res = await server().call('GET', base(), { authKey: stranger });
    expect([403, 404]).toContain(res.statusCode);
  });
});
