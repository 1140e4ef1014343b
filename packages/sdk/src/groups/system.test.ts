import { describe, expect, it, vi } from 'vitest';
import { TEST_HOST as H, recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { STATUS_DEPRECATION } from './system.js';

const KEY = { 'auth-key': 'test-key' };
const STATUS = { ready: true, version: '0.1.0', database: 'sqlite', mail: 'log', areas: {} };

describe('system group: request shapes', () => {
  it('loadStatus, loadMainMenu and warning', async () => {
    const { client, calls } = recordingClient();
    await client.system.loadStatus();
    await client.system.loadMainMenu();
    await client.warning('A');
    expect(calls).toEqual([
      { url: `${H}/console/status`, method: 'GET', headers: KEY, body: undefined },
      { url: `${H}/api/console/main-menu/items`, method: 'GET', headers: KEY, body: undefined },
      { url: `${H}/A/console/warning`, method: 'GET', headers: KEY, body: undefined },
    ]);
  });
});

describe('status memo', () => {
  it('shares one request between calls unless forced', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson(STATUS);
    replyJson({ ...STATUS, version: '2' });
    const [a, b] = await Promise.all([client.system.loadStatus(), client.system.loadStatus()]);
    const c = await client.system.loadStatus();
    expect([a, b, c]).toEqual([STATUS, STATUS, STATUS]);
    expect(calls).toHaveLength(1);
    expect((await client.system.loadStatus(true)).version).toBe('2');
    expect((await client.system.loadStatus()).version).toBe('2');
    expect(calls).toHaveLength(2);
  });

  it('drops the memo when the call fails and re-throws, so the next call asks again', async () => {
    const { client, calls, reply, replyJson } = recordingClient();
    reply({ status: 502 });
    await expect(client.system.loadStatus()).rejects.toMatchObject({
      message: 'No connection with server',
      status: 502,
    });
    replyJson(STATUS);
    expect(await client.system.loadStatus()).toEqual(STATUS);
    expect(calls).toHaveLength(2);
  });

  it('status(force) is a deprecated alias sharing the same memo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { client, calls, replyJson } = recordingClient();
      replyJson(STATUS);
      expect(await client.status()).toEqual(STATUS);
      expect(await client.system.loadStatus()).toEqual(STATUS);
      await client.status(true);
      expect(calls).toHaveLength(2);
      expect(warn.mock.calls).toEqual([[STATUS_DEPRECATION], [STATUS_DEPRECATION]]);
    } finally {
      warn.mockRestore();
    }
  });
});
