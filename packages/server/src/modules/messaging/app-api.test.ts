import { beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';
import { appFixture } from '../appapi/appapi.test-helpers.js';

const RULE = 'A channel name is 1 to 100 letters, digits, _, . or -, starting with a letter or digit';

describeEachDb('messaging app API', (server) => {
  let dev: TestDeveloper;
  let appId: string;
  let key: string;
  const root = () => `/${appId}/${key}`;

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
    const row = await server()
      .app.basalt.dbs.system.selectFrom('api_keys')
      .select('api_key')
      .where('app_id', '=', appId)
      .where('device_type', '=', 'REST')
      .executeTakeFirstOrThrow();
    key = row.api_key;
  });

  it('publishes to a channel with message, publisherId and headers, and reports its status', async () => {
    const res = await server().call('POST', `${root()}/messaging/default`, {
      body: { message: { hello: 'world' }, publisherId: 'device-7', headers: { city: 'Oslo' }, subtopic: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const { messageId, status, errorMessage } = res.json();
    expect(status).toBe('published');
    expect(errorMessage).toBeNull();
    const state = await server().call('GET', `${root()}/messaging/${messageId}`);
    expect(state.json()).toEqual({ messageId, status: 'published', errorMessage: null });

    const channel = (
      await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })
    ).json()[0];
    const history = (
      await server().call('GET', `/${appId}/console/messaging/channels/${channel.channelid}/messages`, {
        authKey: dev.authKey,
      })
    ).json();
    expect(history[0]).toMatchObject({
      messageId,
      message: { hello: 'world' },
      publisherId: 'device-7',
      headers: { city: 'Oslo' },
      subtopic: 'x',
    });
  });

  it('answers 401 for a wrong key, 400 for bad input', async () => {
    const wrong = await server().call('POST', `/${appId}/WRONG/messaging/default`, { body: { message: 'x' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(8002);
    expect(
      (await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x', headers: 'nope' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x', repeatEvery: 0.5 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x'.repeat(70_000) } }))
        .statusCode,
    ).toBe(413);
    expect((await server().call('GET', `${root()}/messaging/NO-SUCH-MESSAGE`)).statusCode).toBe(404);
  });

  const channelsNamed = async (name: string) =>
    (
      (await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })).json() as Array<{
        name: string;
      }>
    ).filter((c) => c.name === name);

  it('a publish to a channel that does not exist creates it with the default settings', async () => {
    expect(await channelsNamed('news.fresh')).toEqual([]);
    const res = await server().call('POST', `${root()}/messaging/news.fresh`, { body: { message: 'first' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', errorMessage: null });
    const [channel] = await channelsNamed('news.fresh');
    expect(channel).toMatchObject({
      name: 'news.fresh',
      settings: { polling: true, rtmp: 0, websocket: 8888 },
      updated: null,
    });
    const history = (
      await server().call(
        'GET',
        `/${appId}/console/messaging/channels/${(channel as unknown as { channelid: string }).channelid}/messages`,
        { authKey: dev.authKey },
      )
    ).json();
    expect(history).toMatchObject([{ messageId: res.json().messageId, message: 'first' }]);
    // The console reading a channel that does not exist still answers 404.
    expect(
      (await server().call('GET', `/${appId}/console/messaging/channels/NO-SUCH-ID/messages`, { authKey: dev.authKey }))
        .statusCode,
    ).toBe(404);
  });

  it('first publishes at once make one channel, each answered 200', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server().call('POST', `${root()}/messaging/together`, { body: { message: i } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await channelsNamed('together')).toHaveLength(1);
    // The console's create meets the channel the publishes made: 409, not a unique violation.
    const again = await server().call('POST', `/${appId}/console/messaging/channels`, {
      authKey: dev.authKey,
      body: { name: 'together' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a name outside the channel rule, or too long, answers 400 naming the rule and creates nothing', async () => {
    for (const name of ['bad%20name', '-dash-first', 'a'.repeat(101), 'caf%C3%A9']) {
      const res = await server().call('POST', `${root()}/messaging/${name}`, { body: { message: 'x' } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(RULE);
    }
    const reserved = await server().call('POST', `${root()}/messaging/channels`, { body: { message: 'x' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe("'channels' is a reserved name and cannot name a channel");
    // A refused message leaves no channel behind either.
    expect(
      (await server().call('POST', `${root()}/messaging/not-yet`, { body: { message: 'x', headers: 'nope' } }))
        .statusCode,
    ).toBe(400);
    expect(await channelsNamed('not-yet')).toEqual([]);
    const names = (
      (await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })).json() as Array<{
        name: string;
      }>
    ).map((c) => c.name);
    expect(
      names.filter((n) => n.includes('bad') || n.includes('dash') || n.startsWith('aaaa') || n.startsWith('caf')),
    ).toEqual([]);
  });

  it('a caller the role-wide rules deny Publish creates no channel; an allowed caller does', async () => {
    const f = await appFixture(server());
    const anonymous = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/roles/permissions/${anonymous}`, {
      service: 'messaging',
      operation: 'Publish',
      access: 'DENY',
    });
    expect(deny.statusCode, deny.body).toBe(200);
    const listed = async () =>
      ((await f.console('GET', '/messaging/channels')).json() as Array<{ name: string }>).map((c) => c.name);

    const refused = await f.api('POST', '/messaging/members', { body: { message: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(await listed()).not.toContain('members');

    const user = await f.user();
    const allowed = await f.api('POST', '/messaging/members', { body: { message: 'x' }, token: user.token });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await listed()).toContain('members');
  });

  it('registers, reads, re-registers and unregisters a device', async () => {
    const body = {
      deviceToken: 'fcm-token-1',
      deviceId: 'phone-1',
      os: 'ANDROID',
      osVersion: '14',
      channels: ['default'],
      expiration: 1900000000,
    };
    const reg = await server().call('POST', `${root()}/messaging/registrations`, { body });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({
      deviceId: 'phone-1',
      deviceToken: 'fcm-token-1',
      os: 'ANDROID',
      osVersion: '14',
      channels: ['default'],
      expiration: 1900000000000,
    });
    expect(typeof reg.json().registrationId).toBe('string');

    const again = await server().call('POST', `${root()}/messaging/registrations`, {
      body: { ...body, deviceToken: 'fcm-token-2', channels: undefined },
    });
    expect(again.json().registrationId).toBe(reg.json().registrationId);
    const read = await server().call('GET', `${root()}/messaging/registrations/phone-1`);
    expect(read.json()).toMatchObject({ deviceToken: 'fcm-token-2', channels: ['default'] });

    const del = await server().call('DELETE', `${root()}/messaging/registrations/phone-1`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toBe(true);
    expect((await server().call('GET', `${root()}/messaging/registrations/phone-1`)).statusCode).toBe(404);
    expect((await server().call('DELETE', `${root()}/messaging/registrations/phone-1`)).statusCode).toBe(404);
  });

  it('refuses incomplete or malformed registrations with 400', async () => {
    const bad = [
      {},
      { deviceId: 'd', os: 'ANDROID' },
      { deviceToken: 't', deviceId: 'd\u0000', os: 'ANDROID' },
      { deviceToken: 't', deviceId: 'd', os: 'not an os!' },
      { deviceToken: 't', deviceId: 'd', os: 'IOS', channels: ['a/b'] },
      { deviceToken: 't', deviceId: 'd', os: 'IOS', channels: 'default' },
      { deviceToken: 't', deviceId: 'd', os: 'IOS', expiration: 'never' },
    ];
    for (const body of bad) {
      const res = await server().call('POST', `${root()}/messaging/registrations`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await server().call('POST', `/${appId}/WRONG/messaging/registrations`, { body: {} })).statusCode).toBe(401);
  });
});
