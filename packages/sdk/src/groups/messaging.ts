import {
  Routes,
  type BodyOf,
  type MessagingChannel,
  type Open,
  type QueryInputOf,
  type ResponseOf,
} from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import type { QueryValue } from '../transport/encode.js';
import type { DataWithTotal } from '../transport/transport.js';
import type { GroupContext } from './group-context.js';

const r = Routes.messaging;

/** Answer of a messaging route. */
type Answer<K extends keyof typeof r> = ResponseOf<(typeof r)[K]>;

/** The settings the reference client sends with every channel create and rename. */
export const CHANNEL_SETTINGS = { polling: true, rtmp: 0, websocket: 8888 } as const;

/** What a publish sends: the message and its publish/delivery options. */
export type PublishParams = Open<BodyOf<typeof r.publishMessage>>;

/** A push to send. */
export type PushParams = Open<BodyOf<typeof r.sendPush>>;

/** A push, button or channel template (free-form, named). */
export type Template = Open<BodyOf<typeof r.createPushTemplate>>;

/** The query of a list route: its declared keys (paging, filters) and any other key, passed on. */
type ListQuery<K extends 'loadDevices' | 'loadMessages' | 'getPushOutbox'> = Open<
  QueryInputOf<(typeof r)[K]>,
  QueryValue
>;

const seg = (text: string) => encodeURIComponent(text);

