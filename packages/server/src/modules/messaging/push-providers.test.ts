import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerDeveloper,
  startTestServer,
  type TestDeveloper,
  type TestServer,
} from '../../test-helpers.js';
import { setPushProviderConfig } from './index.js';

/** Checks a compact JWT's signature with the given verifier; answers its claims. */
function verifyJwt(jwt: string, check: (data: Buffer, signature: Buffer) => boolean): Record<string, unknown> {
  const [header, claims, signature] = jwt.split('.');
  if (!check(Buffer.from(`${header}.${claims}`), Buffer.from(signature, 'base64url'))) throw new Error('bad signature');
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}

async function readBody(req: http.IncomingMessage | http2.Http2ServerRequest): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/**
 * Push delivery through real provider clients, against local stand-ins for the FCM HTTP v1 API
 * (with its OAuth token endpoint) and APNs (HTTP/2): signatures are verified, outcomes land in
 * the outbox.
 */
describe('push providers (FCM and APNs)', () => {
  let server: TestServer;
  let dev: TestDeveloper;
  let appId: string;
  let fcm: http.Server;
  let apns: http2.Http2Server;
  const fcmMessages: any[] = [];
  const apnsRequests: Array<{ path: string; topic: string; body: any }> = [];
  const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });

  beforeAll(async () => {
    fcm = http.createServer(async (req, res) => {
      const body = await readBody(req);
      if (req.url === '/token') {
        const claims = verifyJwt(new URLSearchParams(body).get('assertion') ?? '', (d, s) =>
          crypto.verify('RSA-SHA256', d, rsa.publicKey, s),
        );
        expect(claims).toMatchObject({
          iss: 'svc@example.iam',
          scope: 'https://www.googleapis.com/auth/firebase.messaging',
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'access-1', expires_in: 3600 }));
        return;
      }
      if (req.url !== '/v1/projects/proj-1/messages:send' || req.headers.authorization !== 'Bearer access-1') {
        res.writeHead(401).end('unauthorised');
        return;
      }
      const { message } = JSON.parse(body);
      fcmMessages.push(message);
      if (message.token === 'stale-token')
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":"NOT_FOUND"}}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"projects/proj-1/messages/1"}');
    });
    apns = http2.createServer(async (req, res) => {
      const auth = String(req.headers.authorization ?? '').replace(/^bearer /, '');
      const claims = verifyJwt(auth, (d, s) =>
        crypto.verify('sha256', d, { key: ec.publicKey, dsaEncoding: 'ieee-p1363' }, s),
      );
      expect(claims.iss).toBe('TEAM1');
      apnsRequests.push({
        path: String(req.headers[':path']),
        topic: String(req.headers['apns-topic']),
        body: JSON.parse(await readBody(req)),
      });
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => fcm.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => apns.listen(0, '127.0.0.1', r));

    // The stand-ins listen on 127.0.0.1: private addresses are allowed for this server only.
    server = await startTestServer('sqlite', { remoteFetchPrivate: true });
    dev = await registerDeveloper(server);
    appId = await createTestApp(server, dev.authKey);
    const key = await server.app.basalt.dbs.system
      .selectFrom('api_keys')
      .select('api_key')
      .where('app_id', '=', appId)
      .where('device_type', '=', 'REST')
      .executeTakeFirstOrThrow();
    for (const [deviceId, os, token] of [
      ['a1', 'ANDROID', 'fresh-token'],
      ['a2', 'ANDROID', 'stale-token'],
      ['i1', 'IOS', 'ios-token'],
    ]) {
      const res = await server.call('POST', `/${appId}/${key.api_key}/messaging/registrations`, {
        body: { deviceId, os, deviceToken: token, osVersion: '1' },
      });
      expect(res.statusCode).toBe(200);
    }
    const fcmOrigin = `http://127.0.0.1:${(fcm.address() as AddressInfo).port}`;
    await setPushProviderConfig(server.app.basalt, appId, 'FCM', {
      project_id: 'proj-1',
      client_email: 'svc@example.iam',
      private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${fcmOrigin}/token`,
      endpoint: fcmOrigin,
    });
    await setPushProviderConfig(server.app.basalt, appId, 'APNS', {
      keyId: 'KEY1',
      teamId: 'TEAM1',
      privateKey: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      bundleId: 'com.example.app',
      endpoint: `http://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    });
  });

  afterAll(async () => {
    await server?.close();
    await new Promise((r) => fcm?.close(r));
    await new Promise((r) => apns?.close(r));
  });

  it('refuses an incomplete provider configuration', async () => {
    await expect(setPushProviderConfig(server.app.basalt, appId, 'FCM', { project_id: 'p' })).rejects.toThrow(
      /client_email/,
    );
  });

  it('delivers through FCM and APNs and records each outcome in the outbox', async () => {
    const res = await server.call('POST', `/${appId}/console/messaging/push`, {
      authKey: dev.authKey,
      body: {
        channelName: 'default',
        platforms: ['ANDROID', 'IOS'],
        message: { title: 'Hi', body: 'There', campaign: 7 },
        options: { ios: { badge: 3 } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 3, waitingForCredentials: 0 });

    const outbox = async () =>
      (await server.call('GET', `/${appId}/console/messaging/push/outbox`, { authKey: dev.authKey })).json() as any[];
    const started = Date.now();
    while ((await outbox()).some((e) => e.status === 'pending') && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 50));
    const byDevice = Object.fromEntries((await outbox()).map((e) => [e.deviceId, e]));
    expect(byDevice.a1).toMatchObject({ provider: 'FCM', status: 'sent', error: null });
    expect(byDevice.a2).toMatchObject({ provider: 'FCM', status: 'failed' });
    expect(byDevice.a2.error).toMatch(/404/);
    expect(byDevice.i1).toMatchObject({ provider: 'APNS', status: 'sent' });

    expect(fcmMessages.find((m) => m.token === 'fresh-token')).toMatchObject({
      notification: { title: 'Hi', body: 'There' },
      data: { campaign: '7' },
    });
    expect(apnsRequests).toEqual([
      {
        path: '/3/device/ios-token',
        topic: 'com.example.app',
        body: { aps: { alert: { title: 'Hi', body: 'There' }, badge: 3 }, campaign: 7 },
      },
    ]);
  });
});
