import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { appleDeviceType, type MobileSettingsService } from './mobile-settings.service.js';

const R = Routes.settings;

/**
 * Mobile settings (push credentials) of the settings area. Registered by messaging, which owns
 * the credentials; these exact paths win over the settings area's 501 catch-all.
 */
export function registerMobileSettingsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  settings: MobileSettingsService,
): void {
  handle(app, ctx, R.getMobileSettings, ({ params }) => settings.get(params.appId));
  handle(app, ctx, R.createAndroidMobileSettings, ({ params, body }) => settings.saveAndroid(params.appId, body));
  handle(app, ctx, R.updateAndroidMobileSettings, ({ params, body }) =>
    settings.saveAndroid(params.appId, body, params.id),
  );
  handle(app, ctx, R.deleteAndroidMobileSettings, ({ params }) => settings.delete(params.appId, 'FCM', params.id));
  handle(app, ctx, R.createAppleMobileSettings, ({ params, body }) =>
    settings.saveApple(params.appId, params.deviceType, body),
  );
  handle(app, ctx, R.updateAppleMobileSettings, ({ params, body }) =>
    settings.saveApple(params.appId, params.deviceType, body, params.id),
  );
  handle(app, ctx, R.deleteAppleMobileCertificate, ({ params }) => {
    appleDeviceType(params.deviceType);
    return settings.delete(params.appId, 'APNS', params.id);
  });
}
