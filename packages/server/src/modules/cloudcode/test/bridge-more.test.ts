import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from './cloudcode.test-helpers.js';

const CODE = `
class Tools {
  async files() {
    await basalt.files.saveText('notes/a b.txt', 'hello file', true);
    const text = await basalt.files.readText('notes/a b.txt');
    const before = await basalt.files.exists('notes/a b.txt');
    await basalt.files.remove('notes/a b.txt');
    const after = await basalt.files.exists('notes/a b.txt');
    return { text, before, after };
  }

  async counters() {
    const c = basalt.counters.of('c');
    await c.reset();
    await c.incrementAndGet();
    return c.addAndGet(5);
  }

  async cache() {
    await basalt.cache.put('k', { v: 1 });
    return basalt.cache.get('k');
  }

  async fetchLocal() {
    try {
      await basalt.http.fetch('http://127.0.0.1:1/x');
      return 'reached';
    } catch (e) {
      return 'refused: ' + e.message;
    }
  }

  async publish() {
    const r = await Backendless.Messaging.publish('news', 'hi');
    return typeof r.messageId;
  }

  async unknownOp() {
    try {
      await basalt.call('messaging.fax', { to: '555' });
      return 'sent';
    } catch (e) {
      return e.message;
    }
  }
}
Backendless.ServerCode.addService(Tools);
`;

describeEachDb('cloud code bridge: files, counters, cache, http, messaging', (server) => {
  let f: AppFixture;
  const call = async (method: string) => {
    const res = await f.api('POST', `/services/Tools/${method}`, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await deploy(f, [{ id: 'services/tools.js', content: CODE }]);
  });

  it('saves, reads, finds and removes a file', async () => {
    expect(await call('files')).toEqual({ text: 'hello file', before: true, after: false });
  });

  it('counts and caches', async () => {
    expect(await call('counters')).toBe(6);
    expect(await call('cache')).toEqual({ v: 1 });
  });

  it('refuses a private address to http.fetch and publishes to a channel', async () => {
    expect(await call('fetchLocal')).toMatch(/^refused: .*not reachable/);
    expect(await call('publish')).toBe('string');
    expect(await call('unknownOp')).toContain('Unknown operation');
  });
});