/** Channels, messages, devices and push (`messaging` group of the reference client). */
export function createMessagingGroup({ request }: GroupContext) {
  const devicesTag = (channelId: string) => CacheTags.CHANNEL_DEVICES(channelId);
  return {
    /** The app's channels. */
    loadChannels(appId: string): Promise<Answer<'loadChannels'>> {
      return request.route(r.loadChannels, [appId]);
    },

    /** Creates a channel (with the fixed settings polling, rtmp 0, websocket 8888). */
    createChannel(appId: string, channelName: string): Promise<Answer<'createChannel'>> {
      return request.route(r.createChannel, [appId], { body: { name: channelName, settings: CHANNEL_SETTINGS } });
    },

    /** Renames a channel: sends the old channel's fields with the new name and the fixed settings. */
    renameChannel(
      appId: string,
      oldChannel: Partial<MessagingChannel> & { channelid: string },
      newName: string,
    ): Promise<Answer<'renameChannel'>> {
      // The channel as given with the default settings, then the new name (field order as the reference sends it).
      const channel: Record<string, unknown> = { ...oldChannel, settings: CHANNEL_SETTINGS };
      channel.name = newName;
      return request.route(r.renameChannel, [appId, seg(String(oldChannel.channelid))], { body: channel });
    },

    /** Deletes a channel (and forgets its cached device counts). */
    deleteChannel(appId: string, channelId: string): Promise<Answer<'deleteChannel'>> {
      return request.route(r.deleteChannel, [appId, seg(channelId)], { cacheTags: [devicesTag(channelId)] });
    },

    /** A page of a channel's devices and their total (`{data, totalRows}`; the count is cached 30 s). */
    async loadDevices(
      appId: string,
      channelId: string,
      params: ListQuery<'loadDevices'> = {},
    ): Promise<DataWithTotal<Answer<'loadDevices'>>> {
      const list = request.routeSpec(r.loadDevices, [appId, seg(channelId)], {
        query: params,
        cacheTags: [devicesTag(channelId)],
      });
      return request.getWithData(list);
    },

    /** Unregisters devices from a channel. */
    deleteDevices(appId: string, channelId: string, devicesIds: string[]): Promise<Answer<'deleteDevices'>> {
      return request.route(r.deleteDevices, [appId, seg(channelId)], {
        body: devicesIds,
        cacheTags: [devicesTag(channelId)],
      });
    },

    /**
     * A page of a channel's messages, then (when it came) their total; the count is never cached:
     * messages keep coming.
     */
    async loadMessages(
      appId: string,
      channelId: string,
      params: ListQuery<'loadMessages'> = {},
    ): Promise<DataWithTotal<Answer<'loadMessages'>>> {
      const list = request.routeSpec(r.loadMessages, [appId, seg(channelId)], { query: params });
      const data = await request.send<Answer<'loadMessages'>>(list);
      return {
        data,
        totalRows: await request.send<Answer<'loadMessagesCount'>>({ ...request.countSpec(list), cache: undefined }),
      };
    },

    /** Publishes a message to a channel (delivered to real-time subscribers). */
    publishMessage(appId: string, channelName: string, params: PublishParams): Promise<Answer<'publishMessage'>> {
      return request.route(r.publishMessage, [appId, seg(channelName)], { body: params });
    },

    /** The app's channels (same route as `loadChannels`). */
    getMessagingChannels(appId: string): Promise<Answer<'getMessagingChannels'>> {
      return request.route(r.getMessagingChannels, [appId]);
    },

    /** Push templates. */
    getPushTemplates(appId: string): Promise<Answer<'getPushTemplates'>> {
      return request.route(r.getPushTemplates, [appId]);
    },

    /** Creates a push template. */
    createPushTemplate(appId: string, pushTemplate: Template): Promise<Answer<'createPushTemplate'>> {
      return request.route(r.createPushTemplate, [appId], { body: pushTemplate });
    },

    /** Replaces a push template. */
    updatePushTemplate(
      appId: string,
      pushTemplateName: string,
      pushTemplate: Template,
    ): Promise<Answer<'updatePushTemplate'>> {
      return request.route(r.updatePushTemplate, [appId, seg(pushTemplateName)], { body: pushTemplate });
    },

    /** One push template. */
    getPushTemplate(appId: string, pushTemplateName: string): Promise<Answer<'getPushTemplate'>> {
      return request.route(r.getPushTemplate, [appId, seg(pushTemplateName)]);
    },

    /** Deletes push templates (names sent comma-joined). */
    deletePushTemplates(appId: string, pushTemplateNames: string[]): Promise<Answer<'deletePushTemplates'>> {
      return request.route(r.deletePushTemplates, [appId], { query: { names: pushTemplateNames.join(',') } });
    },

    /** How many devices a push with this device `where` would reach. */
    getPushRecipientsCount(appId: string, where?: string): Promise<Answer<'getPushRecipientsCount'>> {
      return request.route(r.getPushRecipientsCount, [appId], { query: { where } });
    },

    /** Sends a push (deliveries wait in the outbox while no provider credentials are set). */
    sendPush(appId: string, push: PushParams): Promise<Answer<'sendPush'>> {
      return request.route(r.sendPush, [appId], { body: push });
    },

    /** Button templates of a platform. */
    getPushButtonTemplates(appId: string, platform?: string): Promise<Answer<'getPushButtonTemplates'>> {
      return request.route(r.getPushButtonTemplates, [appId], { query: { platform } });
    },

    /** Creates a button template. */
    createPushButtonTemplate(appId: string, templateData: Template): Promise<Answer<'createPushButtonTemplate'>> {
      return request.route(r.createPushButtonTemplate, [appId], { body: templateData });
    },

    /** Replaces a button template. */
    updatePushButtonTemplate(
      appId: string,
      templateName: string,
      templateData: Template,
    ): Promise<Answer<'updatePushButtonTemplate'>> {
      return request.route(r.updatePushButtonTemplate, [appId, seg(templateName)], { body: templateData });
    },

    /** Deletes a button template of a platform. */
    deletePushButtonTemplate(
      appId: string,
      templateName: string,
      platform?: string,
    ): Promise<Answer<'deletePushButtonTemplate'>> {
      return request.route(r.deletePushButtonTemplate, [appId, seg(templateName)], { query: { platform } });
    },

    /** Channel templates of a platform. */
    getPushChannelTemplates(appId: string, platform?: string): Promise<Answer<'getPushChannelTemplates'>> {
      return request.route(r.getPushChannelTemplates, [appId], { query: { platform } });
    },

    /** Creates a channel template for a platform. */
    createPushChannelTemplate(
      appId: string,
      templateData: Template,
      platform?: string,
    ): Promise<Answer<'createPushChannelTemplate'>> {
      return request.route(r.createPushChannelTemplate, [appId], { query: { platform }, body: templateData });
    },

    /** Replaces a channel template of a platform. */
    updatePushChannelTemplate(
      appId: string,
      templateName: string,
      templateData: Template,
      platform?: string,
    ): Promise<Answer<'updatePushChannelTemplate'>> {
      return request.route(r.updatePushChannelTemplate, [appId, seg(templateName)], {
        query: { platform },
        body: templateData,
      });
    },

    /** Deletes a channel template of a platform. */
    deletePushChannelTemplate(
      appId: string,
      templateName: string,
      platform?: string,
    ): Promise<Answer<'deletePushChannelTemplate'>> {
      return request.route(r.deletePushChannelTemplate, [appId, seg(templateName)], { query: { platform } });
    },

    /** Basalt addition: sends a failed or waiting delivery again (answers it with its new status). */
    retryPushDelivery(appId: string, deliveryId: string): Promise<Answer<'retryPushDelivery'>> {
      return request.route(r.retryPushDelivery, [appId, seg(deliveryId)]);
    },

    /** Basalt addition: a page of push deliveries with their status, and the total. */
    async getPushOutbox(
      appId: string,
      params: ListQuery<'getPushOutbox'> = {},
    ): Promise<DataWithTotal<Answer<'getPushOutbox'>>> {
      const { offset, pageSize, pagesize, ...filter } = params;
      const [data, totalRows] = await Promise.all([
        request.route(r.getPushOutbox, [appId], { query: { ...filter, offset, pageSize, pagesize } }),
        request.route(r.getPushOutboxCount, [appId], { query: filter }),
      ]);
      return { data, totalRows };
    },
  };
}

/** The `messaging` group's methods. */
export type MessagingGroup = ReturnType<typeof createMessagingGroup>;
