import http from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { listenForClients, startTestServer, testDbKinds, type TestServer } from '../test-helpers.js';

// The published reference client, unchanged, on Settings › CORS and Settings › Domains, and what
// the app API then answers browsers (CORS) and requests for a custom domain's host name.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with headers fetch would not send as given (Host), over real HTTP. */
function send(base: string, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The message of a refused reference-client call. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { status?: number; message?: string };
    return { status: e.status ?? 0, message: String(e.message) };
  }
  throw new Error('the call was not refused');
}

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: CORS origins and custom domains [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let authKey: string;
    let appId: string;
    let jsKey: string;
    let other: { appId: string; jsKey: string };

    const preflight = (origin: string) =>
      send(
        url,
        `/${appId}/${jsKey}/data/Person`,
        {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, user-token',
        },
        'OPTIONS',
      );

    const newApp = async (appName: string) => {
      const id = (await client.apps.createApp({ appName })).id as string;
      return { appId: id, jsKey: (await client.settings.getAppSettings(id)).apiKeysMap.JS as string };
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);
      client = createClient(url);
      const email = `refdomains${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      authKey = (await client.user.login(email, 'reference password 1')).authKey;
      ({ appId, jsKey } = await newApp('Shop'));
      other = await newApp('Other');
      for (const [app, text] of [
        [appId, '<h1>Shop</h1>'],
        [other.appId, '<h1>Other</h1>'],
      ] as const) {
        await client.files.createFile(app, 'web/index.html', text);
        await client.files.createFile(app, 'web/docs/index.html', `${text} docs`);
      }
      await client.tables.create(appId, { name: 'Person' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('grants CORS to any origin while no list is set', async () => {
      const res = await preflight('https://evil.example');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });

    it('updateDomainNames: a listed origin gets the grant, preflight and answer; another gets none', async () => {
      // The reference client takes the typed text and splits it on whitespace.
      const saved = await client.settings.updateDomainNames(appId, 'https://good.example  HTTP://Localhost:3000/');
      expect(saved).toEqual(['https://good.example', 'http://localhost:3000']);
      // Basalt's own getter (the reference client has none).
      const got = await fetch(`${url}/${appId}/console/domaincontrolsettings`, { headers: { 'auth-key': authKey } });
      expect(await got.json()).toEqual(saved);

      const good = await preflight('https://good.example');
      expect(good.status).toBe(204);
      expect(good.headers['access-control-allow-origin']).toBe('https://good.example');
      expect(good.headers.vary).toMatch(/Origin/);
      expect(good.headers['access-control-allow-methods']).toContain('POST');
      expect(good.headers['access-control-allow-headers']).toBe('content-type, user-token');

      const evil = await preflight('https://evil.example');
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      expect(evil.headers.vary).toMatch(/Origin/);

      // Answers too, on Fastify's routes and on the fast lane (a repeated create).
      const create = (origin: string) =>
        send(url, `/${appId}/${jsKey}/data/Person`, { origin, 'content-type': 'application/json' }, 'POST', '{}');
      const taken = server.app.basalt.fastLane!.taken;
      for (let i = 0; i < 2; i++) {
        const ok = await create('https://good.example');
        expect(ok.status).toBe(200);
        expect(ok.headers['access-control-allow-origin']).toBe('https://good.example');
        const no = await create('https://evil.example');
        expect(no.status).toBe(200);
        expect(no.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect(server.app.basalt.fastLane!.taken).toBeGreaterThan(taken);
      const find = await send(url, `/${appId}/${jsKey}/data/Person`, { origin: 'http://localhost:3000' });
      expect(find.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    });

    it('the published backendless app SDK still works with a list set', async () => {
      const sdk = Backendless.initApp({ serverURL: url, appId, apiKey: jsKey, standalone: true } as never) as any;
      const saved = await sdk.Data.of('Person').save({ name: 'Ada' });
      expect(saved.objectId).toBeTruthy();
      const found = await sdk.Data.of('Person').find({ where: "name = 'Ada'" });
      expect(found).toHaveLength(1);
    });

    it('refuses what is not an origin with a 400 naming it, and an empty list grants any origin again', async () => {
      for (const bad of ['ftp://files.example', 'https://good.example/path', 'good.example']) {
        const r = await refusal(client.settings.updateDomainNames(appId, bad));
        expect(r.status).toBe(400);
        expect(r.message).toContain(`'${bad}' is not an origin`);
      }
      expect(await client.settings.updateDomainNames(appId, '')).toEqual([]);
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBe('*');
    });

    it('a custom domain reaches its app: API with the JS key, web files, index.html for folders', async () => {
      const created = await client.settings.createCustomDomain(appId, { domainName: 'Shop.Example.com' });
      expect(created).toMatchObject({ domainName: 'shop.example.com', status: 'PENDING', generated: false });
      expect(created.dnsRecords).toEqual([{ type: 'CNAME', host: 'shop.example.com', value: 'localhost' }]);

      const home = await send(url, '/', { host: 'SHOP.example.com:8443' });
      expect(home.status).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.body).toBe('<h1>Shop</h1>');
      expect((await send(url, '/docs/', { host: 'shop.example.com' })).body).toBe('<h1>Shop</h1> docs');
      expect((await send(url, '/docs', { host: 'shop.example.com' })).body).toBe('<h1>Shop</h1> docs');
      expect((await send(url, '/missing.html', { host: 'shop.example.com' })).status).toBe(404);

      const api = await send(url, '/api/data/Person', { host: 'shop.example.com' });
      expect(api.status).toBe(200);
      expect(JSON.parse(api.body).length).toBeGreaterThan(0);
      const roles = await send(url, '/api/users/userroles', { host: 'shop.example.com' });
      expect(JSON.parse(roles.body)).toEqual(['JSUser', 'NotAuthenticatedUser']);

      // The first request showed the DNS works: the domain is active (recorded beside the request).
      await expect
        .poll(async () => (await client.settings.getCustomDomains(appId))[0], { timeout: 3000 })
        .toMatchObject({ id: created.id, status: 'ACTIVE', verifiedAt: expect.any(Number) });
    });

    it('never serves another app’s files: by Host, by path or without a domain', async () => {
      await client.settings.createCustomDomain(other.appId, { domainName: 'other.example.com' });
      expect((await send(url, '/', { host: 'other.example.com' })).body).toBe('<h1>Other</h1>');
      expect((await send(url, '/', { host: 'shop.example.com' })).body).toBe('<h1>Shop</h1>');
      for (const path of [`/..%2F..%2F${other.appId}/web/index.html`, '/../../index.html', '/%2e%2e/index.html']) {
        const res = await send(url, path, { host: 'shop.example.com' });
        expect(res.body).not.toContain('Other');
      }
      // The site route itself answers nothing to a request that did not come through a domain.
      expect((await send(url, '/.basalt-site/index.html', { host: '127.0.0.1' })).status).toBe(404);
      // An unknown host is routed as usual.
      const plain = await send(url, `/${appId}/${jsKey}/data/Person`, { host: 'unknown.example.net' });
      expect(plain.status).toBe(200);
      expect((await send(url, '/', { host: 'unknown.example.net' })).body).not.toContain('Shop');
    });

    it('refuses a taken domain (409) and what is not a host name (400), naming the problem', async () => {
      const taken = await refusal(client.settings.createCustomDomain(other.appId, { domainName: 'shop.example.com' }));
      expect(taken).toEqual({ status: 409, message: "'shop.example.com' is already used by another app" });
      const again = await refusal(client.settings.createCustomDomain(appId, { domainName: 'shop.example.com' }));
      expect(again).toEqual({ status: 409, message: "'shop.example.com' is already a domain of this app" });
      for (const bad of ['not a host', 'https://shop2.example.com', '127.0.0.1', 'localhost', '-bad.example.com']) {
        const r = await refusal(client.settings.createCustomDomain(appId, { domainName: bad }));
        expect(r.status).toBe(400);
        expect(r.message).toContain(`'${bad}' is not a host name`);
      }
    });

    it('assigns a generated domain, changes and deletes a domain, and the older dnsmapping route', async () => {
      const generated = await client.settings.assignCustomDomain(appId, { prefix: 'My Shop' });
      expect(generated.domainName).toMatch(/^my-shop-[0-9a-f]{6}\.localhost$/);
      expect(generated).toMatchObject({ generated: true, status: 'ACTIVE', dnsRecords: [] });
      expect((await send(url, '/', { host: generated.domainName })).body).toBe('<h1>Shop</h1>');

      const own = (await client.settings.getCustomDomains(appId)).find((d: { generated: boolean }) => !d.generated);
      const changed = await client.settings.changeCustomDomain(appId, { id: own.id, domainName: 'store.example.com' });
      expect(changed).toMatchObject({ id: own.id, domainName: 'store.example.com', status: 'PENDING' });
      expect((await send(url, '/', { host: 'store.example.com' })).body).toBe('<h1>Shop</h1>');
      expect((await send(url, '/', { host: 'shop.example.com' })).body).not.toContain('Shop');

      // The reference client sends the name as a bare body.
      const mapped = await client.settings.updateCustomDomain(appId, 'www.example.org');
      expect(mapped).toMatchObject({ id: own.id, domainName: 'www.example.org' });

      await client.settings.deleteCustomDomain(appId, own.id);
      expect((await send(url, '/', { host: 'www.example.org' })).body).not.toContain('Shop');
      expect((await client.settings.getCustomDomains(appId)).map((d: { id: string }) => d.id)).toEqual([generated.id]);
      const gone = await refusal(client.settings.deleteCustomDomain(appId, own.id));
      expect(gone.status).toBe(404);
    });
  });
}
