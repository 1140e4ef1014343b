import type { FastifyInstance } from 'fastify';
import { Routes, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, registeredRouteNames } from '../../http/route.js';
import type { ChannelsService, PublishInput } from './channels.service.js';
import type { PushService, SendPushInput, TemplateKind } from './push.service.js';
import { parseDeviceWhere } from './device-where.js';

const R = Routes.messaging;

type Paging = { offset?: number; pageSize?: number; pagesize?: number };
function paging(q: Paging): [number, number] {
  return [q.offset ?? 0, q.pageSize ?? q.pagesize ?? 20];
}

type AppParams = { appId: string };
type PlatformQuery = { platform?: string };

/** Console routes of the messaging area (`messaging` group of the reference client). */
export function registerMessagingRoutes(app: FastifyInstance, ctx: ServerContext, channels: ChannelsService, push: PushService): void {
  handle<AppParams>(app, ctx, R.loadChannels, ({ params }) => channels.list(params.appId));
  // getMessagingChannels is the same route; it is served by the handler above.
  registeredRouteNames.add(R.getMessagingChannels.name);
  handle<AppParams, unknown, { name: string }>(app, ctx, R.createChannel, ({ params, body }) => channels.create(params.appId, body.name));
  handle<AppParams & { channelid: string }, unknown, { name: string }>(app, ctx, R.renameChannel, ({ params, body }) => channels.rename(params.appId, params.channelid, body.name));
  handle<AppParams & { channelId: string }>(app, ctx, R.deleteChannel, async ({ params }) => {
    await channels.delete(params.appId, params.channelId);
    return { deleted: true };
  });

  handle<AppParams & { channelId: string }, Paging & { where?: string }>(app, ctx, R.loadDevices, ({ params, query }) =>
    channels.devices(params.appId, params.channelId, parseDeviceWhere(query.where), ...paging(query)));
  handle<AppParams & { channelId: string }, { where?: string }>(app, ctx, R.loadDevicesCount, ({ params, query }) =>
    channels.countDevices(params.appId, params.channelId, parseDeviceWhere(query.where)));
  handle<AppParams & { channelId: string }, unknown, string[]>(app, ctx, R.deleteDevices, ({ params, body }) => channels.removeDevices(params.appId, params.channelId, body));

  handle<AppParams & { channelId: string }, Paging>(app, ctx, R.loadMessages, ({ params, query }) => channels.messages(params.appId, params.channelId, ...paging(query)));
  handle<AppParams & { channelId: string }>(app, ctx, R.loadMessagesCount, ({ params }) => channels.countMessages(params.appId, params.channelId));
  handle<AppParams & { channelName: string }, unknown, PublishInput>(app, ctx, R.publishMessage, ({ params, body }) =>
    channels.publish(params.appId, params.channelName, body ?? {}));

  handle<AppParams>(app, ctx, R.getPushTemplates, ({ params }) => push.templates(params.appId, 'push'));
  handle<AppParams & { pushTemplateName: string }>(app, ctx, R.getPushTemplate, ({ params }) => push.template(params.appId, 'push', params.pushTemplateName));
  handle<AppParams, unknown, Record<string, unknown>>(app, ctx, R.createPushTemplate, ({ params, body }) => push.createTemplate(params.appId, 'push', body));
  handle<AppParams & { pushTemplateName: string }, unknown, Record<string, unknown>>(app, ctx, R.updatePushTemplate, ({ params, body }) =>
    push.updateTemplate(params.appId, 'push', params.pushTemplateName, body));
  handle<AppParams, { names: string }>(app, ctx, R.deletePushTemplates, ({ params, query }) => push.deleteTemplates(params.appId, 'push', query.names.split(',')));

  handle<AppParams, { where?: string }>(app, ctx, R.getPushRecipientsCount, ({ params, query }) => push.recipientsCount(params.appId, query.where));
  handle<AppParams, unknown, SendPushInput>(app, ctx, R.sendPush, ({ params, body }) => push.send(params.appId, body ?? {}));
  handle<AppParams, Paging & { status?: string }>(app, ctx, R.getPushOutbox, ({ params, query }) => push.outbox(params.appId, query.status, ...paging(query)));
  handle<AppParams & { deliveryId: string }>(app, ctx, R.retryPushDelivery, ({ params }) => push.retryDelivery(params.appId, params.deliveryId));
  handle<AppParams, { status?: string }>(app, ctx, R.getPushOutboxCount, ({ params, query }) => push.countOutbox(params.appId, query.status));

  // Button templates (interactive notification actions) and channel templates (Android
  // notification channels) have the same routes, keyed by platform.
  const platformTemplates = (kind: TemplateKind, list: RouteDef, create: RouteDef, update: RouteDef, remove: RouteDef) => {
    handle<AppParams, PlatformQuery>(app, ctx, list, ({ params, query }) => push.templates(params.appId, kind, query.platform));
    handle<AppParams, PlatformQuery, Record<string, unknown>>(app, ctx, create, ({ params, query, body }) => push.createTemplate(params.appId, kind, body, query.platform));
    handle<AppParams & { templateName: string }, PlatformQuery, Record<string, unknown>>(app, ctx, update, ({ params, query, body }) =>
      push.updateTemplate(params.appId, kind, params.templateName, body, query.platform));
    handle<AppParams & { templateName: string }, PlatformQuery>(app, ctx, remove, ({ params, query }) =>
      push.deleteTemplates(params.appId, kind, [params.templateName], query.platform));
  };
  platformTemplates('button', R.getPushButtonTemplates, R.createPushButtonTemplate, R.updatePushButtonTemplate, R.deletePushButtonTemplate);
  platformTemplates('channel', R.getPushChannelTemplates, R.createPushChannelTemplate, R.updatePushChannelTemplate, R.deletePushChannelTemplate);
}
