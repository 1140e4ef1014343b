/** The SDK's `messaging` group against the real server, on both databases. */
import { beforeAll, expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK messaging against the server', (session) => {
  /** Registers a device through the app API, as a phone would. */
  const register = async (deviceId: string, os: string, channels: string[]) => {
    const { url, appId, apiKeys } = session();
    const res = await fetch(`${url}/${appId}/${apiKeys[os]}/messaging/registrations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceToken: `token-${deviceId}`, deviceId, os, osVersion: '14', channels }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    const { client, appId } = session();
    await client.messaging.createChannel(appId, 'promo');
    await register('d1', 'ANDROID', ['promo']);
    await register('d2', 'ANDROID', ['promo']);
    await register('d3', 'IOS', ['promo']);
  });

  it('creates, renames and deletes channels', async () => {
    const { client, appId } = session();
    const news = await client.messaging.createChannel(appId, 'news');
    expect(news).toMatchObject({ name: 'news', settings: { polling: true, rtmp: 0, websocket: 8888 } });
    expect(await client.messaging.renameChannel(appId, news, 'headlines')).toMatchObject({
      channelid: news.channelid,
      name: 'headlines',
    });
    expect((await client.messaging.loadChannels(appId)).map((c) => c.name)).toEqual(['default', 'promo', 'headlines']);
    await client.messaging.deleteChannel(appId, news.channelid);
    expect((await client.messaging.getMessagingChannels(appId)).map((c) => c.name)).toEqual(['default', 'promo']);
    await expect(client.messaging.createChannel(appId, 'promo')).rejects.toMatchObject({ status: 409 });
  });

  it('publishes and lists the history with its total', async () => {
    const { client, appId } = session();
    const promo = (await client.messaging.loadChannels(appId)).find((c) => c.name === 'promo')!;
    for (let n = 0; n < 3; n++) {
      expect(
        await client.messaging.publishMessage(appId, 'promo', {
          message: { n },
          publisherId: 'console',
          headers: { kind: 'test' },
        }),
      ).toMatchObject({ status: 'published' });
    }
    const page = await client.messaging.loadMessages(appId, promo.channelid, { offset: 0, pageSize: 2 });
    expect(page.totalRows).toBe(3);
    expect(page.data.map((m) => m.message)).toEqual([{ n: 2 }, { n: 1 }]);
    // A channel that does not exist is created by a publish; a name no channel may have is refused.
    await expect(client.messaging.publishMessage(appId, 'no where', { message: 'x' })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
  });

  it("lists, counts and removes a channel's devices; counts push recipients", async () => {
    const { client, appId } = session();
    const promo = (await client.messaging.loadChannels(appId)).find((c) => c.name === 'promo')!;
    const devices = await client.messaging.loadDevices(appId, promo.channelid, { offset: 0, pageSize: 10 });
    expect([devices.totalRows, devices.data.map((d) => d.deviceId).sort()]).toEqual([3, ['d1', 'd2', 'd3']]);
    expect((await client.messaging.loadDevices(appId, promo.channelid, { where: "os = 'IOS'" })).totalRows).toBe(1);
    expect(await client.messaging.getPushRecipientsCount(appId, "os = 'ANDROID'")).toBe(2);

    const push = await client.messaging.sendPush(appId, {
      channelName: 'promo',
      platforms: ['ANDROID', 'IOS'],
      message: { title: 'Sale' },
    });
    expect(push).toMatchObject({ recipients: 3 });
    const outbox = await client.messaging.getPushOutbox(appId, { status: 'no-credentials' });
    expect([outbox.totalRows, outbox.data.map((e) => e.provider).sort()]).toEqual([3, ['APNS', 'FCM', 'FCM']]);

    await client.messaging.deleteDevices(appId, promo.channelid, ['d1']);
    // The delete flushed the cached device count of that channel.
    expect((await client.messaging.loadDevices(appId, promo.channelid)).totalRows).toBe(2);
  });

  it('keeps push, button and channel templates', async () => {
    const { client, appId } = session();
    await client.messaging.createPushTemplate(appId, { name: 'welcome', message: 'Hello' });
    await client.messaging.updatePushTemplate(appId, 'welcome', { name: 'welcome', message: 'Hi' });
    expect(await client.messaging.getPushTemplate(appId, 'welcome')).toMatchObject({ message: 'Hi' });
    expect((await client.messaging.getPushTemplates(appId)).map((t) => t.name)).toEqual(['welcome']);
    await client.messaging.deletePushTemplates(appId, ['welcome']);
    expect(await client.messaging.getPushTemplates(appId)).toEqual([]);

    await client.messaging.createPushButtonTemplate(appId, { name: 'reply', platform: 'IOS', actions: [] });
    await client.messaging.updatePushButtonTemplate(appId, 'reply', { name: 'answer', platform: 'IOS', actions: [] });
    expect((await client.messaging.getPushButtonTemplates(appId, 'IOS')).map((t) => t.name)).toEqual(['answer']);
    await client.messaging.deletePushButtonTemplate(appId, 'answer', 'IOS');
    expect(await client.messaging.getPushButtonTemplates(appId, 'IOS')).toEqual([]);

    await client.messaging.createPushChannelTemplate(appId, { name: 'alerts', importance: 4 }, 'ANDROID');
    await client.messaging.updatePushChannelTemplate(appId, 'alerts', { name: 'alerts', importance: 2 }, 'ANDROID');
    expect(await client.messaging.getPushChannelTemplates(appId, 'ANDROID')).toEqual([
      { name: 'alerts', importance: 2, platform: 'ANDROID' },
    ]);
    await client.messaging.deletePushChannelTemplate(appId, 'alerts', 'ANDROID');
    expect(await client.messaging.getPushChannelTemplates(appId, 'ANDROID')).toEqual([]);
  });
});
