/** The SDK's `dataHives` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK hives against the server', (session) => {
  it('creates, renames and deletes hives', async () => {
    const { client, appId } = session();
    await client.dataHives.createHive(appId, 'draft');
    await client.dataHives.createHive(appId, 'shop');
    expect(await client.dataHives.getHiveNames(appId)).toEqual(['draft', 'shop']);
    await client.dataHives.renameHive(appId, 'draft', 'old');
    await client.dataHives.deleteHive(appId, 'old');
    expect(await client.dataHives.getHiveNames(appId)).toEqual(['shop']);
  });

  it('key-value store: set, read several keys at once, list keys, delete', async () => {
    const { client, appId } = session();
    await client.dataHives.createHive(appId, 'kv');
    await client.dataHives.setHiveStoreValue(appId, 'kv', 'key-value', 'greeting', { value: 'hello' });
    await client.dataHives.setHiveStoreValue(appId, 'kv', 'key-value', 'a b/c', { value: { n: 1 } });
    const [values] = client.dataHives.loadHiveStoreValues(appId, 'kv', 'key-value', ['greeting', 'a b/c', 'missing']);
    expect(await values).toEqual({ greeting: 'hello', 'a b/c': { n: 1 } });
    const page = await client.dataHives.loadHiveStoreKeys(appId, 'kv', 'key-value', { pageSize: 10 });
    expect([...page.keys].sort()).toEqual(['a b/c', 'greeting']);
    expect(await client.dataHives.removeHiveStoreRecords(appId, 'kv', 'key-value', ['greeting'])).toBe(1);
    expect((await client.dataHives.loadHiveStoreKeys(appId, 'kv', 'key-value')).keys).toEqual(['a b/c']);
  });

  it('list, set and map stores through their own methods', async () => {
    const { client, appId } = session();
    await client.dataHives.createHive(appId, 'col');
    expect(await client.dataHives.addHiveListStoreItems(appId, 'col', 'todo', ['a', 'b', 'a'])).toBe(3);
    await client.dataHives.updateHiveListStoreItemByIndex(appId, 'col', 'todo', 1, 'B');
    await client.dataHives.removeHiveListStoreItemByValue(appId, 'col', 'todo', 'a');
    expect(await Promise.all(client.dataHives.loadHiveStoreValues(appId, 'col', 'list', ['todo']))).toEqual([['B']]);

    expect(await client.dataHives.addHiveSetStoreItems(appId, 'col', 'tags', ['x', 'y', 'x'])).toBe(2);
    await client.dataHives.removeHiveSetStoreItemByValue(appId, 'col', 'tags', 'x');
    const [tags] = await Promise.all(client.dataHives.loadHiveStoreValues(appId, 'col', 'set', ['tags']));
    expect(tags).toEqual(['y']);

    await client.dataHives.addHiveStoreValue(appId, 'col', 'map', 'user', { value: { name: 'Ann', age: 3 } });
    await client.dataHives.removeHiveStoreValue(appId, 'col', 'map', 'user', ['age']);
    expect(await Promise.all(client.dataHives.loadHiveStoreValues(appId, 'col', 'map', ['user']))).toEqual([
      { name: 'Ann' },
    ]);
  });

  it('sorted set: add [[score, member]] and read ranks 0–99 with scores', async () => {
    const { client, appId } = session();
    await client.dataHives.createHive(appId, 'rank');
    await client.dataHives.addHiveStoreValue(appId, 'rank', 'sorted-set', 'top', {
      value: [
        [3, 'c'],
        [1, 'a'],
        [2, 'b'],
      ],
    });
    const [top] = await Promise.all(client.dataHives.loadHiveStoreValues(appId, 'rank', 'sorted-set', ['top']));
    expect(top).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
  });

  it('expiry: ttl, read it back, clear it; seconds since the last operation', async () => {
    const { client, appId } = session();
    await client.dataHives.createHive(appId, 'exp');
    await client.dataHives.setHiveStoreValue(appId, 'exp', 'key-value', 'k', { value: 1 });
    await client.dataHives.setKeyExpiration(appId, 'exp', 'key-value', 'k', { ttl: 100 });
    const ttl = await client.dataHives.getKeyExpirationTTL(appId, 'exp', 'key-value', 'k');
    expect(ttl).toBeGreaterThan(95);
    expect(ttl).toBeLessThanOrEqual(100);
    await client.dataHives.clearKeyExpiration(appId, 'exp', 'key-value', 'k');
    expect(await client.dataHives.getKeyExpirationTTL(appId, 'exp', 'key-value', 'k')).toBe(-1);
    await client.dataHives.setKeyExpiration(appId, 'exp', 'key-value', 'k', {
      unixTime: Math.floor(Date.now() / 1000) + 50,
    });
    expect(await client.dataHives.getKeyExpirationTTL(appId, 'exp', 'key-value', 'k')).toBeGreaterThan(40);
    expect(
      await client.dataHives.getKeySecondsSinceLastOperation(appId, 'exp', 'key-value', 'k'),
    ).toBeGreaterThanOrEqual(0);
    expect(await client.dataHives.getKeyExpirationTTL(appId, 'exp', 'key-value', 'missing')).toBe(-2);
  });
});
