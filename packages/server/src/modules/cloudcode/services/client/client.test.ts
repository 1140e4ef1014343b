import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transform } from 'esbuild';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients, registerDeveloper } from '../../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../../appapi/appapi.test-helpers.js';
import { deploy } from '../../test/cloudcode.test-helpers.js';

const SHOP = `class Shop {
  /**
   * Greets.
   * @param {string} name
   */
  hello(name) { return 'Hello, ' + name; }

  /**
   * @param {string} x
   * @param {number} n
   */
  getItems(x, n) { return { x, n }; }

  /**
   * @param {number} a
   * @param {number} b
   */
  sum(a, b) { return a + b; }

  /**
   * @route GET /orders/{id}
   * @param {string} id
   */
  order(id) { return 'order ' + id; }

  delete() { return 'deleted'; }
}
Backendless.ServerCode.addService(Shop);
`;

describeEachDb('generated service clients', (server) => {
  let f: AppFixture;
  let url: string;
  let serviceId: string;
  let dir: string;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    await deploy(f, [{ id: 'services/shop.js', content: SHOP }]);
    serviceId = (await f.console('GET', '/localservices')).json()[0].id;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'basalt-client-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /** Writes the module and imports it, configured for the app's REST key. */
  async function load(source: string, file: string) {
    const at = path.join(dir, file);
    await fs.writeFile(at, source);
    const mod = await import(pathToFileURL(at).href);
    mod.configure({ serverURL: url, apiKey: f.keys.REST });
    return mod;
  }

  it('JS: an ES module whose functions call the service through the app API', async () => {
    const res = await fetch(`${url}/${f.appId}/console/${f.dev.authKey}/localservices/${serviceId}/JS/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Shop.js"');
    const source = await res.text();
    expect(source).toContain('export async function hello(name)');
    const shop = await load(source, 'shop.mjs');
    expect(await shop.hello('Ann')).toBe('Hello, Ann');
    expect(await shop.getItems('y', 3)).toEqual({ x: 'y', n: 3 });
    expect(await shop.sum(2, 3)).toBe(5);
    expect(await shop.order('a b/7')).toBe('order a b/7');
    expect(await shop.delete_()).toBe('deleted');
    await expect(shop.sum('x', 1)).rejects.toMatchObject({ status: 400 });
  });

  it('TS through our SDK: typed, and it compiles to the same working module', async () => {
    const bl = createBasaltClient(url, f.dev.authKey).bl;
    const source = await bl.downloadServiceClient(f.appId, serviceId, 'ts');
    expect(source).toContain('export async function sum(a: number, b: number): Promise<unknown>');
    expect(bl.serviceClientDownloadUrl(f.appId, serviceId, 'TS')).toBe(
      `${url}/${f.appId}/console/${f.dev.authKey}/localservices/${serviceId}/TS/download`,
    );
    const js = await transform(source, { loader: 'ts', format: 'esm' });
    const shop = await load(js.code, 'shop-ts.mjs');
    expect(await shop.hello('Bo')).toBe('Hello, Bo');
  });

  it('other languages are 400 naming them; a wrong key 401; another developer 404; an unknown service 404', async () => {
    const get = (key: string, id = serviceId, lang = 'JS') =>
      fetch(`${url}/${f.appId}/console/${key}/localservices/${id}/${lang}/download`);
    const java = await get(f.dev.authKey, serviceId, 'JAVA');
    expect(java.status).toBe(400);
    expect((await java.json()).message).toContain("'JAVA'");
    expect((await get('not-a-key')).status).toBe(401);
    const stranger = await registerDeveloper(server());
    expect((await get(stranger.authKey)).status).toBe(404);
    const missing = await get(f.dev.authKey, 'NO-SUCH-ID');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toContain("'NO-SUCH-ID'");
  });
});
