import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { adviseApp } from './advisor.service.js';
import type { Security } from './security.service.js';

/** The security advisor: one read-only route; each fix goes through the routes that own it. */
export function registerAdvisorRoutes(app: FastifyInstance, ctx: ServerContext, s: Security): void {
  handle(app, ctx, Routes.security.advisor, ({ params }) => adviseApp(ctx, s, params.appId));
}
