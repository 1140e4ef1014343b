import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { setPushProviderConfig } from './index.js';
import { startPushStandins, type PushStandins } from './push-standins.test-helpers.js';

/**
 * A push configuration may name its own endpoints (a proxy, a stand-in). Those are requests the
 * server makes on a developer's word, so like server downloads they never reach loopback or private
 * addresses unless BASALT_REMOTE_FETCH_PRIVATE allows it: here it does not, and the stand-ins on
 * 127.0.0.1 must receive nothing while the outbox says why each delivery failed.
 */
describeEachDb('push endpoints on private addresses', (server) => {
  let standins: PushStandins;

  beforeAll(async () => {
    standins = await startPushStandins();
  });
  afterAll(async () => {
    await standins?.close();
  });

  it('are refused: deliveries fail with the reason and nothing reaches the private address', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const key = (
      await server()
        .app.basalt.dbs.system.selectFrom('api_keys')
        .select('api_key')
        .where('app_id', '=', appId)
        .where('device_type', '=', 'REST')
        .executeTakeFirstOrThrow()
    ).api_key;
    for (const [deviceId, os] of [
      ['a1', 'ANDROID'],
      ['i1', 'IOS'],
    ]) {
      expect(
        (
          await server().call('POST', `/${appId}/${key}/messaging/registrations`, {
            body: { deviceId, os, deviceToken: `${deviceId}-token`, osVersion: '1' },
          })
        ).statusCode,
      ).toBe(200);
    }
    await setPushProviderConfig(server().app.basalt, appId, 'FCM', {
      project_id: 'proj-1',
      client_email: 'svc@example.iam',
      private_key: standins.rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${standins.fcmOrigin}/token`,
      endpoint: standins.fcmOrigin,
    });
    // A host name, not a literal address: refused when connecting, after the lookup.
    await setPushProviderConfig(server().app.basalt, appId, 'APNS', {
      keyId: 'KEY1',
      teamId: 'TEAM1',
      privateKey: standins.ec.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      bundleId: 'com.example.app',
      endpoint: standins.apnsOrigin.replace('127.0.0.1', 'localhost'),
    });

    const sent = await server().call('POST', `/${appId}/console/messaging/push`, {
      authKey: dev.authKey,
      body: { channelName: 'default', platforms: ['ANDROID', 'IOS'], message: { title: 'Hi', body: 'There' } },
    });
    expect(sent.statusCode).toBe(200);
    const outbox = async () =>
      (
        await server().call('GET', `/${appId}/console/messaging/push/outbox`, { authKey: dev.authKey })
      ).json() as Array<{ deviceId: string; status: string; error: string | null }>;
    const started = Date.now();
    while ((await outbox()).some((e) => e.status === 'pending') && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 50));
    const byDevice = Object.fromEntries((await outbox()).map((e) => [e.deviceId, e]));
    expect(byDevice.a1.status).toBe('failed');
    expect(byDevice.a1.error).toMatch(/127\.0\.0\.1 is not reachable from the server/);
    expect(byDevice.i1.status).toBe('failed');
    expect(byDevice.i1.error).toMatch(/not reachable from the server/);
    expect(standins.fcmMessages).toEqual([]);
    expect(standins.apnsRequests).toEqual([]);
  });
});
