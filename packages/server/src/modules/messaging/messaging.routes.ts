import type { FastifyInstance } from 'fastify';
import { Routes, type QueryOf } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, registeredRouteNames } from '../../http/route.js';
import type { ChannelsService } from './channels.service.js';
import type { PushService } from './push.service.js';
import { parseDeviceWhere } from './device-where.js';

const R = Routes.messaging;

/** Offset and page size of the list routes (either spelling of the page size; 20 when none). */
function paging(q: Pick<QueryOf<typeof R.loadDevices>, 'offset' | 'pageSize' | 'pagesize'>): [number, number] {
  return [q.offset ?? 0, q.pageSize ?? q.pagesize ?? 20];
}

/** Console routes of the messaging area (`messaging` group of the reference client). */
export function registerMessagingRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  channels: ChannelsService,
  push: PushService,
): void {
  handle(app, ctx, R.loadChannels, ({ params }) => channels.list(params.appId));
  // getMessagingChannels is the same route; it is served by the handler above.
  registeredRouteNames.add(R.getMessagingChannels.name);
  handle(app, ctx, R.createChannel, ({ params, body }) => channels.create(params.appId, body.name));
  handle(app, ctx, R.renameChannel, ({ params, body }) => channels.rename(params.appId, params.channelid, body.name));
  handle(app, ctx, R.deleteChannel, async ({ params }) => {
    await channels.delete(params.appId, params.channelId);
    return { deleted: true };
  });

  handle(app, ctx, R.loadDevices, ({ params, query }) =>
    channels.devices(params.appId, params.channelId, parseDeviceWhere(query.where), ...paging(query)),
  );
  handle(app, ctx, R.loadDevicesCount, ({ params, query }) =>
    channels.countDevices(params.appId, params.channelId, parseDeviceWhere(query.where)),
  );
  handle(app, ctx, R.deleteDevices, ({ params, body }) => channels.removeDevices(params.appId, params.channelId, body));

  handle(app, ctx, R.loadMessages, ({ params, query }) =>
    channels.messages(params.appId, params.channelId, ...paging(query)),
  );
  handle(app, ctx, R.loadMessagesCount, ({ params }) => channels.countMessages(params.appId, params.channelId));
  handle(app, ctx, R.publishMessage, ({ params, body }) => channels.publish(params.appId, params.channelName, body));

  handle(app, ctx, R.getPushTemplates, ({ params }) => push.templates(params.appId, 'push'));
  handle(app, ctx, R.getPushTemplate, ({ params }) => push.template(params.appId, 'push', params.pushTemplateName));
  handle(app, ctx, R.createPushTemplate, ({ params, body }) => push.createTemplate(params.appId, 'push', body));
  handle(app, ctx, R.updatePushTemplate, ({ params, body }) =>
    push.updateTemplate(params.appId, 'push', params.pushTemplateName, body),
  );
  handle(app, ctx, R.deletePushTemplates, ({ params, query }) =>
    push.deleteTemplates(params.appId, 'push', query.names.split(',')),
  );

  handle(app, ctx, R.getPushRecipientsCount, ({ params, query }) => push.recipientsCount(params.appId, query.where));
  handle(app, ctx, R.sendPush, ({ params, body }) => push.send(params.appId, body));
  handle(app, ctx, R.getPushOutbox, ({ params, query }) => push.outbox(params.appId, query.status, ...paging(query)));
  handle(app, ctx, R.retryPushDelivery, ({ params }) => push.retryDelivery(params.appId, params.deliveryId));
  handle(app, ctx, R.getPushOutboxCount, ({ params, query }) => push.countOutbox(params.appId, query.status));

  // Button templates (interactive notification actions) and channel templates (Android
  // notification channels) have the same routes, keyed by platform.
  const platformTemplates = [
    [
      'button',
      R.getPushButtonTemplates,
      R.createPushButtonTemplate,
      R.updatePushButtonTemplate,
      R.deletePushButtonTemplate,
    ],
    [
      'channel',
      R.getPushChannelTemplates,
      R.createPushChannelTemplate,
      R.updatePushChannelTemplate,
      R.deletePushChannelTemplate,
    ],
  ] as const;
  for (const [kind, list, create, update, remove] of platformTemplates) {
    handle(app, ctx, list, ({ params, query }) => push.templates(params.appId, kind, query.platform));
    handle(app, ctx, create, ({ params, query, body }) =>
      push.createTemplate(params.appId, kind, body, query.platform),
    );
    handle(app, ctx, update, ({ params, query, body }) =>
      push.updateTemplate(params.appId, kind, params.templateName, body, query.platform),
    );
    handle(app, ctx, remove, ({ params, query }) =>
      push.deleteTemplates(params.appId, kind, [params.templateName], query.platform),
    );
  }
}
