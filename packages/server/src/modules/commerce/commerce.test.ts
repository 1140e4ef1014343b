import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

type Sdk = typeof Backendless;
type SdkError = Error & { code?: number; status?: number };

async function rejection(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the call to be refused');
}

/**
 * A local stand-in for Google: the OAuth token endpoint checks the JWT's RS256 signature with the
 * service account's public key, and the Play Developer API answers purchases only with the token it
 * handed out. It records what it was asked.
 */
function googleStandIn(publicKey: crypto.KeyObject) {
  const asked: Array<{ method: string; url: string }> = [];
  let issued = 0;
  const tokens = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      asked.push({ method: req.method ?? '', url: req.url ?? '' });
      const send = (status: number, answer?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer === undefined ? '' : JSON.stringify(answer));
      };
      if (req.url === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
        const valid =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          head &&
          claims &&
          signature &&
          crypto.verify('RSA-SHA256', Buffer.from(`${head}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
        const scope = valid
          ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as { scope?: string }).scope
          : undefined;
        if (!valid || scope !== 'https://www.googleapis.com/auth/androidpublisher')
          return send(401, { error: 'invalid_grant' });
        const token = `access-${++issued}`;
        tokens.add(token);
        return send(200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
      }
      if (!tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
      const m =
        /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/(products|subscriptions)\/([^/]+)\/tokens\/([^/:]+)(:cancel)?$/.exec(
          req.url ?? '',
        );
      if (!m) return send(404, { error: { code: 404, message: 'Not Found' } });
      const [, pkg, kind, id, token, cancel] = m;
      if (token !== 'good-token') return send(400, { error: { code: 400, message: 'Invalid Value' } });
      if (cancel) return req.method === 'POST' ? send(204) : send(405, { error: { code: 405, message: 'POST only' } });
      if (kind === 'products')
        return send(200, {
          kind: 'androidpublisher#productPurchase',
          purchaseState: 0,
          consumptionState: 0,
          purchaseTimeMillis: '1700000000000',
          orderId: `GPA.${pkg}.${id}`,
        });
      return send(200, {
        kind: 'androidpublisher#subscriptionPurchase',
        autoRenewing: true,
        expiryTimeMillis: '1900000000000',
        paymentState: 1,
      });
    });
  });
  return { server, asked, issued: () => issued };
}

describeEachDb(
  'Commerce: Google Play purchase checks through the backendless SDK',
  (server) => {
    let f: AppFixture;
    let origin: string;
    let google: ReturnType<typeof googleStandIn>;
    let googleUrl: string;
    const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const sdk = (): Sdk =>
      Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as Sdk;

    beforeAll(async () => {
      f = await appFixture(server());
      origin = await listenForClients(server());
      google = googleStandIn(keys.publicKey);
      await new Promise<void>((resolve) => google.server.listen(0, '127.0.0.1', resolve));
      googleUrl = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => google.server.close(resolve));
    });

    it('answers a clear 400 while the app has no service account', async () => {
      const err = await rejection(sdk().Commerce.validatePlayPurchase('com.example.game', 'gems_100', 'good-token'));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/Google Play is not configured/);
      expect((await f.console('GET', '/mobilesettings/googleplay')).json()).toBeNull();
    });

    it('stores the service account encrypted and shows it without its key', async () => {
      const file = JSON.stringify({
        type: 'service_account',
        project_id: 'play-1',
        client_email: 'checker@play-1.iam.gserviceaccount.com',
        private_key: pem,
        token_uri: `${googleUrl}/token`,
      });
      const saved = await f.console('PUT', '/mobilesettings/googleplay', { serviceAccount: file, endpoint: googleUrl });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        clientEmail: 'checker@play-1.iam.gserviceaccount.com',
        endpoint: googleUrl,
        tokenUri: `${googleUrl}/token`,
      });
      expect(saved.json().privateKey).toMatch(/^•+ \(\d+ characters\)$/);
      const row = (await server()
        .app.basalt.dbs.system.selectFrom('commerce_google_play' as never)
        .select('config' as never)
        .where('app_id' as never, '=', f.appId as never)
        .executeTakeFirstOrThrow()) as { config: string };
      expect(row.config.startsWith('enc:v1:')).toBe(true);
      expect(row.config).not.toContain('BEGIN PRIVATE KEY');
      expect(row.config).not.toContain('checker@');
    });

    it('refuses a service account it cannot use, naming the field, and keeps the stored one', async () => {
      const bad = await f.console('PUT', '/mobilesettings/googleplay', {
        clientEmail: 'someone@example.com',
        privateKey: 'not a key',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ details: { fields: [{ field: 'privateKey' }] } });
      const notJson = await f.console('PUT', '/mobilesettings/googleplay', { serviceAccount: '{ broken' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().message).toMatch(/not valid JSON/);
      expect((await f.console('GET', '/mobilesettings/googleplay')).json().clientEmail).toBe(
        'checker@play-1.iam.gserviceaccount.com',
      );
    });

    it('validates an in-app purchase, reads a subscription and cancels it, signing in to Google once', async () => {
      const app = sdk();
      const purchase = (await app.Commerce.validatePlayPurchase(
        'com.example.game',
        'gems_100',
        'good-token',
      )) as Record<string, unknown>;
      expect(purchase).toMatchObject({
        kind: 'androidpublisher#productPurchase',
        purchaseState: 0,
        orderId: 'GPA.com.example.game.gems_100',
      });
      const status = (await app.Commerce.getPlaySubscriptionStatus(
        'com.example.game',
        'monthly',
        'good-token',
      )) as Record<string, unknown>;
      expect(status).toMatchObject({ kind: 'androidpublisher#subscriptionPurchase', autoRenewing: true });
      await app.Commerce.cancelPlaySubscription('com.example.game', 'monthly', 'good-token');
      const calls = google.asked.filter((a) => a.url !== '/token').map((a) => `${a.method} ${a.url}`);
      expect(calls).toEqual([
        'GET /androidpublisher/v3/applications/com.example.game/purchases/products/gems_100/tokens/good-token',
        'GET /androidpublisher/v3/applications/com.example.game/purchases/subscriptions/monthly/tokens/good-token',
        'POST /androidpublisher/v3/applications/com.example.game/purchases/subscriptions/monthly/tokens/good-token:cancel',
      ]);
      expect(google.asked.filter((a) => a.url === '/token')).toHaveLength(1);
    });

    it("passes Google's refusal of a purchase on as a 400 with its message", async () => {
      const err = await rejection(sdk().Commerce.validatePlayPurchase('com.example.game', 'gems_100', 'forged-token'));
      expect(err.status).toBe(400);
      expect(err.message).toBe('Google Play answered 400: Invalid Value');
    });

    it('refuses malformed package names and ids before asking Google', async () => {
      const before = google.asked.length;
      const pkg = await server().call(
        'GET',
        `/${f.appId}/${f.keys.JS}/commerce/googleplay/validate/not-a-package/inapp/gems/purchases/good-token`,
      );
      expect(pkg.statusCode).toBe(400);
      expect(pkg.json()).toMatchObject({ code: 8000, message: "The package name is not valid: 'not-a-package'" });
      const product = await server().call(
        'GET',
        `/${f.appId}/${f.keys.JS}/commerce/googleplay/validate/com.example.game/inapp/${encodeURIComponent('../x')}/purchases/good-token`,
      );
      expect(product.statusCode).toBe(400);
      expect(google.asked.length).toBe(before);
      const wrongKey = await server().call(
        'GET',
        `/${f.appId}/wrong-key/commerce/googleplay/validate/com.example.game/inapp/gems/purchases/good-token`,
      );
      expect(wrongKey.statusCode).toBe(401);
    });

    it('uses a replaced service account at once and stops when it is deleted', async () => {
      const other = crypto
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      // Google does not know this key: the token trade fails, so the check cannot be made (503).
      expect(
        (
          await f.console('PUT', '/mobilesettings/googleplay', {
            clientEmail: 'other@play-1.iam.gserviceaccount.com',
            privateKey: other,
            tokenUri: `${googleUrl}/token`,
            endpoint: googleUrl,
          })
        ).statusCode,
      ).toBe(200);
      const refused = await rejection(
        sdk().Commerce.validatePlayPurchase('com.example.game', 'gems_100', 'good-token'),
      );
      expect(refused.status).toBe(503);
      expect(refused.message).toMatch(/Google Play authorisation refused: 401/);
      expect((await f.console('DELETE', '/mobilesettings/googleplay')).json()).toEqual({ deleted: true });
      expect((await f.console('DELETE', '/mobilesettings/googleplay')).statusCode).toBe(404);
      const gone = await rejection(
        sdk().Commerce.getPlaySubscriptionStatus('com.example.game', 'monthly', 'good-token'),
      );
      expect(gone.message).toMatch(/not configured/);
    });
  },
  { remoteFetchPrivate: true },
);
