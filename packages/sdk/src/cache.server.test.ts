/** The SDK's `cache` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK cache against the server', (session) => {
  it('puts items, lists them as rows with the total, counts and deletes them', async () => {
    const { client, appId } = session();
    const later = Date.now() + 3_600_000;
    await client.cache.update(appId, { key: 'profile', value: { name: 'Ann', age: 3 }, expireAt: later });
    await client.cache.update(appId, { objectId: 'a b/c', value: 'plain text' });
    await client.cache.update(appId, { key: 'n', value: 42 });

    expect(await client.cache.count(appId)).toBe(3);
    const all = await client.cache.get(appId);
    expect(all.totalRows).toBe(3);
    expect(all.data).toEqual([
      { objectId: 'a b/c', key: 'a b/c', value: 'plain text', expireAt: null },
      { objectId: 'n', key: 'n', value: '42', expireAt: null },
      { objectId: 'profile', key: 'profile', value: '{"name":"Ann","age":3}', expireAt: later },
    ]);
    const page = await client.cache.get(appId, { pageSize: 1, offset: 1 });
    expect([page.totalRows, page.data.map((r) => r.key)]).toEqual([3, ['n']]);

    await client.cache.remove(appId, 'a b/c');
    expect((await client.cache.get(appId)).data.map((r) => r.key)).toEqual(['n', 'profile']);
  });

  it('an expired item is gone', async () => {
    const { client, appId } = session();
    await client.cache.update(appId, { key: 'short', value: 1, expireAt: Date.now() + 300 });
    expect((await client.cache.get(appId)).data.map((r) => r.key)).toContain('short');
    await new Promise((r) => setTimeout(r, 450));
    expect((await client.cache.get(appId)).data.map((r) => r.key)).not.toContain('short');
  });
});
