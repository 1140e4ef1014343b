import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PublishBody } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp } from '../../http/app-auth.js';
import { checkChannelPermission } from '../security/index.js';
import { checkChannelName, type ChannelsService, type PublishInput } from './channels.service.js';
import type { DevicesService } from './devices.service.js';
import { messagingHooked, publishArgs, publishInput } from './messaging.hooks.js';

type KeyParams = { appId: string; apiKey: string };

/**
 * Messaging routes of the app-facing API (`/{appId}/{apiKey}/messaging/…`, what the `backendless`
 * SDK calls). The literal `registrations` is matched before the `{channel}` parameter, as the
 * SDK's paths require.
 */
export function registerMessagingAppRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  channels: ChannelsService,
  devices: DevicesService,
): void {
  // The key is checked before the body is read, so a caller without one cannot make us parse it.
  const onRequest = async (req: FastifyRequest) => {
    await authenticateApp(ctx, req);
  };
  // Channel permissions (roles, users) are the security area's: Publish is asked here. A publish
  // may create the channel, so its name must first be one a channel may have (400 naming the rule).
  const mayPublish = async (req: FastifyRequest) => {
    const channel = checkChannelName((req.params as { channel: string }).channel);
    const answer = await checkChannelPermission(ctx, await authenticateApp(ctx, req), channel, 'Publish');
    if (!answer.allowed) throw ApiError.forbidden(answer.message);
  };
  const base = '/:appId/:apiKey/messaging';

  app.post<{ Params: KeyParams & { channel: string }; Body: PublishInput }>(
    `${base}/:channel`,
    { onRequest: [onRequest, mayPublish], schema: { body: PublishBody } },
    (req) =>
      messagingHooked(ctx, req, 'Publish', req.params.channel, publishArgs(req.body ?? {}), (args) =>
        channels.publish(req.params.appId, req.params.channel, publishInput(args)),
      ),
  );
  // Operations without a channel run between the handlers registered for every channel ('*').
  const idOf = (a: Record<string, unknown>, sent: string) => (typeof a.messageId === 'string' ? a.messageId : sent);
  app.get<{ Params: KeyParams & { messageId: string } }>(`${base}/:messageId`, { onRequest }, (req) =>
    messagingHooked(ctx, req, 'GetMessageStatus', '*', { messageId: req.params.messageId }, (a) =>
      channels.messageStatus(req.params.appId, idOf(a, req.params.messageId)),
    ),
  );
  // The SDK's `cancel(messageId)`: stops a scheduled or repeating publish.
  app.delete<{ Params: KeyParams & { messageId: string } }>(`${base}/:messageId`, { onRequest }, (req) =>
    messagingHooked(ctx, req, 'Cancel', '*', { messageId: req.params.messageId }, (a) =>
      channels.cancel(req.params.appId, idOf(a, req.params.messageId)),
    ),
  );

  app.post<{ Params: KeyParams; Body: Record<string, unknown> }>(`${base}/registrations`, { onRequest }, (req) => {
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)))
      throw ApiError.badRequest('The registration must be a JSON object');
    return messagingHooked(ctx, req, 'DeviceRegistration', '*', { registration: req.body }, (a) => {
      const registration = a.registration ?? req.body;
      if (
        registration !== undefined &&
        (typeof registration !== 'object' || registration === null || Array.isArray(registration))
      )
        throw ApiError.badRequest('The registration must be a JSON object');
      return devices.register(req.params.appId, registration as Record<string, unknown> | undefined);
    });
  });
  app.get<{ Params: KeyParams & { deviceId: string } }>(`${base}/registrations/:deviceId`, { onRequest }, (req) =>
    devices.get(req.params.appId, req.params.deviceId),
  );
  app.delete<{ Params: KeyParams & { deviceId: string } }>(`${base}/registrations/:deviceId`, { onRequest }, (req) =>
    devices.unregister(req.params.appId, req.params.deviceId),
  );
}
