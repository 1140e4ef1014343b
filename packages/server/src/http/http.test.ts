import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  describeEachDb,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type TestServer,
} from '../test-helpers.js';

describeEachDb('console HTTP rules', (server) => {
  it('treats /x and /x/ as the same route', async () => {
    const dev = await registerDeveloper(server());
    for (const url of ['/console/applications', '/console/applications/', '/console/home/myaccount/']) {
      const res = await server().call('GET', url, { authKey: dev.authKey });
      expect(res.statusCode).toBe(200);
    }
    expect((await server().call('GET', '/console/status/')).json().ready).toBe(true);
  });

  it('accepts a JSON body on DELETE, and an empty body sent as application/json', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const withBody = await server().call('DELETE', `/${appId}/console/application`, {
      authKey: dev.authKey,
      body: { confirm: true },
    });
    expect(withBody.statusCode).toBe(200);
    const empty = await server().call('DELETE', '/console/home/logout', {
      authKey: dev.authKey,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey })).statusCode).toBe(401);
  });

  it('accepts raw text/plain bodies', async () => {
    const res = await server().call('POST', '/console/restorepassword', {
      payload: 'email=someone%40example.com',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('answers malformed JSON with 400 {code, message}', async () => {
    const res = await server().call('POST', '/console/home/login', {
      payload: '{"login": "a", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await server().call('POST', '/console/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('console HTTP limits and failures', () => {
  for (const kind of testDbKinds()) {
    describe(kind, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startTestServer(kind, { bodyLimit: 4096 });
      });
      afterAll(async () => {
        await server?.close();
      });

      it('answers a body over the limit with 413 {code, message}', async () => {
        const res = await server.call('POST', '/console/devreg', {
          body: { email: 'big@example.com', password: 'x'.repeat(8000) },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
        const none = await server.app.basalt.dbs.system
          .selectFrom('developers')
          .select('id')
          .where('email', '=', 'big@example.com')
          .executeTakeFirst();
        expect(none).toBeUndefined();
      });

      it('answers an internal failure with a bare 500: no SQL, no stack', async () => {
        const dev = await registerDeveloper(server);
        const appId = await createTestApp(server, dev.authKey);
        // Break the database under the server: the next read of API keys fails inside the driver.
        await server.app.basalt.dbs.system.schema.dropTable('api_keys').execute();
        const res = await server.call('GET', `/${appId}/console/app-info`, { authKey: dev.authKey });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
        expect(res.body).not.toMatch(/api_keys|select|at .*\.ts|stack/i);
      });
    });
  }
});

describe('serving the built console', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-console-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Basalt console</title>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    server = await startTestServer(testDbKinds()[0], { consoleDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the console at / with its assets, and index.html for deep links opened in a browser', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const root = await server.call('GET', '/', { headers: html });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Basalt console');
    const asset = await server.call('GET', '/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const deep = await server.call('GET', '/apps/ABC/data/Person', { headers: html });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps API paths JSON even for a browser', async () => {
    const html = { accept: 'text/html' };
    const api = await server.call('GET', '/console/nothing-here', { headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await server.call('GET', '/console/applications', { headers: html })).statusCode).toBe(401);
    expect((await server.call('GET', '/ABC/console/nothing', { headers: html })).json().code).toBe('NOT_FOUND');
    expect((await server.call('GET', '/apps/ABC')).statusCode).toBe(404);
  });
});
