import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { DomainsRepo } from './domains.repo.js';
import { CustomDomainsService } from './domains.service.js';

const r = Routes.settingsDomains;

/** Settings › CORS (the app API's origins) and Settings › Domains (custom domains). */
export function registerDomainRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const domains = new CustomDomainsService(ctx, new DomainsRepo(ctx.dbs));
  handle(app, ctx, r.getDomainNames, ({ params }) => ctx.cors.list(params.appId));
  handle(app, ctx, r.updateDomainNames, ({ params, body }) => ctx.cors.save(params.appId, body));
  handle(app, ctx, r.getCustomDomains, ({ params }) => domains.list(params.appId));
  handle(app, ctx, r.createCustomDomain, ({ params, body }) => domains.create(params.appId, body.domainName));
  handle(app, ctx, r.assignCustomDomain, ({ params, body }) => domains.assignGenerated(params.appId, body?.prefix));
  handle(app, ctx, r.changeCustomDomain, ({ params, body }) =>
    domains.change(params.appId, params.domainId, body.domainName),
  );
  handle(app, ctx, r.deleteCustomDomain, ({ params }) => domains.remove(params.appId, params.domainId));
  handle(app, ctx, r.updateCustomDomain, ({ params, body }) => domains.setSingle(params.appId, body));
}
