/** The SDK's `counters` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { RequestError } from './transport/errors.js';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK counters against the server', (session) => {
  it('creates, lists, reads by name, compare-and-sets and deletes counters', async () => {
    const { client, appId } = session();
    expect(await client.counters.create(appId, 'visits', 5)).toEqual({ objectId: 'visits', name: 'visits', value: 5 });
    expect(await client.counters.create(appId, 'page hits?', 1)).toMatchObject({ objectId: 'page hits?', value: 1 });
    await client.counters.create(appId, 'zero');

    const page = await client.counters.get(appId, { pageSize: 2, sortField: 'value', sortDir: 'desc' });
    expect(page.totalRows).toBe(3);
    expect(page.data.map((c) => [c.name, c.value])).toEqual([
      ['visits', 5],
      ['page hits?', 1],
    ]);
    expect((await client.counters.get(appId, { pattern: 'v*' })).data.map((c) => c.name)).toEqual(['visits']);
    expect(await client.counters.listNames(appId)).toEqual(['page hits?', 'visits', 'zero']);
    expect(await client.counters.listNames(appId, 'page*')).toEqual(['page hits?']);
    expect((await client.counters.listCounters(appId, ['zero', 'missing'])).map((c) => [c.name, c.value])).toEqual([
      ['zero', 0],
    ]);

    expect(await client.counters.update(appId, 'visits', 5, 9)).toMatchObject({ name: 'visits', value: 9 });
    const stale = await client.counters.update(appId, 'visits', 5, 10).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(RequestError);
    expect(stale).toMatchObject({ status: 409, body: { details: { value: 9 } } });

    await client.counters.remove(appId, 'page hits?');
    expect(await client.counters.listNames(appId)).toEqual(['visits', 'zero']);
  });

  it('refuses a taken name with 409', async () => {
    const { client, appId } = session();
    await client.counters.create(appId, 'dup', 1);
    await expect(client.counters.create(appId, 'dup', 2)).rejects.toMatchObject({ status: 409 });
  });
});
