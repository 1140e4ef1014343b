import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { ServicesService } from './services.service.js';
import { testServiceConfig } from '../appapi/invoke.service.js';

const r = Routes.bl;

export function registerServiceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const services = new ServicesService(ctx);
  handle(app, ctx, r.getServices, ({ params }) => services.list(params.appId));
  handle(app, ctx, r.getServiceSpec, ({ params }) => services.spec(params.appId, params.serviceId));
  handle(app, ctx, r.getServiceMethods, ({ params }) => services.methods(params.appId, params.serviceId));
  handle(app, ctx, r.createJsService, ({ params, body }) => services.createJs(params.appId, body));
  handle(app, ctx, r.createAWSLambdaService, ({ params, body }) =>
    services.createLambda(params.appId, body as Record<string, unknown>),
  );
  handle(app, ctx, r.deleteService, async ({ params, body }) => {
    await services.remove(params.appId, body);
    return { success: true };
  });
  handle(app, ctx, r.updateService, ({ params, body }) => services.update(params.appId, params.serviceId, body));
  handle(app, ctx, r.updateServiceDefaultModel, async ({ params, body }) => {
    await services.setDefaultModel(params.appId, body);
    return { success: true };
  });
  handle(app, ctx, r.loadServiceConfig, ({ params }) => services.loadConfig(params.appId, params.serviceId));
  handle(app, ctx, r.setServiceConfig, ({ params, body }) => services.setConfig(params.appId, params.serviceId, body));
  handle(app, ctx, r.testServiceConfig, ({ params, body }) =>
    testServiceConfig(ctx, services, params.appId, params.serviceId, body),
  );
}
