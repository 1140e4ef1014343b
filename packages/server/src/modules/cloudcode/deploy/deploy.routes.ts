import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { DeployService } from './deploy.service.js';

const r = Routes.bl;

export function registerDeployRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const deploys = new DeployService(ctx);
  handle(app, ctx, r.deployDraftFiles, ({ params, body, developer }) =>
    deploys.deploy(params.appId, params.language, params.model, body, developer.id),
  );
  handle(app, ctx, r.getDeployments, ({ params }) => deploys.history(params.appId, params.language, params.model));
  handle(app, ctx, r.rollbackDeployment, ({ params }) =>
    deploys.rollback(params.appId, params.language, params.model, params.deploymentId),
  );
}
