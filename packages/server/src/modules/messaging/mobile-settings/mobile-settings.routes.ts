import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { appleDeviceType, type MobileSettingsService } from './mobile-settings.service.js';

const R = Routes.settings;
type AppParams = { appId: string };
type Body = Record<string, unknown>;

/**
 * Mobile settings (push credentials) of the settings area. Registered by messaging, which owns
 * the credentials; these exact paths win over the settings area's 501 catch-all.
 */
export function registerMobileSettingsRoutes(app: FastifyInstance, ctx: ServerContext, settings: MobileSettingsService): void {
  handle<AppParams>(app, ctx, R.getMobileSettings, ({ params }) => settings.get(params.appId));
  handle<AppParams, unknown, Body>(app, ctx, R.createAndroidMobileSettings, ({ params, body }) => settings.saveAndroid(params.appId, body));
  handle<AppParams & { id: string }, unknown, Body>(app, ctx, R.updateAndroidMobileSettings, ({ params, body }) => settings.saveAndroid(params.appId, body, params.id));
  handle<AppParams & { id: string }>(app, ctx, R.deleteAndroidMobileSettings, ({ params }) => settings.delete(params.appId, 'FCM', params.id));
  handle<AppParams & { deviceType: string }, unknown, Body>(app, ctx, R.createAppleMobileSettings, ({ params, body }) =>
    settings.saveApple(params.appId, params.deviceType, body));
  handle<AppParams & { deviceType: string; id: string }, unknown, Body>(app, ctx, R.updateAppleMobileSettings, ({ params, body }) =>
    settings.saveApple(params.appId, params.deviceType, body, params.id));
  handle<AppParams & { deviceType: string; id: string }>(app, ctx, R.deleteAppleMobileCertificate, ({ params }) => {
    appleDeviceType(params.deviceType);
    return settings.delete(params.appId, 'APNS', params.id);
  });
}
