import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { ModelsService } from './models.service.js';

const r = Routes.bl;

export function registerModelRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const models = new ModelsService(ctx);
  handle(app, ctx, r.getLanguages, () => models.languages());
  handle(app, ctx, r.getModels, ({ params }) => models.names(params.appId, params.language));
  handle(app, ctx, r.getAllModels, ({ params }) => models.all(params.appId));
  handle(app, ctx, r.createModel, ({ params, body }) => models.create(params.appId, body.language, body.model));
}
