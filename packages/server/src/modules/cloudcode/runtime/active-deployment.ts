import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { DeploymentsRepo } from '../store/index.js';
import type { CodeRef } from './sandbox-port.js';

/** Bundles by deployment id: deployments are immutable, so a cached one never goes stale. */
const cache = new Map<string, CodeRef>();
const MAX_CACHED = 200;

/**
 * The code of a deployment as the sandbox takes it. 404 when the deployment is gone (pruned or
 * its app deleted).
 */
export async function activeDeployment(ctx: ServerContext, appId: string, deploymentId: string): Promise<CodeRef> {
  const key = `${appId}/${deploymentId}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const row = await new DeploymentsRepo(ctx.dbs).get(appId, deploymentId);
  if (!row) throw ApiError.notFound(`Deployment '${deploymentId}' not found`);
  const ref: CodeRef = { appId, deploymentId, code: row.code };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, ref);
  return ref;
}
