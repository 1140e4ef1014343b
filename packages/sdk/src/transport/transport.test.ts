import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { ResponseCache } from './cache.js';
import { CacheTags } from './cache-tags.js';
import { encodeQuery } from './encode.js';
import { RequestError } from './errors.js';
import { TEST_HOST, fakeFetch, recordingClient } from '../test-support/fake-fetch.test-helpers.js';

describe('request building', () => {
  it('prepends the server URL, sends auth-key while a key is set, and keeps absolute URLs', async () => {
    const { client, calls } = recordingClient('K1');
    await client.request.get('/console/x');
    await client.request.get('https://elsewhere.test/y');
    expect(calls).toEqual([
      { url: `${TEST_HOST}/console/x`, method: 'GET', headers: { 'auth-key': 'K1' }, body: undefined },
      { url: 'https://elsewhere.test/y', method: 'GET', headers: { 'auth-key': 'K1' }, body: undefined },
    ]);
    client.setAuthKey(undefined);
    await client.request.get('/console/x');
    expect(calls[2].headers).toEqual({});
  });

  it('keeps paths relative when the server URL is empty', async () => {
    const fake = fakeFetch();
    const client = createClient('', undefined, { fetch: fake.fetch, cache: new ResponseCache() });
    await client.request.get('/console/status');
    expect(fake.calls[0].url).toBe('/console/status');
  });

  it('encodes queries: undefined skipped, arrays repeated, null as text, values escaped', () => {
    expect(encodeQuery({ a: undefined, b: ['x', 'y z'], c: null, d: 1, e: true, 'f&': 'a=b' })).toBe(
      'b=x&b=y%20z&c=null&d=1&e=true&f%26=a%3Db',
    );
    expect(encodeQuery({})).toBe('');
  });

  it('sends JSON, raw strings, form text and multipart bodies, and a JSON body on DELETE', async () => {
    const { client, calls } = recordingClient();
    await client.request.post('/a', { x: 1 });
    await client.request.put('/b', 'raw text');
    await client.request.post('/c', 'email=a%40b.c', {
      contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
    });
    const form = new FormData();
    form.append('file', new Blob(['hi']), 'hi.txt');
    await client.request.post('/d', form);
    await client.request.delete('/e', ['id1', 'id2']);
    expect(calls.map((c) => [c.method, c.headers, c.body])).toEqual([
      ['POST', { 'auth-key': 'test-key', 'Content-Type': 'application/json' }, '{"x":1}'],
      ['PUT', { 'auth-key': 'test-key' }, 'raw text'],
      [
        'POST',
        { 'auth-key': 'test-key', 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        'email=a%40b.c',
      ],
      ['POST', { 'auth-key': 'test-key' }, form],
      ['DELETE', { 'auth-key': 'test-key', 'Content-Type': 'application/json' }, '["id1","id2"]'],
    ]);
  });

  it('encodes raw path segments once and leaves already-encoded ones alone', async () => {
    const { client, calls } = recordingClient();
    await client.request.get('/app/files/my folder/a%20b.txt');
    expect(calls[0].url).toBe(`${TEST_HOST}/app/files/my%20folder/a%20b.txt`);
  });

  it('answers the parsed JSON body, text when it is not JSON, undefined when empty', async () => {
    const { client, reply } = recordingClient();
    reply({ body: { a: 1 } });
    reply({ body: 'plain' });
    reply({ status: 204 });
    expect(await client.request.get('/1')).toEqual({ a: 1 });
    expect(await client.request.get('/2')).toBe('plain');
    expect(await client.request.get('/3')).toBeUndefined();
  });

  it('runs the middleware after auth-key is set and before the channel rewrite', async () => {
    const seen: string[] = [];
    const { client, calls } = recordingClient('K', {
      communityURL: 'http://community.test',
      middleware: (req) => {
        seen.push(`${req.transport} ${req.path} ${req.headers['auth-key']}`);
        req.headers['x-trace'] = '1';
      },
    });
    await client.request.community.get('/console/community/profile');
    expect(seen).toEqual(['community /console/community/profile K']);
    expect(calls[0]).toEqual({
      url: 'http://community.test/profile',
      method: 'GET',
      headers: { 'auth-key': 'K', 'x-trace': '1' },
      body: undefined,
    });
  });
});

describe('errors', () => {
  async function failure(replyInit: Parameters<ReturnType<typeof fakeFetch>['reply']>[0]): Promise<RequestError> {
    const { client, reply } = recordingClient();
    reply(replyInit);
    return client.request.get('/x').then(
      () => {
        throw new Error('expected a rejection');
      },
      (err: RequestError) => err,
    );
  }

  it('takes the message and code from a JSON body', async () => {
    const err = await failure({ status: 409, body: { code: 'CONFLICT', message: 'Taken' }, headers: { 'x-a': 'b' } });
    expect(err).toBeInstanceOf(RequestError);
    expect({ message: err.message, code: err.code, status: err.status, body: err.body }).toEqual({
      message: 'Taken',
      code: 'CONFLICT',
      status: 409,
      body: { code: 'CONFLICT', message: 'Taken' },
    });
    expect(err.headers['x-a']).toBe('b');
  });

  it('uses a string body as the message, else the status line', async () => {
    expect((await failure({ status: 400, body: 'Bad thing' })).message).toBe('Bad thing');
    const empty = await failure({ status: 404, statusText: 'Not Found' });
    expect([empty.message, empty.status, empty.body]).toEqual(['Status Code 404 (Not Found)', 404, undefined]);
  });

  it('maps 502 and unreachable servers to "No connection with server"', async () => {
    const gw = await failure({ status: 502, body: { message: 'upstream died' } });
    expect([gw.message, gw.status]).toEqual(['No connection with server', 502]);
    const down = await failure({ networkError: true });
    expect([down.message, down.status]).toEqual(['No connection with server', 0]);
  });

  it('rejects with the route-builder error before sending when a path parameter is missing', async () => {
    const { client, calls } = recordingClient();
    await expect(client.apps.renameApp(undefined as unknown as string, 'x')).rejects.toThrow(
      'Invalid path params in route [apps.renameApp], arguments: [null]',
    );
    expect(() => client.request.routeSpec({ name: 'x.y', method: 'GET', path: '/:a/b/:c' }, ['A'])).toThrow(
      'Invalid path params in route [x.y], arguments: ["A"]',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('destroy', () => {
  it('rejects every later request with "Client has been destroyed" and stops the middleware', async () => {
    let middlewareCalls = 0;
    const { client, calls } = recordingClient('K', { middleware: () => void middlewareCalls++ });
    await client.request.get('/before');
    client.destroy();
    await expect(client.request.get('/after')).rejects.toThrow('Client has been destroyed');
    await expect(client.apps.getApps()).rejects.toThrow('Client has been destroyed');
    await expect(client.request.billing.get('/x')).rejects.toThrow('Client has been destroyed');
    expect(calls).toHaveLength(1);
    expect(middlewareCalls).toBe(1);
  });
});

describe('special channels', () => {
  it('send to their own hosts, strip their prefixes and add billing basic auth', async () => {
    const { client, calls } = recordingClient('K', {
      billingURL: 'http://billing.test',
      billingAuth: 'dXNlcjpwYXNz',
      communityURL: 'http://community.test',
      sqlServiceURL: 'http://sql.test',
      automationURL: 'http://auto.test',
      nodeApiURL: 'http://node.test',
    });
    await client.request.billing.get('/console/billing/plans');
    await client.request.community.get('/console/community/marketplace/x');
    await client.request.sqlService.post('/api/sql/run', { q: 1 });
    await client.request.automation.post('/console/automation/management/W/activatedev');
    await client.request.automation.get('/api/app/A/automation/flows');
    await client.request.nodeAPI.get('/api/node-server/health');
    expect(calls.map((c) => [c.url, c.headers])).toEqual([
      ['http://billing.test/console/billing/plans', { 'auth-key': 'K', Authorization: 'Basic dXNlcjpwYXNz' }],
      ['http://community.test/marketplace/x', { 'auth-key': 'K' }],
      ['http://sql.test/api/sql/run', { 'auth-key': 'K', 'Content-Type': 'application/json' }],
      ['http://auto.test/management/W/activatedev', { 'auth-key': 'K' }],
      ['http://auto.test/api/app/A/automation/flows', { 'auth-key': 'K' }],
      ['http://node.test/health', { 'auth-key': 'K' }],
    ]);
  });

  it('fall back to the main host, unchanged paths and no basic auth', async () => {
    const { client, calls } = recordingClient('K', { billingAuth: 'ignored' });
    await client.request.billing.get('/console/billing/plans');
    await client.request.community.get('/console/community/x');
    await client.request.automation.get('/console/automation/y');
    await client.request.nodeAPI.get('/api/node-server/z');
    await client.request.sqlService.get('/s');
    expect(calls.map((c) => [c.url, c.headers])).toEqual([
      [`${TEST_HOST}/console/billing/plans`, { 'auth-key': 'K' }],
      [`${TEST_HOST}/console/community/x`, { 'auth-key': 'K' }],
      [`${TEST_HOST}/console/automation/y`, { 'auth-key': 'K' }],
      [`${TEST_HOST}/api/node-server/z`, { 'auth-key': 'K' }],
      [`${TEST_HOST}/s`, { 'auth-key': 'K' }],
    ]);
    expect(client.request.api).toBe(client);
  });
});

describe('CacheTags', () => {
  it('builds the tag strings, and RegExps for cloud-code tags without an app', () => {
    expect([
      CacheTags.TABLE_DATA('t'),
      CacheTags.VIEW_DATA('v'),
      CacheTags.VIEW_GROUP_DATA('v'),
      CacheTags.FOLDER('a', 'f'),
      CacheTags.CHANNEL_DEVICES('c'),
    ]).toEqual(['TABLE_DATA-t', 'VIEW_DATA-v', 'VIEW_GROUP_DATA-v', 'FOLDER-a-f', 'CHANNEL_DEVICES-c']);
    expect(CacheTags.BL_MODELS('a')).toBe('BL_MODELS-a');
    const any = CacheTags.BL_CHAIN() as RegExp;
    expect(any).toBeInstanceOf(RegExp);
    expect(any.test('BL_CHAIN-xyz')).toBe(true);
    expect(any.test('BL_MODELS-xyz')).toBe(false);
  });
});
