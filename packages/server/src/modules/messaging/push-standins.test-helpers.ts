import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for FCM (HTTP v1 with its OAuth token endpoint) and APNs (HTTP/2). They check
 * the JWT signatures against the given keys, record what they receive, and refuse the device
 * token `stale-token` as the real services refuse an unregistered device.
 */
export interface PushStandins {
  rsa: crypto.KeyPairKeyObjectResult;
  ec: crypto.KeyPairKeyObjectResult;
  fcmOrigin: string;
  apnsOrigin: string;
  fcmMessages: Array<{ token: string; notification?: { title?: string; body?: string } }>;
  apnsRequests: Array<{ path: string; topic: string; body: unknown }>;
  close(): Promise<void>;
}

function verify(jwt: string, check: (data: Buffer, signature: Buffer) => boolean): boolean {
  const [header, claims, signature] = jwt.split('.');
  return !!signature && check(Buffer.from(`${header}.${claims}`), Buffer.from(signature, 'base64url'));
}

async function readBody(req: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startPushStandins(projectId = 'proj-1'): Promise<PushStandins> {
  const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const fcmMessages: PushStandins['fcmMessages'] = [];
  const apnsRequests: PushStandins['apnsRequests'] = [];
  const fcm = http.createServer((req, res) => {
    void readBody(req).then((body) => {
      if (req.url === '/token') {
        const ok = verify(new URLSearchParams(body).get('assertion') ?? '', (d, s) =>
          crypto.verify('RSA-SHA256', d, rsa.publicKey, s),
        );
        if (!ok) return res.writeHead(400).end('{"error":"invalid_grant"}');
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'access-1', expires_in: 3600 }));
      }
      if (req.url !== `/v1/projects/${projectId}/messages:send` || req.headers.authorization !== 'Bearer access-1')
        return res.writeHead(401).end('unauthorised');
      const { message } = JSON.parse(body);
      fcmMessages.push(message);
      if (message.token === 'stale-token')
        return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":"NOT_FOUND"}}');
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"name":"projects/${projectId}/messages/1"}`);
    });
  });
  const apns = http2.createServer((req, res) => {
    void readBody(req).then((body) => {
      const auth = String(req.headers.authorization ?? '').replace(/^bearer /, '');
      if (!verify(auth, (d, s) => crypto.verify('sha256', d, { key: ec.publicKey, dsaEncoding: 'ieee-p1363' }, s)))
        return res.writeHead(403).end('{"reason":"InvalidProviderToken"}');
      const path = String(req.headers[':path']);
      apnsRequests.push({ path, topic: String(req.headers['apns-topic']), body: JSON.parse(body) });
      if (path.endsWith('/stale-token')) return res.writeHead(410).end('{"reason":"Unregistered"}');
      return res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => fcm.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => apns.listen(0, '127.0.0.1', r));
  return {
    rsa,
    ec,
    fcmMessages,
    apnsRequests,
    fcmOrigin: `http://127.0.0.1:${(fcm.address() as AddressInfo).port}`,
    apnsOrigin: `http://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((r) => fcm.close(r));
      await new Promise((r) => apns.close(r));
    },
  };
}
