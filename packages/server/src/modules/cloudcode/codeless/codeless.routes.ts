import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { CodelessService } from './codeless.service.js';

const bl = Routes.bl;
const cl = Routes.codeless;

/** Codeless services and methods (`bl` group) and the functions library and model deploys (`codeless`). */
export function registerCodelessRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const codeless = new CodelessService(ctx);
  const ok = { success: true };
  handle(app, ctx, bl.createCodelessService, ({ params, body, developer }) =>
    codeless.createService(params.appId, body, developer.id),
  );
  handle(app, ctx, bl.updateCodelessService, ({ params, body, developer }) =>
    codeless.updateService(params.appId, params.serviceId, body, developer.id),
  );
  handle(app, ctx, bl.deleteCodelessService, async ({ params, developer }) => {
    await codeless.deleteService(params.appId, params.serviceId, developer.id);
    return ok;
  });
  handle(app, ctx, bl.createCodelessMethod, ({ params, body, developer }) =>
    codeless.createMethod(params.appId, params.serviceId, body, developer.id),
  );
  handle(app, ctx, bl.updateCodelessMethod, ({ params, body, developer }) =>
    codeless.updateMethod(params.appId, params.serviceId, params.methodId, body, developer.id),
  );
  handle(app, ctx, bl.deleteCodelessMethod, async ({ params, developer }) => {
    await codeless.deleteMethod(params.appId, params.serviceId, params.methodId, developer.id);
    return ok;
  });
  handle(app, ctx, bl.getCodelessMethodLogic, ({ params }) =>
    codeless.methodLogic(params.appId, params.serviceId, params.methodId),
  );
  handle(app, ctx, bl.deployCodelessMethodLogic, ({ params, body, query, developer }) =>
    codeless.deployMethodLogic(
      params.appId,
      params.serviceId,
      params.methodId,
      body,
      query.validate === true,
      developer.id,
    ),
  );

  handle(app, ctx, cl.loadApiServices, ({ params }) => codeless.apiServices(params.appId));
  handle(app, ctx, cl.loadFunctions, ({ params }) => codeless.functions(params.appId));
  handle(app, ctx, cl.createFunction, ({ params, body }) => codeless.createFunction(params.appId, body));
  handle(app, ctx, cl.loadFunctionSource, ({ params }) => codeless.functionSource(params.appId, params.functionId));
  handle(app, ctx, cl.updateFunctionSource, ({ params, body }) =>
    codeless.updateFunctionSource(params.appId, params.functionId, body),
  );
  handle(app, ctx, cl.removeFunctionSource, async ({ params }) => {
    await codeless.removeFunction(params.appId, params.functionId);
    return ok;
  });
  handle(app, ctx, cl.loadCodelessLogic, ({ params }) =>
    codeless.itemLogic(params.appId, params.model, params.type, params.itemId),
  );
  handle(app, ctx, cl.deployCodelessModel, ({ params, body, developer }) =>
    codeless.deployModel(params.appId, params.model, body, developer.id),
  );
}
