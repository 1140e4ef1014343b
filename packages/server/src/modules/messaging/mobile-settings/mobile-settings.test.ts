import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper, type TestDeveloper } from '../../../test-helpers.js';
import { startPushStandins, type PushStandins } from '../push-standins.test-helpers.js';

/**
 * Push credentials through the console's mobile-settings routes, against local FCM and APNs
 * stand-ins: stored encrypted, answered masked, validated field by field; deliveries that waited
 * in the outbox go out once the credentials arrive, and a failed one can be retried.
 */
describeEachDb(
  'mobile settings (push credentials) and outbox retry',
  (server) => {
    let dev: TestDeveloper;
    let appId: string;
    let key: string;
    let standins: PushStandins;
    let fcmKey: string;
    let apnsKey: string;
    const S = () => `/${appId}/console/mobilesettings`;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      server().call(method, url, { authKey: dev.authKey, body });
    const outbox = async () =>
      (await call('GET', `/${appId}/console/messaging/push/outbox?pageSize=100`)).json() as Array<{
        objectId: string;
        deviceId: string;
        status: string;
        error: string | null;
      }>;
    async function settle(test: (rows: Awaited<ReturnType<typeof outbox>>) => boolean) {
      const started = Date.now();
      let rows = await outbox();
      while (!test(rows) && Date.now() - started < 10_000) {
        await new Promise((r) => setTimeout(r, 50));
        rows = await outbox();
      }
      return Object.fromEntries(rows.map((r) => [r.deviceId, r]));
    }
    const android = () => ({
      projectId: 'proj-1',
      clientEmail: 'svc@example.iam',
      privateKey: fcmKey,
      tokenUri: `${standins.fcmOrigin}/token`,
      endpoint: standins.fcmOrigin,
    });
    const apple = () => ({
      keyId: 'KEY1',
      teamId: 'TEAM1',
      bundleId: 'com.example.app',
      production: false,
      privateKey: apnsKey,
      endpoint: standins.apnsOrigin,
    });

    beforeAll(async () => {
      standins = await startPushStandins();
      fcmKey = standins.rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      apnsKey = standins.ec.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      dev = await registerDeveloper(server());
      appId = await createTestApp(server(), dev.authKey);
      key = (
        await server()
          .app.basalt.dbs.system.selectFrom('api_keys')
          .select('api_key')
          .where('app_id', '=', appId)
          .where('device_type', '=', 'REST')
          .executeTakeFirstOrThrow()
      ).api_key;
      for (const [deviceId, os, deviceToken] of [
        ['a1', 'ANDROID', 'fresh-token'],
        ['a2', 'ANDROID', 'stale-token'],
        ['i1', 'IOS', 'ios-token'],
      ]) {
        expect(
          (
            await server().call('POST', `/${appId}/${key}/messaging/registrations`, {
              body: { deviceId, os, deviceToken, osVersion: '1' },
            })
          ).statusCode,
        ).toBe(200);
      }
    });
    afterAll(async () => standins?.close());

    it('starts without credentials; deliveries wait in the outbox', async () => {
      expect((await call('GET', S())).json()).toEqual({ android: null, ios: null });
      const sent = await call('POST', `/${appId}/console/messaging/push`, {
        channelName: 'default',
        message: { title: 'Hi', body: 'There' },
      });
      expect(sent.json()).toMatchObject({ recipients: 3, waitingForCredentials: 3 });
      expect((await outbox()).map((r) => r.status)).toEqual(['no-credentials', 'no-credentials', 'no-credentials']);
    });

    it('refuses malformed credentials with 400 naming the field', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['android', { ...android(), projectId: undefined }, 'projectId'],
        ['android', { ...android(), clientEmail: 'not an email' }, 'clientEmail'],
        ['android', { ...android(), privateKey: 'hello' }, 'privateKey'],
        ['android', { ...android(), privateKey: apnsKey }, 'privateKey'],
        ['android', { serviceAccount: '{not json' }, 'serviceAccount'],
        ['android', { serviceAccount: { type: 'authorized_user' } }, 'serviceAccount'],
        ['android', { ...android(), endpoint: 'ftp://x' }, 'endpoint'],
        ['ios', { ...apple(), keyId: 'bad id!' }, 'keyId'],
        ['ios', { ...apple(), teamId: '' }, 'teamId'],
        ['ios', { ...apple(), bundleId: undefined }, 'bundleId'],
        ['ios', { ...apple(), privateKey: fcmKey }, 'privateKey'],
        ['ios', { ...apple(), certificate: 'not base64 !!' }, 'certificate'],
        ['watch', apple(), 'deviceType'],
      ];
      for (const [segment, body, field] of cases) {
        const res = await call('POST', `${S()}/${segment}`, body);
        expect(res.statusCode, `${segment} ${field}`).toBe(400);
        expect(res.json().details?.fields?.[0]?.field ?? res.json().message, `${segment} ${field}`).toContain(field);
      }
      expect((await call('GET', S())).json()).toEqual({ android: null, ios: null });
    });

    it('stores FCM credentials masked and encrypted, and sends the waiting Android deliveries', async () => {
      const created = await call('POST', `${S()}/android`, android());
      expect(created.statusCode).toBe(200);
      const body = created.json();
      expect(body).toMatchObject({ provider: 'FCM', projectId: 'proj-1', clientEmail: 'svc@example.iam' });
      expect(body.privateKey).toMatch(/^•+ \(\d+ characters\)$/);
      expect(JSON.stringify(body)).not.toContain('PRIVATE KEY');
      const row = (await server()
        .app.basalt.dbs.system.selectFrom('msg_push_providers' as any)
        .select('config' as any)
        .where('app_id' as any, '=', appId)
        .executeTakeFirstOrThrow()) as { config: string };
      expect(row.config.startsWith('enc:v1:')).toBe(true);
      expect(row.config).not.toContain('proj-1');

      const byDevice = await settle((rows) =>
        rows.filter((r) => r.deviceId.startsWith('a')).every((r) => r.status === 'sent' || r.status === 'failed'),
      );
      expect(byDevice.a1).toMatchObject({ status: 'sent', error: null });
      expect(byDevice.a2.status).toBe('failed');
      expect(byDevice.a2.error).toMatch(/404/);
      expect(byDevice.i1.status).toBe('no-credentials');
      expect(standins.fcmMessages.map((m) => m.token).sort()).toEqual(['fresh-token', 'stale-token']);
      // The sweep ran as one job of the general scheduler, completed by the process that claimed it.
      // The job is marked done just after its last delivery is: read it once it has ended.
      const sweepsOf = () =>
        server()
          .app.basalt.jobs.repo.db.selectFrom('jobs')
          .selectAll()
          .where('kind', '=', 'messaging.push-retry')
          .where('app_id', '=', appId)
          .execute();
      let sweeps = await sweepsOf();
      for (const until = Date.now() + 10_000; sweeps.some((j) => j.state !== 'done') && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 50));
        sweeps = await sweepsOf();
      }
      expect(sweeps).toHaveLength(1);
      expect(sweeps[0]).toMatchObject({
        state: 'done',
        runs: 1,
        leased_by: null,
        last_run_by: server().app.basalt.jobs.node,
        payload: JSON.stringify({ provider: 'FCM' }),
      });

      expect((await call('POST', `${S()}/android`, android())).statusCode).toBe(409);
    });

    it('stores APNs credentials for ios and sends the waiting iOS delivery', async () => {
      const created = await call('POST', `${S()}/ios`, apple());
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        provider: 'APNS',
        keyId: 'KEY1',
        teamId: 'TEAM1',
        bundleId: 'com.example.app',
        production: false,
        hasCertificate: false,
      });
      const byDevice = await settle((rows) => rows.find((r) => r.deviceId === 'i1')?.status === 'sent');
      expect(byDevice.i1.status).toBe('sent');
      expect(standins.apnsRequests).toEqual([
        {
          path: '/3/device/ios-token',
          topic: 'com.example.app',
          body: { aps: { alert: { title: 'Hi', body: 'There' } } },
        },
      ]);
      const all = (await call('GET', S())).json();
      expect(all.ios.id).toBe(created.json().id);
      expect(all.android.projectId).toBe('proj-1');
    });

    it('replaces credentials keeping the stored key when the mask comes back, and 404s a wrong id', async () => {
      const current = (await call('GET', S())).json();
      const updated = await call('PUT', `${S()}/ios/${current.ios.id}`, {
        ...apple(),
        privateKey: current.ios.privateKey,
        bundleId: 'com.example.other',
        production: true,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id: current.ios.id,
        bundleId: 'com.example.other',
        production: true,
        privateKey: current.ios.privateKey,
      });
      const fromService = await call('PUT', `${S()}/android/${current.android.id}`, {
        serviceAccount: JSON.stringify({
          type: 'service_account',
          project_id: 'proj-2',
          client_email: 'other@example.iam',
          private_key: fcmKey.replace(/\n/g, '\\n'),
        }),
      });
      expect(fromService.statusCode).toBe(200);
      expect(fromService.json()).toMatchObject({
        id: current.android.id,
        projectId: 'proj-2',
        clientEmail: 'other@example.iam',
      });
      expect((await call('PUT', `${S()}/android/NOPE`, android())).statusCode).toBe(404);
      expect((await call('DELETE', `${S()}/ios/NOPE`)).statusCode).toBe(404);
      // Back to the stand-in's project for the retry below.
      expect(
        (await call('PUT', `${S()}/android/${current.android.id}`, { ...android(), privateKey: '' })).statusCode,
      ).toBe(200);
    });

    it('retries a failed delivery from the console, and refuses to retry a sent one', async () => {
      const rows = await outbox();
      const failed = rows.find((r) => r.deviceId === 'a2')!;
      const sent = rows.find((r) => r.deviceId === 'a1')!;
      const before = standins.fcmMessages.length;
      const retried = await call('POST', `/${appId}/console/messaging/push/outbox/${failed.objectId}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ objectId: failed.objectId, status: 'pending', error: null });
      const after = await settle((list) => list.find((r) => r.objectId === failed.objectId)?.status === 'failed');
      expect(after.a2.status).toBe('failed');
      expect(standins.fcmMessages.length).toBe(before + 1);
      const again = await call('POST', `/${appId}/console/messaging/push/outbox/${sent.objectId}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/sent/);
      expect((await call('POST', `/${appId}/console/messaging/push/outbox/NOPE/retry`)).statusCode).toBe(404);
    });

    it('deletes credentials; new deliveries wait again and a retry names the missing provider', async () => {
      const current = (await call('GET', S())).json();
      expect((await call('DELETE', `${S()}/android/${current.android.id}`)).json()).toEqual({ deleted: true });
      expect((await call('DELETE', `${S()}/ios/${current.ios.id}`)).json()).toEqual({ deleted: true });
      expect((await call('GET', S())).json()).toEqual({ android: null, ios: null });
      const failed = (await outbox()).find((r) => r.deviceId === 'a2')!;
      const retry = await call('POST', `/${appId}/console/messaging/push/outbox/${failed.objectId}/retry`);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toMatch(/FCM credentials are not configured/);
    });

    it('answers the mobile-settings routes instead of the settings area 501', async () => {
      const other = await registerDeveloper(server());
      expect((await server().call('GET', S())).statusCode).toBe(401);
      expect((await server().call('GET', S(), { authKey: other.authKey })).statusCode).toBe(404);
      expect((await call('GET', S())).statusCode).toBe(200);
      // A settings path nobody answers yet still gets the area's 501, not a 404.
      expect((await call('GET', `/${appId}/console/settings/not-built-yet`)).statusCode).toBe(501);
    });
  },
  { remoteFetchPrivate: true },
); // the stand-ins listen on 127.0.0.1
