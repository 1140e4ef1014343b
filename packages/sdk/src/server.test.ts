/**
 * The SDK against the real server over HTTP (both databases): the sign-in flows with and without
 * two-factor, account and application methods, and error mapping.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer } from '../../server/src/test-helpers.js';
import { totp } from '../../server/src/modules/accounts/totp.js';
import { createClient, type BasaltClient } from './client.js';
import { ResponseCache } from './transport/cache.js';
import { RequestError } from './transport/errors.js';
import { isOtpPending } from './groups/user.js';

let seq = 0;
const uniqueEmail = () => `sdk${Date.now()}${seq++}@example.com`;
const PASSWORD = 'correct horse battery';

/** A six-digit code that none of the steps the server accepts (now and one either side) produces. */
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

for (const kind of testDbKinds()) {
  describe(`SDK against the server [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    const client = (authKey?: string): BasaltClient => createClient(url, authKey, { cache: new ResponseCache() });

    beforeAll(async () => {
      server = await startTestServer(kind);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers the status and the main menu', async () => {
      const c = client();
      const status = await c.system.loadStatus();
      expect(status.ready).toBe(true);
      expect(status.database).toBe(kind);
      expect(status.areas.overview).toBe('available');
    });

    it('registers, signs in, reads and updates the account, then signs out', async () => {
      const c = client();
      const email = uniqueEmail();
      const registered = await c.user.register({ email, password: PASSWORD, name: 'Ada' });
      expect(registered.email).toBe(email);
      expect(c.getAuthKey()).toBeUndefined();

      const login = await c.user.login(email, PASSWORD);
      if (isOtpPending(login)) throw new Error('2FA is off: no code step expected');
      expect(login.email).toBe(email);
      expect(login.authKey).toMatch(/.{20,}/);
      expect(c.getAuthKey()).toBe(login.authKey);

      const account = await c.user.getAccountInfo();
      expect([account.id, account.email, account.name, account.authKey]).toEqual([
        registered.id,
        email,
        'Ada',
        login.authKey,
      ]);

      const updated = await c.user.updateProfile({ name: 'Ada L.' });
      expect(updated.name).toBe('Ada L.');
      expect((await c.user.get2FAState()).enabled).toBe(false);
      expect(await c.user.restorePassword(email)).toMatchObject({ success: true });

      const key = login.authKey;
      await c.user.logout();
      expect(c.getAuthKey()).toBeUndefined();
      const err = await client(key)
        .user.getAccountInfo()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RequestError);
      expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });

    it('refuses a wrong password with 401 and the server message', async () => {
      const c = client();
      const email = uniqueEmail();
      await c.user.register({ email, password: PASSWORD });
      await expect(c.user.login(email, 'wrong password!')).rejects.toMatchObject({
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong email or password',
      });
      expect(c.getAuthKey()).toBeUndefined();
    });

    it('signs in with two-factor: login answers otpCreated, loginWithTOTP finishes it', async () => {
      const c = client();
      const email = uniqueEmail();
      await c.user.register({ email, password: PASSWORD });
      await c.user.login(email, PASSWORD);
      const enrol = await c.user.update2FAState(true);
      expect(enrol.enabled).toBe(true);
      expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      const secret = enrol.secret!;
      expect((await c.user.confirm2FA(totp(secret))).pendingConfirmation).toBe(false);
      await c.user.logout();

      const first = await c.user.login(email, PASSWORD);
      expect(isOtpPending(first)).toBe(true);
      if (!isOtpPending(first)) return;
      expect(Object.keys(first).sort()).toEqual(['otpCreated', 'sessionId']);
      expect(c.getAuthKey()).toBeUndefined();

      await expect(
        c.user.loginWithTOTP({ sessionId: first.sessionId, otpCode: wrongCode(secret) }),
      ).rejects.toMatchObject({ status: 401, code: 'INVALID_OTP' });
      const account = await c.user.loginWithTOTP({ sessionId: first.sessionId, otpCode: totp(secret) });
      expect(account.email).toBe(email);
      expect(c.getAuthKey()).toBe(account.authKey);
      expect((await c.user.getAccountInfo()).twoFactorEnabled).toBe(true);
    });

    it('creates, lists, renames and deletes applications', async () => {
      const c = client();
      const email = uniqueEmail();
      await c.user.register({ email, password: PASSWORD });
      await c.user.login(email, PASSWORD);

      const app = await c.apps.createApp({ appName: 'Shop' });
      expect(app.appName).toBe('Shop');
      expect(app.apiKeys?.map((k) => k.deviceType)).toEqual(['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL']);
      await expect(c.apps.createApp({ appName: 'Shop' })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });

      expect((await c.apps.getApps()).map((a) => [a.id, a.appName])).toEqual([[app.id, 'Shop']]);
      const renamed = await c.apps.renameApp(app.id, 'Store');
      expect(renamed.appName).toBe('Store');
      expect((await c.apps.loadAppsInfo([app.id])).map((a) => a.appName)).toEqual(['Store']);
      expect((await c.user.getPermissions(app.id)).every((p) => p.access === 'GRANT')).toBe(true);

      await c.apps.updateAppInfo(app.id, { info: 'Online store' });
      expect((await c.apps.getAppInfo(app.id)).info).toBe('Online store');
      await c.apps.updateAppDevOptions(app.id, { theme: 'dark' });
      expect(await c.apps.getAppDevOptions(app.id)).toEqual({ theme: 'dark' });

      await c.apps.deleteApp(app.id);
      expect(await c.apps.getApps()).toEqual([]);
      await expect(c.apps.renameApp(app.id, 'Gone')).rejects.toBeInstanceOf(RequestError);
    });

    it('maps an unreachable server to "No connection with server"', async () => {
      const c = createClient('http://127.0.0.1:1', undefined, { cache: new ResponseCache() });
      await expect(c.system.loadStatus()).rejects.toMatchObject({ message: 'No connection with server', status: 0 });
    });
  });
}
