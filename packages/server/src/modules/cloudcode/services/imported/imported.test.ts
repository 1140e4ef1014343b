import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../../appapi/appapi.test-helpers.js';
import { ApiError } from '../../../../http/api-error.js';
import { invokeImported } from './invoke.js';
import { stringify as stringifyYaml } from 'yaml';

// A local stand-in for a remote REST API (node:http on 127.0.0.1, reachable because the suite
// allows private addresses, as the Lambda tests do) serves its own OpenAPI document and checks
// the API key each proxied call carries.
const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;
type Sdk = typeof Backendless & { APIServices: { invoke(s: string, m: string, a?: unknown): Promise<unknown> } };

const API_KEY = 'k-9f2c41a7';

/** OpenAPI 3: a relative server URL, an API key scheme, path/query/header/body parameters. */
const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pet Store', version: '2.1.0', description: 'Pets on sale' },
  servers: [{ url: '/v1' }],
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Shop-Key' } },
    parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
  },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', summary: 'Lists pets', parameters: [{ $ref: '#/components/parameters/limit' }] },
      post: {
        operationId: 'create-pet',
        parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { summary: 'One pet' },
      delete: { operationId: 'removePet' },
    },
  },
};

/** Swagger 2 with its host and base path. */
const SWAGGER = (host: string) => ({
  swagger: '2.0',
  info: { title: 'old-api', version: '1' },
  host,
  basePath: '/v1',
  schemes: ['http'],
  paths: {
    '/pets/{petId}': {
      get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer' }] },
    },
  },
});

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describeEachDb(
  'imported API services (OpenAPI / Swagger)',
  (server) => {
    let f: AppFixture;
    let remote: http.Server;
    let origin: string;
    let url: string;
    const seen: Seen[] = [];

    beforeAll(async () => {
      f = await appFixture(server());
      url = await listenForClients(server());
      remote = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const s = {
            method: req.method!,
            url: req.url!,
            headers: req.headers,
            body: Buffer.concat(chunks).toString(),
          };
          seen.push(s);
          const send = (status: number, value: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(value));
          };
          const u = new URL(s.url, 'http://x');
          if (u.pathname === '/openapi.json') return send(200, PETS);
          if (u.pathname === '/swagger.json') return send(200, SWAGGER(new URL(origin).host));
          if (u.pathname === '/openapi.yaml') {
            res.writeHead(200, { 'content-type': 'application/yaml' });
            return res.end(stringifyYaml({ ...PETS, info: { title: 'FromYamlUrl', version: '1' } }));
          }
          if (u.pathname === '/slow') return setTimeout(() => send(200, {}), 5_000);
          if (s.headers['x-shop-key'] !== API_KEY) return send(401, { message: 'missing or wrong key' });
          const pet = /^\/v1\/pets\/(\d+)$/.exec(u.pathname);
          if (s.method === 'GET' && u.pathname === '/v1/pets')
            return send(200, { pets: ['rex', 'tom'], limit: u.searchParams.get('limit') });
          if (s.method === 'POST' && u.pathname === '/v1/pets')
            return send(201, { created: JSON.parse(s.body), trace: s.headers['x-trace'] ?? null });
          if (pet && s.method === 'GET')
            return pet[1] === '9' ? send(404, { message: 'no pet 9' }) : send(200, { id: Number(pet[1]), name: 'rex' });
          if (pet && s.method === 'DELETE') {
            res.writeHead(204);
            return res.end();
          }
          send(500, { message: 'unexpected' });
        });
      });
      await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

    it('imports by serviceURL through our SDK: operations become methods, the base URL comes from the document', async () => {
      const bl = createBasaltClient(url, f.dev.authKey).bl;
      const created = await bl.importService(f.appId, { serviceURL: `${origin}/openapi.json` });
      expect(created).toMatchObject({ name: 'PetStore', version: '2.1.0', type: 'IMPORTED', model: 'default' });
      const methods = await bl.getServiceMethods(f.appId, created.id);
      expect(methods.map((m) => `${m.method} ${m.path} ${m.name}`)).toEqual([
        'GET /pets listPets',
        'POST /pets createPet',
        'GET /pets/{petId} getPetsByPetId',
        'DELETE /pets/{petId} removePet',
      ]);
      expect(methods[0].params).toEqual([{ name: 'limit', type: 'number', required: false, in: 'query' }]);
      expect(methods[1].params.map((p) => `${p.name}:${p.in}:${p.required}`)).toEqual([
        'X-Trace:header:false',
        'body:body:true',
      ]);

      const config = await bl.loadServiceConfig(f.appId, created.id);
      expect(config.find((c) => c.name === 'baseUrl')).toMatchObject({ value: `${origin}/v1`, required: true });
      expect(config.find((c) => c.name === 'authType')).toMatchObject({ value: 'apiKey' });
      expect(config.find((c) => c.name === 'apiKeyHeader')).toMatchObject({ value: 'X-Shop-Key' });

      const spec = await bl.getServiceSpec(f.appId, created.id);
      expect((spec as { methods: Record<string, unknown> }).methods.listPets).toMatchObject({
        type: 'get',
        path: '/services/PetStore/pets',
      });
    });

    it('invokes through the app API: path, query, header and body parameters reach the remote API with the sealed key', async () => {
      // The document asks for an API key: until one is set a call says so and nothing is sent.
      seen.length = 0;
      const refused = await f.api('GET', '/services/PetStore/pets?limit=2');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain('API key');
      expect(seen).toEqual([]);

      const svc = (await f.console('GET', '/localservices'))
        .json()
        .find((s: { name: string }) => s.name === 'PetStore');
      const set = await f.console('POST', `/localservices/generic/configure/${svc.id}`, { apiKey: API_KEY });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.body).not.toContain(API_KEY);
      expect(set.json().find((c: { name: string }) => c.name === 'apiKey').value).toBe('********');
      const stored = await server()
        .app.basalt.dbs.system.selectFrom('cc_service_config' as never)
        .select('values_json' as never)
        .execute();
      expect(JSON.stringify(stored)).not.toContain(API_KEY);

      seen.length = 0;
      const list = await f.api('GET', '/services/PetStore/pets?limit=2');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual({ pets: ['rex', 'tom'], limit: '2' });
      expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/pets?limit=2' });
      expect(seen[0].headers['x-shop-key']).toBe(API_KEY);

      // By name (the SDK's form) with the arguments keyed by name.
      const one = await f.api('POST', '/services/PetStore/getPetsByPetId', { body: { petId: 7 } });
      expect(one.json()).toEqual({ id: 7, name: 'rex' });
      const created = await f.api('POST', '/services/PetStore/createPet', {
        body: { 'X-Trace': 't-1', body: { name: 'Bo' } },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toEqual({ created: { name: 'Bo' }, trace: 't-1' });
      // By its own route: the body is the body parameter.
      const routed = await f.api('POST', '/services/PetStore/pets', { body: { name: 'Cy' } });
      expect(routed.json()).toEqual({ created: { name: 'Cy' }, trace: null });
      const removed = await f.api('DELETE', '/services/PetStore/pets/3');
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toBeNull();

      const missing = await f.api('GET', '/services/PetStore/pets/9');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('404');
      expect(missing.json().message).toContain('no pet 9');
      // A wrong key: the remote API's 401 is a remote error naming the status and its message.
      await f.console('POST', `/localservices/generic/configure/${svc.id}`, { apiKey: 'wrong' });
      const refusedRemote = await f.api('GET', '/services/PetStore/pets');
      expect(refusedRemote.statusCode).toBe(400);
      expect(refusedRemote.json().message).toContain('401');
      expect(refusedRemote.json().message).toContain('missing or wrong key');
      await f.console('POST', `/localservices/generic/configure/${svc.id}`, { apiKey: API_KEY });

      const wrongType = await f.api('GET', '/services/PetStore/pets/abc');
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toContain("'petId'");
      const unknown = await f.api('POST', '/services/PetStore/feedPet', { body: {} });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toContain("'feedPet'");
    });

    it('the published backendless SDK invokes an imported method (Backendless.APIServices.invoke)', async () => {
      const sdk = Backendless.initApp({
        serverURL: url,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as Sdk;
      expect(await sdk.APIServices.invoke('PetStore', 'getPetsByPetId', { petId: 5 })).toEqual({ id: 5, name: 'rex' });
    });

    it('imports through backendless-console-sdk@3.0.0 by {service} and by URL (Swagger 2)', async () => {
      const bl = createReferenceClient(url, f.dev.authKey).bl;
      const fromObject = await bl.importService(f.appId, { service: { ...PETS, info: { title: 'Shop Two' } } });
      expect(fromObject).toMatchObject({ name: 'ShopTwo', type: 'IMPORTED', version: '1.0.0' });
      // A relative server URL with no document URL: no default base URL, calls say what to set.
      const noBase = await f.api('POST', '/services/ShopTwo/listPets', { body: {} });
      expect(noBase.statusCode).toBe(400);
      expect(noBase.json().message).toContain("'baseUrl'");

      const old = await bl.importService(f.appId, { serviceURL: `${origin}/swagger.json` });
      expect(old).toMatchObject({ name: 'OldApi', version: '1' });
      const config = await bl.loadServiceConfig(f.appId, old.id);
      expect(config.find((c: { name: string }) => c.name === 'baseUrl').value).toBe(`${origin}/v1`);
      await bl.setServiceConfig(f.appId, old.id, { authType: 'apiKey', apiKeyHeader: 'X-Shop-Key', apiKey: API_KEY });
      expect((await f.api('GET', '/services/OldApi/pets/4')).json()).toEqual({ id: 4, name: 'rex' });

      await expect(bl.importService(f.appId, { serviceURL: `${origin}/openapi.json` })).rejects.toMatchObject({
        status: 409,
      });
      await bl.deleteService(f.appId, old.id);
      expect((await f.api('GET', '/services/OldApi/pets/4')).statusCode).toBe(404);
    });

    it('a remote API past the deadline is CLOUD_CODE_TIMEOUT; header values cannot carry other headers', async () => {
      const slow = { name: 'wait', method: 'GET', path: '/slow', params: [] };
      const started = Date.now();
      const err = await invokeImported(
        'Slow',
        slow,
        [],
        { baseUrl: origin, authType: 'none' },
        {
          allowPrivate: true,
          timeoutMs: 300,
        },
      ).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: 'CLOUD_CODE_TIMEOUT' });

      const smuggle = await f.api('POST', '/services/PetStore/createPet', {
        body: { 'X-Trace': 'a\r\nX-Admin: 1', body: {} },
      });
      expect(smuggle.statusCode).toBe(400);
      expect(smuggle.json().message).toContain("'X-Trace'");
      const bearer = await invokeImported(
        'PetStore',
        { name: 'listPets', method: 'GET', path: '/pets', params: [] },
        [],
        { baseUrl: `${origin}/v1`, authType: 'bearer', bearerToken: 'tok\nX-Shop-Key: k' },
        { allowPrivate: true },
      ).catch((e: unknown) => e);
      expect(bearer).toMatchObject({ status: 400 });
    });

    it('imports an uploaded JSON file (multipart); YAML and bad documents are 400s naming the problem', async () => {
      const upload = (name: string, content: string, field = 'file') => {
        const boundary = 'importboundary';
        return server().call('POST', `/${f.appId}/console/localservices/import`, {
          authKey: f.dev.authKey,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload:
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
        });
      };
      const ok = await upload('uploaded.json', JSON.stringify({ ...PETS, info: { title: 'Uploaded', version: '3' } }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ name: 'Uploaded', type: 'IMPORTED' });

      // YAML, uploaded or fetched, reads as the same operations as JSON.
      const yaml = await upload('api.yaml', stringifyYaml({ ...PETS, info: { title: 'FromYaml', version: '1' } }));
      expect(yaml.statusCode, yaml.body).toBe(200);
      const yamlByUrl = await f.console('POST', '/localservices/import', { serviceURL: `${origin}/openapi.yaml` });
      expect(yamlByUrl.statusCode, yamlByUrl.body).toBe(200);
      const methodsOf = async (id: string) =>
        ((await f.console('GET', `/localservices/${id}/methods`)).json() as Array<{ name: string }>)
          .map((m) => m.name)
          .sort();
      expect(await methodsOf(yaml.json().id)).toEqual(await methodsOf(ok.json().id));
      expect(await methodsOf(yamlByUrl.json().id)).toEqual(await methodsOf(ok.json().id));
      // An alias bomb is refused before it is expanded; YAML that is not a mapping is named.
      const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i < 12; i++) {
        const prev = String.fromCharCode(96 + i);
        const next = String.fromCharCode(97 + i);
        bomb.push(`${next}: &${next} [${Array(10).fill(`*${prev}`).join(', ')}]`);
      }
      const exploded = await upload('bomb.yaml', bomb.join('\n') + '\n');
      expect(exploded.statusCode).toBe(400);
      expect(exploded.json().message).toContain('YAML');
      const scalar = await upload('scalar.yaml', 'just words\n');
      expect(scalar.statusCode).toBe(400);
      expect(scalar.json().message).toContain('must hold an object');
      const notJson = await upload('x.json', '{"openapi": ');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().message).toContain('not valid JSON');
      const notOpenApi = await f.console('POST', '/localservices/import', { service: { hello: 1 } });
      expect(notOpenApi.statusCode).toBe(400);
      expect(notOpenApi.json().message).toContain('OpenAPI 3');
      const noOps = await f.console('POST', '/localservices/import', { service: { openapi: '3.0.0', paths: {} } });
      expect(noOps.statusCode).toBe(400);
      expect(noOps.json().message).toContain('no operations');
      const nothing = await f.console('POST', '/localservices/import', {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toContain('serviceURL');
      const badUrl = await f.console('POST', '/localservices/import', { serviceURL: 'file:///etc/passwd' });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json().message).toContain("'serviceURL'");
      const big = await upload('big.json', `{"openapi":"3.0.0","x":"${'a'.repeat(2 * 1024 * 1024)}"}`);
      expect(big.statusCode).toBe(413);
    });
  },
  { remoteFetchPrivate: true },
);

describeEachDb('imported API services without private fetching', (server) => {
  it('refuses a loopback serviceURL and a loopback base URL at call time', async () => {
    const f = await appFixture(server());
    const byUrl = await f.console('POST', '/localservices/import', { serviceURL: 'http://127.0.0.1:9/openapi.json' });
    expect(byUrl.statusCode).toBe(400);
    expect(byUrl.json().message).toContain('BASALT_REMOTE_FETCH_PRIVATE');

    const created = await f.console('POST', '/localservices/import', {
      service: { ...PETS, servers: [{ url: 'http://127.0.0.1:9/v1' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const set = await f.console('POST', `/localservices/generic/configure/${created.json().id}`, { authType: 'none' });
    expect(set.statusCode, set.body).toBe(200);
    const res = await f.api('POST', '/services/PetStore/listPets', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('BASALT_REMOTE_FETCH_PRIVATE');
  });
});
