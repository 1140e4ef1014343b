import { beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';

describeEachDb('messaging app API', (server) => {
  let dev: TestDeveloper;
  let appId: string;
  let key: string;
  const root = () => `/${appId}/${key}`;

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
    const row = await server().app.basalt.dbs.system.selectFrom('api_keys').select('api_key').where('app_id', '=', appId).where('device_type', '=', 'REST').executeTakeFirstOrThrow();
    key = row.api_key;
  });

  it('publishes to a channel with message, publisherId and headers, and reports its status', async () => {
    const res = await server().call('POST', `${root()}/messaging/default`, { body: { message: { hello: 'world' }, publisherId: 'device-7', headers: { city: 'Oslo' }, subtopic: 'x' } });
    expect(res.statusCode).toBe(200);
    const { messageId, status, errorMessage } = res.json();
    expect(status).toBe('published');
    expect(errorMessage).toBeNull();
    const state = await server().call('GET', `${root()}/messaging/${messageId}`);
    expect(state.json()).toEqual({ messageId, status: 'published', errorMessage: null });

    const channel = (await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })).json()[0];
    const history = (await server().call('GET', `/${appId}/console/messaging/channels/${channel.channelid}/messages`, { authKey: dev.authKey })).json();
    expect(history[0]).toMatchObject({ messageId, message: { hello: 'world' }, publisherId: 'device-7', headers: { city: 'Oslo' }, subtopic: 'x' });
  });

  it('answers 404 for an unknown channel, 401 for a wrong key, 400 for bad input', async () => {
    const missing = await server().call('POST', `${root()}/messaging/nowhere`, { body: { message: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 1000, message: "Channel 'nowhere' does not exist" });
    const wrong = await server().call('POST', `/${appId}/WRONG/messaging/default`, { body: { message: 'x' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(8002);
    expect((await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x', headers: 'nope' } })).statusCode).toBe(400);
    expect((await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x', repeatEvery: 0.5 } })).statusCode).toBe(400);
    expect((await server().call('POST', `${root()}/messaging/default`, { body: { message: 'x'.repeat(70_000) } })).statusCode).toBe(413);
    expect((await server().call('GET', `${root()}/messaging/NO-SUCH-MESSAGE`)).statusCode).toBe(404);
  });

  it('registers, reads, re-registers and unregisters a device', async () => {
    const body = { deviceToken: 'fcm-token-1', deviceId: 'phone-1', os: 'ANDROID', osVersion: '14', channels: ['default'], expiration: 1900000000 };
    const reg = await server().call('POST', `${root()}/messaging/registrations`, { body });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ deviceId: 'phone-1', deviceToken: 'fcm-token-1', os: 'ANDROID', osVersion: '14', channels: ['default'], expiration: 1900000000000 });
    expect(typeof reg.json().registrationId).toBe('string');

    const again = await server().call('POST', `${root()}/messaging/registrations`, { body: { ...body, deviceToken: 'fcm-token-2', channels: undefined } });
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
