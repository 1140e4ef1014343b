import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const CH = 'test-channel-id';
const T = 'test-template';
const r = ok({ foo: 'bar' });
const m = (api: any) => api.messaging;

describeParity('messaging', [
  ['loadChannels', (api) => m(api).loadChannels(A), [r]],
  ['loadChannels refused', (api) => m(api).loadChannels(A), [fail()]],
  ['createChannel sends the name with the default settings', (api) => m(api).createChannel(A, 'test-channel'), [r]],
  ['createChannel refused', (api) => m(api).createChannel(A, 'test-channel'), [fail('Channel already exists', 409)]],
  [
    'renameChannel sends the channel with the new name',
    (api) => m(api).renameChannel(A, { channelid: CH, name: 'old-name' }, 'new-name'),
    [r],
  ],
  ['renameChannel of an empty channel object', (api) => m(api).renameChannel(A, {}, 'new-name'), [r]],
  [
    'renameChannel refused',
    (api) => m(api).renameChannel(A, { channelid: CH }, 'new-name'),
    [fail('Channel not found', 404)],
  ],
  ['deleteChannel', (api) => m(api).deleteChannel(A, CH), [r]],
  ['deleteChannel refused', (api) => m(api).deleteChannel(A, CH), [fail('Channel not found', 404)]],
  [
    'loadDevices: the page, then the count',
    (api) => m(api).loadDevices(A, CH, { limit: 10, offset: 0 }),
    [ok([{ deviceId: '123' }, { deviceId: '456' }]), ok(2)],
  ],
  ['loadDevices without parameters', (api) => m(api).loadDevices(A, CH), [ok([]), ok(0)]],
  ['loadDevices refused', (api) => m(api).loadDevices(A, CH), [fail('Unauthorized', 401)]],
  ['deleteDevices sends the ids', (api) => m(api).deleteDevices(A, CH, ['device1', 'device2', 'device3']), [r]],
  ['deleteDevices of no ids', (api) => m(api).deleteDevices(A, CH, []), [r]],
  ['deleteDevices refused', (api) => m(api).deleteDevices(A, CH, ['device1']), [fail('Devices not found', 404)]],
  [
    'loadMessages: the page, then the count (not cached)',
    (api) => m(api).loadMessages(A, CH, { limit: 20, offset: 10 }),
    [ok([{ messageId: '123' }, { messageId: '456' }]), ok(2)],
  ],
  ['loadMessages without parameters', (api) => m(api).loadMessages(A, CH), [ok([]), ok(0)]],
  ['loadMessages refused', (api) => m(api).loadMessages(A, CH), [fail('Channel not found', 404)]],
  [
    'publishMessage',
    (api) =>
      m(api).publishMessage(A, 'test-channel', {
        message: 'Hello World',
        publisherId: 'user123',
        headers: { customHeader: 'value' },
      }),
    [r],
  ],
  ['publishMessage with no parameters', (api) => m(api).publishMessage(A, 'test-channel', {}), [r]],
  [
    'publishMessage refused',
    (api) => m(api).publishMessage(A, 'test-channel', { message: 'test' }),
    [fail('Channel not found', 404)],
  ],
  ['getMessagingChannels', (api) => m(api).getMessagingChannels(A), [r]],
  ['getMessagingChannels refused', (api) => m(api).getMessagingChannels(A), [fail()]],
  ['getPushTemplates', (api) => m(api).getPushTemplates(A), [r]],
  ['getPushTemplates refused', (api) => m(api).getPushTemplates(A), [fail()]],
  [
    'createPushTemplate',
    (api) =>
      m(api).createPushTemplate(A, {
        name: T,
        content: 'Hello {{name}}!',
        ios: { alert: 'New message' },
        android: { title: 'Notification' },
      }),
    [r],
  ],
  [
    'createPushTemplate refused',
    (api) => m(api).createPushTemplate(A, { name: T }),
    [fail('Template already exists', 409)],
  ],
  [
    'updatePushTemplate',
    (api) =>
      m(api).updatePushTemplate(A, T, { content: 'Updated: Hello {{name}}!', ios: { alert: 'Updated message' } }),
    [r],
  ],
  [
    'updatePushTemplate refused',
    (api) => m(api).updatePushTemplate(A, T, { content: 'test' }),
    [fail('Template not found', 404)],
  ],
  ['getPushTemplate', (api) => m(api).getPushTemplate(A, T), [r]],
  ['getPushTemplate refused', (api) => m(api).getPushTemplate(A, T), [fail('Template not found', 404)]],
  [
    'deletePushTemplates names them in the query',
    (api) => m(api).deletePushTemplates(A, ['template1', 'template2', 'template3']),
    [r],
  ],
  ['deletePushTemplates of one', (api) => m(api).deletePushTemplates(A, ['single-template']), [r]],
  [
    'deletePushTemplates refused',
    (api) => m(api).deletePushTemplates(A, ['nonexistent']),
    [fail('Templates not found', 404)],
  ],
  [
    'getPushRecipientsCount with a where',
    (api) => m(api).getPushRecipientsCount(A, "age > 18 AND city = 'New York'"),
    [r],
  ],
  ['getPushRecipientsCount with an empty where', (api) => m(api).getPushRecipientsCount(A, ''), [r]],
  [
    'getPushRecipientsCount refused',
    (api) => m(api).getPushRecipientsCount(A, 'invalid syntax'),
    [fail('Invalid where clause', 400)],
  ],
  [
    'sendPush',
    (api) =>
      m(api).sendPush(A, {
        where: 'age > 18',
        message: 'Hello World!',
        ios: { alert: 'New message' },
        android: { title: 'Notification' },
      }),
    [r],
  ],
  ['sendPush refused', (api) => m(api).sendPush(A, { message: 'test' }), [fail('Invalid push data', 400)]],
  ['getPushButtonTemplates of a platform', (api) => m(api).getPushButtonTemplates(A, 'ios'), [r]],
  ['getPushButtonTemplates without a platform', (api) => m(api).getPushButtonTemplates(A), [r]],
  ['getPushButtonTemplates refused', (api) => m(api).getPushButtonTemplates(A, 'ios'), [fail()]],
  [
    'createPushButtonTemplate',
    (api) =>
      m(api).createPushButtonTemplate(A, {
        name: 'action-buttons',
        buttons: [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ],
      }),
    [r],
  ],
  [
    'createPushButtonTemplate refused',
    (api) => m(api).createPushButtonTemplate(A, { name: 'test' }),
    [fail('Template already exists', 409)],
  ],
  [
    'updatePushButtonTemplate',
    (api) =>
      m(api).updatePushButtonTemplate(A, T, {
        buttons: [
          { id: 'accept', title: 'Accept' },
          { id: 'decline', title: 'Decline' },
        ],
      }),
    [r],
  ],
  [
    'updatePushButtonTemplate refused',
    (api) => m(api).updatePushButtonTemplate(A, T, { buttons: [] }),
    [fail('Template not found', 404)],
  ],
  ['deletePushButtonTemplate of a platform', (api) => m(api).deletePushButtonTemplate(A, T, 'ios'), [r]],
  ['deletePushButtonTemplate without a platform', (api) => m(api).deletePushButtonTemplate(A, T), [r]],
  [
    'deletePushButtonTemplate refused',
    (api) => m(api).deletePushButtonTemplate(A, T, 'ios'),
    [fail('Template not found', 404)],
  ],
  ['getPushChannelTemplates of a platform', (api) => m(api).getPushChannelTemplates(A, 'ios'), [r]],
  ['getPushChannelTemplates without a platform', (api) => m(api).getPushChannelTemplates(A), [r]],
  ['getPushChannelTemplates refused', (api) => m(api).getPushChannelTemplates(A, 'ios'), [fail()]],
  [
    'createPushChannelTemplate of a platform',
    (api) =>
      m(api).createPushChannelTemplate(
        A,
        { name: 'news-channel', description: 'Channel for news notifications', importance: 'high' },
        'ios',
      ),
    [r],
  ],
  [
    'createPushChannelTemplate without a platform',
    (api) => m(api).createPushChannelTemplate(A, { name: 'test-channel' }),
    [r],
  ],
  [
    'createPushChannelTemplate refused',
    (api) => m(api).createPushChannelTemplate(A, { name: 'test' }, 'ios'),
    [fail('Template already exists', 409)],
  ],
  [
    'updatePushChannelTemplate of a platform',
    (api) =>
      m(api).updatePushChannelTemplate(
        A,
        T,
        { description: 'Updated channel description', importance: 'medium' },
        'ios',
      ),
    [r],
  ],
  [
    'updatePushChannelTemplate without a platform',
    (api) => m(api).updatePushChannelTemplate(A, T, { description: 'test' }),
    [r],
  ],
  [
    'updatePushChannelTemplate refused',
    (api) => m(api).updatePushChannelTemplate(A, T, { description: 'test' }, 'ios'),
    [fail('Template not found', 404)],
  ],
  ['deletePushChannelTemplate of a platform', (api) => m(api).deletePushChannelTemplate(A, T, 'ios'), [r]],
  ['deletePushChannelTemplate without a platform', (api) => m(api).deletePushChannelTemplate(A, T), [r]],
  [
    'deletePushChannelTemplate refused',
    (api) => m(api).deletePushChannelTemplate(A, T, 'ios'),
    [fail('Template not found', 404)],
  ],
]);
