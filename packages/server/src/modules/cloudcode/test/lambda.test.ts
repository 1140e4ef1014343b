import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { ApiError } from '../../../http/api-error.js';
import { SecretBox } from '../../../http/secret-box.js';
import { invokeLambda } from '../services/lambda/invoke.js';

// The published console client creates the service; a local stand-in for AWS Lambda (node:http on
// 127.0.0.1, reachable because the suite allows private addresses) checks each request's SigV4
// signature with the small independent verifier below and answers like Lambda's Invoke does.
const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const KEY_ID = 'AKIDEXAMPLE';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const hex = (d: string) => crypto.createHash('sha256').update(d).digest('hex');
const mac = (k: crypto.BinaryLike, d: string) => crypto.createHmac('sha256', k).update(d).digest();

/** Recomputes the request's signature from what arrived, with the given secret. */
function expectedSignature(seen: Seen, secret: string): { signature: string; scope: string[]; signed: string[] } {
  const auth = String(seen.headers.authorization);
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) throw new Error(`not a SigV4 header: ${auth}`);
  const scope = m[1].split('/').slice(1);
  const signed = m[2].split(';');
  const canonicalUri = seen.url
    .split('?')[0]
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  const canonical = [
    seen.method,
    canonicalUri,
    '',
    signed.map((h) => `${h}:${String(seen.headers[h]).trim()}\n`).join(''),
    m[2],
    hex(seen.body),
  ].join('\n');
  const date = String(seen.headers['x-amz-date']);
  const toSign = ['AWS4-HMAC-SHA256', date, scope.join('/'), hex(canonical)].join('\n');
  const key = mac(mac(mac(mac(`AWS4${secret}`, scope[0]), scope[1]), scope[2]), scope[3]);
  return { signature: crypto.createHmac('sha256', key).update(toSign).digest('hex'), scope: m[1].split('/'), signed };
}

const signatureOf = (seen: Seen) => /Signature=([0-9a-f]{64})$/.exec(String(seen.headers.authorization))![1];

