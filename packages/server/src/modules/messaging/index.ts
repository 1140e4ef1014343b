import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { RealtimeServer, registerAppInfoRoute } from '../../realtime/index.js';
import { ChannelsService, channelNameProblem, type PublishInput } from './channels.service.js';
import { DevicesService } from './devices.service.js';
import { PUSH_RETRY_JOB } from './push.service.js';
import { messagingMigrations } from './messaging.migrations.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { registerMessagingAppRoutes } from './app-api.routes.js';
import { registerMessagingSendingRoutes } from './app-api-sending.routes.js';
import { MobileSettingsService } from './mobile-settings/mobile-settings.service.js';
import { registerMobileSettingsRoutes } from './mobile-settings/mobile-settings.routes.js';
import { PUBLISH_JOB, publishJobOf } from './schedule/publish-jobs.repo.js';

export { DEFAULT_CHANNEL, MAX_MESSAGE_BYTES } from './channels.service.js';
export type { PushProvider, PushDelivery, ProviderName } from './push-providers.js';
export { realtimeUrl } from '../../realtime/index.js';
export { PushService } from './push.service.js';

/**
 * Stores an app's push credentials: `FCM` takes a Firebase service-account JSON object, `APNS`
 * `{keyId, teamId, privateKey, bundleId, production}`. For the settings area (mobile settings).
 */
export function setPushProviderConfig(
  ctx: ServerContext,
  appId: string,
  provider: 'FCM' | 'APNS',
  config: unknown,
): Promise<string> {
  return ctx.push.setProviderConfig(appId, provider, config);
}

/** Publishes to a channel from server-side code (cloud code, flows): same path as the API routes. */
export function publishToChannel(ctx: ServerContext, appId: string, channel: string, input: PublishInput) {
  return new ChannelsService(ctx, ctx.push).publish(appId, channel, input);
}

/**
 * Messaging (channels, messages, devices, push templates, push sending with its outbox) and the
 * real-time server it feeds, which shares the HTTP port.
 */
export const messagingModule: ServerModule = {
  area: 'messaging',
  // Settings › Mobile (push credentials) is served here; the rest of Settings is not built yet.
  partOf: ['settings'],
  name: 'messaging',
  systemMigrations: messagingMigrations,
  register(app, ctx) {
    // The server's one push service (built by app.ts): credentials set from anywhere share its retry work.
    const push = ctx.push;
    const channels = new ChannelsService(ctx, push);
    const devices = new DevicesService(channels);
    // Scheduled publishes are jobs of the general scheduler, at most once: a process that dies
    // while publishing loses that one firing rather than users receiving it twice (decision 0033).
    // The due time moves on in the claim, so the lease only keeps the next tick from starting on
    // another node while this one still publishes (it is renewed while the run lasts). A short
    // one means a node killed mid-tick holds up a repeating publish for seconds, not 30.
    ctx.jobs.register<{ channel: string; input: unknown }>(PUBLISH_JOB, {
      delivery: 'at-most-once',
      leaseMs: 5_000,
      run: (job) => channels.fireScheduled(publishJobOf(job)),
    });
    // Deliveries that waited for credentials: at least once, so a sweep cut short (stop or crash)
    // is picked up by another process; per-delivery claims keep it from sending anything twice.
    ctx.jobs.register<{ provider: string }>(PUSH_RETRY_JOB, {
      delivery: 'at-least-once',
      leaseMs: 60_000,
      run: (job) => push.sweepWaiting(job.appId!, job.payload.provider),
    });

    // Every app starts with the `default` channel.
    ctx.appCreatedHooks.push((appId) => channels.seedDefaultChannel(appId));

    registerMessagingRoutes(app, ctx, channels, push);
    registerMessagingAppRoutes(app, ctx, channels, devices);
    registerMessagingSendingRoutes(app, ctx, channels, push);
    registerMobileSettingsRoutes(app, ctx, new MobileSettingsService(push));
    registerAppInfoRoute(app, ctx);

    // Subscribing to a channel that does not exist yet creates it, as publishing does.
    const realtime = new RealtimeServer(ctx, {
      channelNameProblem,
      openChannel: async (appId, channel) => {
        await channels.channelForUse(appId, channel);
      },
    });
    // The HTTP server exists from the start; real time attaches once the app is ready, before it
    // listens, and lets go before the server closes so open sockets do not hold the shutdown.
    app.addHook('onReady', async () => {
      await realtime.attach(app.server);
    });
    app.addHook('preClose', async () => {
      await realtime.close();
    });
    app.addHook('onClose', async () => push.drain());
  },
};
