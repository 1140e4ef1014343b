import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const M = `${H}/A/console/messaging`;
const SETTINGS = { polling: true, rtmp: 0, websocket: 8888 };

describeShapes('messaging', [
  ['loadChannels', (c) => c.messaging.loadChannels('A'), get(`${M}/channels`)],
  [
    'createChannel',
    (c) => c.messaging.createChannel('A', 'news'),
    json('POST', `${M}/channels`, { name: 'news', settings: SETTINGS }),
  ],
  [
    'renameChannel',
    (c) => c.messaging.renameChannel('A', { channelid: 'C1', name: 'news', created: 1 }, 'updates'),
    json('PUT', `${M}/channels/C1`, { channelid: 'C1', name: 'updates', created: 1, settings: SETTINGS }),
  ],
  ['deleteChannel', (c) => c.messaging.deleteChannel('A', 'C1'), bare('DELETE', `${M}/channels/C1`)],
  [
    'loadDevices',
    (c) => c.messaging.loadDevices('A', 'C1', { offset: 10, pageSize: 5, where: "os = 'IOS'" }),
    [
      get(`${M}/channels/C1/devices?offset=10&pageSize=5&where=os%20%3D%20'IOS'`),
      get(`${M}/channels/C1/devices/count?where=os%20%3D%20'IOS'`),
    ],
  ],
  [
    'deleteDevices',
    (c) => c.messaging.deleteDevices('A', 'C1', ['d1', 'd2']),
    json('DELETE', `${M}/channels/C1/devices`, ['d1', 'd2']),
  ],
  [
    'loadMessages',
    (c) => c.messaging.loadMessages('A', 'C1', { offset: 0, pagesize: 20 }),
    [get(`${M}/channels/C1/messages?offset=0&pagesize=20`), get(`${M}/channels/C1/messages/count`)],
  ],
  [
    'publishMessage',
    (c) => c.messaging.publishMessage('A', 'news', { message: 'hi', publisherId: 'me', headers: { a: 1 } }),
    json('POST', `${M}/news`, { message: 'hi', publisherId: 'me', headers: { a: 1 } }),
  ],
  ['getMessagingChannels', (c) => c.messaging.getMessagingChannels('A'), get(`${M}/channels`)],
  ['getPushTemplates', (c) => c.messaging.getPushTemplates('A'), get(`${M}/push/templates`)],
  [
    'createPushTemplate',
    (c) => c.messaging.createPushTemplate('A', { name: 'T' }),
    json('POST', `${M}/push/templates`, { name: 'T' }),
  ],
  [
    'updatePushTemplate',
    (c) => c.messaging.updatePushTemplate('A', 'My T', { name: 'My T', x: 1 }),
    json('PUT', `${M}/push/templates/My%20T`, { name: 'My T', x: 1 }),
  ],
  ['getPushTemplate', (c) => c.messaging.getPushTemplate('A', 'T'), get(`${M}/push/templates/T`)],
  [
    'deletePushTemplates',
    (c) => c.messaging.deletePushTemplates('A', ['T1', 'T2']),
    bare('DELETE', `${M}/push/templates?names=T1%2CT2`),
  ],
  [
    'getPushRecipientsCount',
    (c) => c.messaging.getPushRecipientsCount('A', "os = 'ANDROID'"),
    get(`${M}/pushsize?where=os%20%3D%20'ANDROID'`),
  ],
  [
    'sendPush',
    (c) => c.messaging.sendPush('A', { name: 'T', channelName: 'news', platforms: ['IOS'], message: 'm' }),
    json('POST', `${M}/push`, { name: 'T', channelName: 'news', platforms: ['IOS'], message: 'm' }),
  ],
  [
    'getPushButtonTemplates',
    (c) => c.messaging.getPushButtonTemplates('A', 'IOS'),
    get(`${M}/button-templates?platform=IOS`),
  ],
  [
    'createPushButtonTemplate',
    (c) => c.messaging.createPushButtonTemplate('A', { name: 'B' }),
    json('POST', `${M}/button-templates`, { name: 'B' }),
  ],
  [
    'updatePushButtonTemplate',
    (c) => c.messaging.updatePushButtonTemplate('A', 'B', { name: 'B' }),
    json('PUT', `${M}/button-templates/B`, { name: 'B' }),
  ],
  [
    'deletePushButtonTemplate',
    (c) => c.messaging.deletePushButtonTemplate('A', 'B', 'IOS'),
    bare('DELETE', `${M}/button-templates/B?platform=IOS`),
  ],
  [
    'getPushChannelTemplates',
    (c) => c.messaging.getPushChannelTemplates('A', 'ANDROID'),
    get(`${M}/channel-templates?platform=ANDROID`),
  ],
  [
    'createPushChannelTemplate',
    (c) => c.messaging.createPushChannelTemplate('A', { name: 'CT' }, 'ANDROID'),
    json('POST', `${M}/channel-templates?platform=ANDROID`, { name: 'CT' }),
  ],
  [
    'updatePushChannelTemplate',
    (c) => c.messaging.updatePushChannelTemplate('A', 'CT', { name: 'CT' }, 'ANDROID'),
    json('PUT', `${M}/channel-templates/CT?platform=ANDROID`, { name: 'CT' }),
  ],
  [
    'deletePushChannelTemplate',
    (c) => c.messaging.deletePushChannelTemplate('A', 'CT', 'ANDROID'),
    bare('DELETE', `${M}/channel-templates/CT?platform=ANDROID`),
  ],
  [
    'getPushOutbox',
    (c) => c.messaging.getPushOutbox('A', { status: 'no-credentials', offset: 0, pageSize: 10 }),
    [
      get(`${M}/push/outbox?status=no-credentials&offset=0&pageSize=10`),
      get(`${M}/push/outbox/count?status=no-credentials`),
    ],
  ],
  ['retryPushDelivery', (c) => c.messaging.retryPushDelivery('A', 'D1'), bare('POST', `${M}/push/outbox/D1/retry`)],
]);

describe('messaging group: answers and cache', () => {
  it('loadDevices answers {data, totalRows}; the device count is cached until the channel changes', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson([{ deviceId: 'd1' }]);
    replyJson(1);
    expect(await client.messaging.loadDevices('A', 'C1')).toEqual({ data: [{ deviceId: 'd1' }], totalRows: 1 });
    replyJson([]);
    await client.messaging.loadDevices('A', 'C1');
    expect(calls).toHaveLength(3);
    await client.messaging.deleteDevices('A', 'C1', ['d1']);
    await client.messaging.loadDevices('A', 'C1');
    expect(calls.map((c) => c.url.replace(M, ''))).toEqual([
      '/channels/C1/devices',
      '/channels/C1/devices/count',
      '/channels/C1/devices',
      '/channels/C1/devices',
      '/channels/C1/devices',
      '/channels/C1/devices/count',
    ]);
  });

  it('the message count is asked every time', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson([]);
    replyJson(4);
    expect((await client.messaging.loadMessages('A', 'C1')).totalRows).toBe(4);
    await client.messaging.loadMessages('A', 'C1');
    expect(calls.filter((c) => c.url.endsWith('/messages/count'))).toHaveLength(2);
  });
});
