import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';

describeEachDb('messaging console routes', (server) => {
  let dev: TestDeveloper;
  let appId: string;
  const base = () => `/${appId}/console/messaging`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    server().call(method, url, { authKey: dev.authKey, body });

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
  });

  it('reports the messaging area as available', async () => {
    const res = await server().call('GET', '/console/status');
    expect(res.json().areas.messaging).toBe('available');
  });

  it('starts every app with the default channel', async () => {
    const res = await call('GET', `${base()}/channels`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['default']);
    expect(res.json()[0].settings).toEqual({ polling: true, rtmp: 0, websocket: 8888 });
  });

  it('creates, renames and deletes a channel', async () => {
    const created = await call('POST', `${base()}/channels`, {
      name: 'news',
      settings: { polling: true, rtmp: 0, websocket: 8888 },
    });
    expect(created.statusCode).toBe(200);
    const channel = created.json();
    expect(channel).toMatchObject({ name: 'news', settings: { polling: true, rtmp: 0, websocket: 8888 } });
    expect(typeof channel.channelid).toBe('string');

    expect((await call('POST', `${base()}/channels`, { name: 'news' })).statusCode).toBe(409);

    const renamed = await call('PUT', `${base()}/channels/${channel.channelid}`, { ...channel, name: 'headlines' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ channelid: channel.channelid, name: 'headlines' });

    const list = (await call('GET', `${base()}/channels`)).json().map((c: { name: string }) => c.name);
    expect(list).toEqual(['default', 'headlines']);

    expect((await call('DELETE', `${base()}/channels/${channel.channelid}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${base()}/channels/${channel.channelid}`)).statusCode).toBe(404);
  });

  it('refuses bad, reserved and control-character channel names, and protects the default channel', async () => {
    for (const name of ['', 'with space', 'a/b', 'tab\there', 'registrations', 'push', 'x'.repeat(101)]) {
      const res = await call('POST', `${base()}/channels`, { name });
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const def = (await call('GET', `${base()}/channels`)).json()[0];
    expect((await call('DELETE', `${base()}/channels/${def.channelid}`)).statusCode).toBe(400);
    expect((await call('PUT', `${base()}/channels/${def.channelid}`, { name: 'other' })).statusCode).toBe(400);
  });

  it('publishes from the console and lists the channel history with its count', async () => {
    const ch = (await call('POST', `${base()}/channels`, { name: 'history' })).json();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', `${base()}/history`, {
        message: { n: i },
        publisherId: 'console',
        headers: { kind: 'test' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'published', errorMessage: null });
    }
    const list = await call('GET', `${base()}/channels/${ch.channelid}/messages?offset=0&pageSize=2`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toMatchObject({
      message: { n: 2 },
      publisherId: 'console',
      headers: { kind: 'test' },
      publishPolicy: 'PUBSUB',
    });
    const count = await call('GET', `${base()}/channels/${ch.channelid}/messages/count`);
    expect(count.json()).toBe(3);
  });

  it('creates a channel a message names for the first time, answers 400 for a name no channel may have and 413 for an oversized message', async () => {
    const fresh = await call('POST', `${base()}/from-console`, { message: 'hi' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const created = (
      (await call('GET', `${base()}/channels`)).json() as Array<{ name: string; channelid: string }>
    ).find((c) => c.name === 'from-console');
    expect(created).toBeDefined();
    expect((await call('GET', `${base()}/channels/${created!.channelid}/messages/count`)).json()).toBe(1);
    await call('DELETE', `${base()}/channels/${created!.channelid}`);
    const bad = await call('POST', `${base()}/no%20where`, { message: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^A channel name is 1 to 100 letters/),
    });
    const big = await call('POST', `${base()}/default`, { message: 'x'.repeat(70 * 1024) });
    expect(big.statusCode).toBe(413);
  });

  it('keeps push templates', async () => {
    const t = { name: 'welcome', message: 'Hello', platforms: ['ANDROID'], channelName: 'default' };
    expect((await call('POST', `${base()}/push/templates`, t)).statusCode).toBe(200);
    expect((await call('POST', `${base()}/push/templates`, t)).statusCode).toBe(409);
    expect((await call('POST', `${base()}/push/templates`, { name: 'bell\u0007', message: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `${base()}/push/templates`, { name: 'a/b', message: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `${base()}/push/templates`, { name: 'second', message: 'Two' })).statusCode).toBe(200);
    expect((await call('GET', `${base()}/push/templates/welcome`)).json()).toMatchObject(t);
    const updated = await call('PUT', `${base()}/push/templates/welcome`, { ...t, message: 'Hi again' });
    expect(updated.json().message).toBe('Hi again');
    expect((await call('GET', `${base()}/push/templates`)).json().map((x: { name: string }) => x.name)).toEqual([
      'second',
      'welcome',
    ]);
    expect((await call('DELETE', `${base()}/push/templates?names=welcome,second`)).json()).toEqual({ deleted: 2 });
    expect((await call('GET', `${base()}/push/templates`)).json()).toEqual([]);
    expect((await call('GET', `${base()}/push/templates/welcome`)).statusCode).toBe(404);
  });

  it('keeps button and channel templates per platform', async () => {
    const button = { name: 'reply', platform: 'IOS', actions: [{ id: 'yes', title: 'Yes' }] };
    expect((await call('POST', `${base()}/button-templates`, button)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/button-templates?platform=IOS`)).json()).toEqual([button]);
    expect((await call('GET', `${base()}/button-templates?platform=ANDROID`)).json()).toEqual([]);
    expect(
      (await call('PUT', `${base()}/button-templates/reply?platform=IOS`, { name: 'answer', actions: [] })).json(),
    ).toMatchObject({ name: 'answer' });
    expect((await call('DELETE', `${base()}/button-templates/answer?platform=IOS`)).statusCode).toBe(200);
    expect((await call('POST', `${base()}/button-templates`, { name: 'no-platform' })).statusCode).toBe(400);

    const channelTemplate = { name: 'alerts', importance: 4 };
    expect((await call('POST', `${base()}/channel-templates?platform=ANDROID`, channelTemplate)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/channel-templates?platform=ANDROID`)).json()).toEqual([
      { ...channelTemplate, platform: 'ANDROID' },
    ]);
    expect(
      (
        await call('PUT', `${base()}/channel-templates/alerts?platform=ANDROID`, { name: 'alerts', importance: 2 })
      ).json().importance,
    ).toBe(2);
    expect((await call('DELETE', `${base()}/channel-templates/alerts?platform=ANDROID`)).statusCode).toBe(200);
    expect((await call('DELETE', `${base()}/channel-templates/alerts?platform=ANDROID`)).statusCode).toBe(404);
  });

  it('refuses every route without a developer key', async () => {
    const res = await server().call('GET', `${base()}/channels`);
    expect(res.statusCode).toBe(401);
  });

  describe('push', () => {
    let keys: Record<string, string>;
    const register = (body: unknown) =>
      server().call('POST', `/${appId}/${keys.ANDROID}/messaging/registrations`, { body });

    beforeAll(async () => {
      const rows = await server()
        .app.basalt.dbs.system.selectFrom('api_keys')
        .select(['device_type', 'api_key'])
        .where('app_id', '=', appId)
        .execute();
      keys = Object.fromEntries(rows.map((k) => [k.device_type, k.api_key]));
      expect(keys.ANDROID).toBeTruthy();
      expect((await call('POST', `${base()}/channels`, { name: 'promo' })).statusCode).toBe(200);
      for (const [i, os] of ['ANDROID', 'ANDROID', 'IOS'].entries()) {
        const res = await register({
          deviceToken: `token-${i}`,
          deviceId: `device-${i}`,
          os,
          osVersion: '14',
          channels: ['promo'],
        });
        expect(res.statusCode).toBe(200);
      }
      expect(
        (await register({ deviceToken: 'token-x', deviceId: 'device-x', os: 'ANDROID', osVersion: '9' })).statusCode,
      ).toBe(200);
    });

    it("lists and counts a channel's devices, with a where", async () => {
      const promo = (await call('GET', `${base()}/channels`)).json().find((c: { name: string }) => c.name === 'promo');
      const list = await call('GET', `${base()}/channels/${promo.channelid}/devices?offset=0&pageSize=10`);
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .map((d: { deviceId: string }) => d.deviceId)
          .sort(),
      ).toEqual(['device-0', 'device-1', 'device-2']);
      expect(list.json()[0].channels).toEqual(['promo']);
      expect((await call('GET', `${base()}/channels/${promo.channelid}/devices/count`)).json()).toBe(3);
      const where = encodeURIComponent("os = 'IOS'");
      expect((await call('GET', `${base()}/channels/${promo.channelid}/devices/count?where=${where}`)).json()).toBe(1);
    });

    it('counts push recipients with a where over devices, and refuses a bad where with 400', async () => {
      const size = (where: string) => call('GET', `${base()}/pushsize?where=${encodeURIComponent(where)}`);
      expect((await size("os = 'ANDROID'")).json()).toBe(3);
      expect((await size("os = 'ANDROID' AND channelName = 'promo'")).json()).toBe(2);
      expect((await size("deviceId = 'device-2' OR deviceId = 'device-x'")).json()).toBe(2);
      expect((await size("deviceId LIKE 'device-%' AND NOT os IN ('IOS')")).json()).toBe(3);
      expect((await size("'IOS' = os")).json()).toBe(1);
      expect((await size(`created BETWEEN 0 AND ${Date.now() + 1000}`)).json()).toBe(4);
      // `_` is a wildcard unless escaped: the tokens are token-0 … token-x.
      expect((await size("deviceToken LIKE 'token_%'")).json()).toBe(4);
      expect((await size("deviceToken LIKE 'token\\_%'")).json()).toBe(0);
      expect((await call('GET', `${base()}/pushsize`)).json()).toBe(4);
      // Injection attempts are values or syntax errors, never SQL.
      expect((await size("os = 'x' OR '1'='1'")).statusCode).toBe(400);
      expect((await size("os = 'x'; drop table msg_devices")).statusCode).toBe(400);
      expect((await size("password = 'x'")).statusCode).toBe(400);
      expect((await size("os = 'x' OR 1=1")).statusCode).toBe(400);
      expect((await size("os = 'ANDROID')--")).statusCode).toBe(400);
      expect((await call('GET', `${base()}/pushsize`)).json()).toBe(4);
    });

    it('compares device times with numbers and dates alike on both databases, and refuses text that is no time with 400', async () => {
      const size = (where: string) => call('GET', `${base()}/pushsize?where=${encodeURIComponent(where)}`);
      expect((await size("created > '2001-01-01'")).json()).toBe(4);
      expect((await size("created < '2001-01-01 10:00:00'")).json()).toBe(0);
      expect((await size('created > 1.5')).json()).toBe(4);
      expect((await size("created in ('2', 3.5) or created >= '1000'")).json()).toBe(4);
      expect((await size('created < 1e300')).json()).toBe(4);
      expect((await size('expiration is null and updated between 0.5 and 1e20')).json()).toBe(0);
      // text fields compare with a number's or boolean's text
      expect((await size('osVersion = 14 or osVersion = 9.0')).json()).toBe(4);
      expect((await size('os = 1 or os = true or deviceId in (1, 2)')).json()).toBe(0);
      for (const where of [
        "expiration > 'abc'",
        "created = 'tomorrow'",
        'created between true and 2',
        "created like '17%'",
        "updated in (1, 'x')",
      ]) {
        const res = await size(where);
        expect(res.statusCode, where).toBe(400);
        expect(res.json().message, where).toMatch(/holds times|applies to text fields/);
      }
    });

    it('sends a push: without credentials every delivery waits in the outbox', async () => {
      const res = await call('POST', `${base()}/push`, {
        channelName: 'promo',
        platforms: ['ANDROID', 'IOS'],
        message: { title: 'Sale', body: 'Today only' },
        options: { android: { priority: 'high' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'scheduled', recipients: 3, waitingForCredentials: 3 });
      const outbox = await call('GET', `${base()}/push/outbox?status=no-credentials`);
      expect(outbox.json()).toHaveLength(3);
      const android = outbox.json().find((e: { deviceId: string }) => e.deviceId === 'device-0');
      expect(android).toMatchObject({
        provider: 'FCM',
        status: 'no-credentials',
        payload: { title: 'Sale', body: 'Today only', options: { priority: 'high' } },
      });
      expect(android.error).toMatch(/FCM is not configured/);
      expect(outbox.json().find((e: { deviceId: string }) => e.deviceId === 'device-2').provider).toBe('APNS');
      expect((await call('GET', `${base()}/push/outbox/count`)).json()).toBe(3);
    });

    it('publishing with a push policy also pushes to the channel devices', async () => {
      const before = (await call('GET', `${base()}/push/outbox/count`)).json();
      const res = await call('POST', `${base()}/promo`, { message: 'hello', publishPolicy: 'BOTH', pushBroadcast: 2 });
      expect(res.json().status).toBe('scheduled');
      expect((await call('GET', `${base()}/push/outbox/count`)).json()).toBe(before + 2);
    });

    it('removes devices from a channel with a JSON body on DELETE', async () => {
      const promo = (await call('GET', `${base()}/channels`)).json().find((c: { name: string }) => c.name === 'promo');
      const res = await call('DELETE', `${base()}/channels/${promo.channelid}/devices`, ['device-0']);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ removed: 1 });
      expect((await call('GET', `${base()}/channels/${promo.channelid}/devices/count`)).json()).toBe(2);
      // It was on no other channel: the registration itself is gone.
      expect(
        (await server().call('GET', `/${appId}/${keys.ANDROID}/messaging/registrations/device-0`)).statusCode,
      ).toBe(404);
    });
  });
});
