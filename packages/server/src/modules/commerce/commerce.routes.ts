import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { handle } from '../../http/route.js';
import type { GooglePlayService } from './google-play.service.js';

type Play = FastifyRequest<{
  Params: { appId: string; apiKey: string; pkg: string; productId: string; subId: string; token: string };
}>;

/** The Google Play service account in the console's mobile settings. */
export function registerGooglePlaySettingsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  play: GooglePlayService,
): void {
  const R = Routes.settings;
  handle(app, ctx, R.getGooglePlaySettings, ({ params }) => play.settings(params.appId));
  handle(app, ctx, R.saveGooglePlaySettings, ({ params, body }) => play.save(params.appId, body));
  handle(app, ctx, R.deleteGooglePlaySettings, ({ params }) => play.remove(params.appId));
}

/**
 * The app API's Commerce group, as the `backendless` SDK calls it: validate an in-app purchase,
 * read a subscription's status, cancel a subscription. Any API key of the app may call them (the
 * purchase token is the caller's proof); panic mode and the key check apply as everywhere.
 */
export function registerCommerceAppRoutes(app: FastifyInstance, ctx: ServerContext, play: GooglePlayService): void {
  const base = '/:appId/:apiKey/commerce/googleplay';
  app.get(`${base}/validate/:pkg/inapp/:productId/purchases/:token`, async (req: Play) => {
    const { appId } = await authenticateApp(ctx, req);
    return play.call(appId, {
      kind: 'product',
      packageName: req.params.pkg,
      productId: req.params.productId,
      token: req.params.token,
    });
  });
  app.get(`${base}/:pkg/subscription/:subId/purchases/:token`, async (req: Play) => {
    const { appId } = await authenticateApp(ctx, req);
    return play.call(appId, {
      kind: 'subscription',
      packageName: req.params.pkg,
      subscriptionId: req.params.subId,
      token: req.params.token,
    });
  });
  app.post(`${base}/:pkg/subscription/:subId/purchases/:token/cancel`, async (req: Play) => {
    const { appId } = await authenticateApp(ctx, req);
    return play.call(appId, {
      kind: 'cancel',
      packageName: req.params.pkg,
      subscriptionId: req.params.subId,
      token: req.params.token,
    });
  });
}