describeEachDb(
  'cloud code AWS Lambda services',
  (server) => {
    let f: AppFixture;
    let lambda: http.Server;
    let endpoint: string;
    const seen: Seen[] = [];

    beforeAll(async () => {
      f = await appFixture(server());
      lambda = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const s: Seen = {
            method: req.method!,
            url: req.url!,
            headers: req.headers,
            body: Buffer.concat(chunks).toString(),
          };
          seen.push(s);
          const fn = decodeURIComponent(req.url!.split('/')[3]);
          if (fn === 'boom') {
            res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
            return res.end(JSON.stringify({ errorMessage: 'the cart is empty', errorType: 'Error' }));
          }
          if (expectedSignature(s, SECRET).signature !== signatureOf(s)) {
            res.writeHead(403, { 'content-type': 'application/json' });
            return res.end(JSON.stringify({ message: 'The request signature we calculated does not match' }));
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ fn, received: JSON.parse(s.body) }));
        });
      });
      await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => lambda.close(() => resolve())));

    it('createAWSLambdaService through backendless-console-sdk@3.0.0: listed, described, secret never answered', async () => {
      const bl = createClient(await listenForClients(server()), f.dev.authKey).bl;
      const created = await bl.createAWSLambdaService(f.appId, {
        name: 'Shop',
        accessKeyId: KEY_ID,
        secretAccessKey: SECRET,
        region: 'eu-west-1',
        endpoint,
        functions: [
          { name: 'checkout', alias: 'live', methodName: 'pay', params: ['cart'] },
          { name: 'boom' },
          { name: 'echo' },
        ],
      });
      expect(created).toMatchObject({ name: 'Shop', type: 'AWS_LAMBDA', language: 'AWS_LAMBDA', model: 'default' });
      expect(created.awsLambda).toMatchObject({
        accessKeyId: KEY_ID,
        region: 'eu-west-1',
        secretAccessKey: '********',
      });

      const services = await bl.getServices(f.appId);
      expect(services.map((s: { name: string }) => s.name)).toEqual(['Shop']);
      const methods = (await f.console('GET', `/localservices/${created.id}/methods`)).json();
      expect(methods.map((m: { name: string; method: string }) => `${m.method} ${m.name}`)).toEqual([
        'POST pay',
        'POST boom',
        'POST echo',
      ]);
      const spec = await bl.getServiceSpec(f.appId, created.id);
      expect(spec.methods.pay).toMatchObject({ id: 'pay', type: 'post', path: '/services/Shop/pay' });

      for (const path of [
        '/localservices',
        `/localservices/${created.id}/methods`,
        `/localservices/${created.id}/api-docs`,
        `/localservices/generic/configure/${created.id}`,
      ]) {
        const res = await f.console('GET', path);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).not.toContain(SECRET);
        expect(res.body, path).not.toContain('K7MDENG');
      }
      expect(JSON.stringify(created)).not.toContain(SECRET);

      const again = await f.console('POST', '/localservices/aws-lambda', {
        name: 'Shop',
        accessKeyId: KEY_ID,
        secretAccessKey: SECRET,
        region: 'eu-west-1',
        functions: [{ name: 'x' }],
      });
      expect(again.statusCode).toBe(409);
    });

    it('invokes the function SigV4-signed with {args, context}; its JSON answer is the result', async () => {
      const user = await f.user();
      seen.length = 0;
      const res = await f.api('POST', '/services/Shop/pay', { body: { cart: [1, 2] }, token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.fn).toBe('checkout:live');
      expect(answer.received.args).toEqual({ cart: [1, 2] });
      expect(answer.received.context.userId).toBe(user.objectId);
      expect(answer.received.context.userRoles).toContain('AuthenticatedUser');
      expect(answer.received.context.headers['user-token']).toBeUndefined();

      expect(seen).toHaveLength(1);
      const s = seen[0];
      expect(s.method).toBe('POST');
      expect(s.url).toBe('/2015-03-31/functions/checkout%3Alive/invocations');
      const { signature, scope, signed } = expectedSignature(s, SECRET);
      expect(signatureOf(s)).toBe(signature);
      expect(scope).toEqual([
        KEY_ID,
        String(s.headers['x-amz-date']).slice(0, 8),
        'eu-west-1',
        'lambda',
        'aws4_request',
      ]);
      expect(signed).toEqual(expect.arrayContaining(['content-type', 'host', 'x-amz-date']));
      expect(expectedSignature(s, 'another secret').signature).not.toBe(signature);
    });

    it("maps X-Amz-Function-Error to 400 CLOUD_CODE_REMOTE_ERROR with the function's errorMessage", async () => {
      const res = await f.api('POST', '/services/Shop/boom', { body: {} });
      expect(res.statusCode, res.body).toBe(400);
      // The app API answers its numeric code; the server-side code is CLOUD_CODE_REMOTE_ERROR.
      expect(res.json()).toEqual({ code: 8000, message: 'the cart is empty' });
      const box = new SecretBox(server().config.dataDir);
      const settings = { accessKeyId: KEY_ID, secretAccessKey: box.seal(SECRET), region: 'eu-west-1', endpoint };
      const context = { userId: null, userRoles: [], headers: {} };
      const err = await invokeLambda(
        { ...settings, functions: [] },
        { name: 'boom' },
        { args: 1, context },
        {
          box,
          allowPrivate: true,
        },
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: 'CLOUD_CODE_REMOTE_ERROR', status: 400, message: 'the cart is empty' });
      expect(
        await invokeLambda(
          { ...settings, functions: [] },
          { name: 'echo' },
          { args: 1, context },
          {
            box,
            allowPrivate: true,
          },
        ),
      ).toMatchObject({ fn: 'echo', received: { args: 1 } });
    });

    it('a wrong secret is refused by the stand-in and answered as a remote error; unknown methods are 404', async () => {
      const created = await f.console('POST', '/localservices/aws-lambda', {
        name: 'WrongKey',
        accessKeyId: KEY_ID,
        secretAccessKey: 'not the secret',
        region: 'eu-west-1',
        endpoint,
        functions: [{ name: 'echo' }],
      });
      expect(created.statusCode, created.body).toBe(200);
      const res = await f.api('POST', '/services/WrongKey/echo', { body: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('AWS Lambda refused the call');
      expect(res.json().message).toContain('403');
      const missing = await f.api('POST', '/services/Shop/nope', { body: {} });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toContain("'nope'");
      expect((await f.console('DELETE', '/localservices/generic', [created.json().id])).statusCode).toBe(200);
      expect((await f.api('POST', '/services/WrongKey/echo', { body: 1 })).statusCode).toBe(404);
    });

    it('bad input is a 400 naming the field', async () => {
      const good = {
        name: 'Bad',
        accessKeyId: KEY_ID,
        secretAccessKey: SECRET,
        region: 'us-east-1',
        functions: [{ name: 'f' }],
      };
      for (const [field, body] of [
        ['region', { ...good, region: undefined }],
        ['region', { ...good, region: 'mars' }],
        ['accessKeyId', { ...good, accessKeyId: undefined }],
        ['secretAccessKey', { ...good, secretAccessKey: '' }],
        ['functions', { ...good, functions: [] }],
        ['functions', { ...good, functions: undefined }],
        ['functions[0].name', { ...good, functions: [{ alias: 'x' }] }],
        ['functions[1].methodName', { ...good, functions: [{ name: 'a' }, { name: 'b', methodName: 'a' }] }],
        ['endpoint', { ...good, endpoint: 'ftp://x' }],
      ] as const) {
        const res = await f.console('POST', '/localservices/aws-lambda', body);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().message, field).toContain(`'${field}'`);
      }
      expect((await f.console('GET', '/localservices')).json().map((s: { name: string }) => s.name)).not.toContain(
        'Bad',
      );
    });

    it('enforces the localservices Invoke permission like JS services', async () => {
      const svc = (await f.console('GET', '/localservices')).json().find((s: { name: string }) => s.name === 'Shop');
      const anon = await f.roleId('NotAuthenticatedUser');
      expect((await f.console('PUT', `/security/localservices/${svc.id}/roles/${anon}/access/DENY`)).statusCode).toBe(
        200,
      );
      seen.length = 0;
      expect((await f.api('POST', '/services/Shop/echo', { body: {} })).statusCode).toBe(403);
      expect(seen).toHaveLength(0);
      await f.console('PUT', `/security/localservices/${svc.id}/roles/${anon}/access/GRANT`);
      expect((await f.api('POST', '/services/Shop/echo', { body: {} })).statusCode).toBe(200);
    });
  },
  { remoteFetchPrivate: true },
);

describeEachDb('cloud code AWS Lambda services without private fetching', (server) => {
  it('refuses a loopback endpoint at call time', async () => {
    const f = await appFixture(server());
    const created = await f.console('POST', '/localservices/aws-lambda', {
      name: 'Local',
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      functions: [{ name: 'f' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await f.api('POST', '/services/Local/f', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('BASALT_REMOTE_FETCH_PRIVATE');
  });
});
