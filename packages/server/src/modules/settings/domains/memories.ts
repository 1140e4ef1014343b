import type { FastifyBaseLogger } from 'fastify';
import type { InvalidationBus } from '../../../cluster/invalidation.js';
import type { Databases } from '../../../db/dialect.js';
import { CorsOrigins } from './cors-origins.js';
import { DomainRouter } from './domain-router.js';
import { DomainsRepo } from './domains.repo.js';

/**
 * The two memories every request reads (decision 0062), made by the composition root before any
 * route: the apps' CORS origins and the custom domains' host table.
 */
export function createDomainMemories(
  dbs: Databases,
  log: FastifyBaseLogger,
  bus: InvalidationBus,
): { cors: CorsOrigins; domains: DomainRouter } {
  const repo = new DomainsRepo(dbs);
  return { cors: new CorsOrigins(repo, bus), domains: new DomainRouter(repo, log, bus) };
}
