import { Routes, type CachePolicy, type CachePolicyInput, type Success } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.cacheControl;

export type { CachePolicy, CachePolicyInput };

// A files target is a path (`web/img`): it travels as one encoded segment, as a table name does.
const seg = (s: string) => encodeURIComponent(s);

/**
 * Caching policies of the app API's GET answers (`cacheControl` group of the reference client):
 * `service` is `data` or `files`, `target` a table name, a files path prefix, or `*`.
 */
export function createCacheControlGroup({ request }: GroupContext) {
  return {
    /** The service's policies. */
    loadAllServiceItems(appId: string, service: string): Promise<CachePolicy[]> {
      return request.route(r.loadAllServiceItems, [appId, seg(service)]);
    },

    /** One target's policy (rejects with 404 when it has none). */
    loadServiceItem(appId: string, service: string, target: string): Promise<CachePolicy> {
      return request.route(r.loadServiceItem, [appId, seg(service), seg(target)]);
    },

    /** Adds a policy `{cacheControl, maxAge, etag}` (409 when the target has one). */
    createServiceItem(appId: string, service: string, target: string, data: CachePolicyInput): Promise<CachePolicy> {
      return request.route(r.createServiceItem, [appId, seg(service), seg(target)], { body: data });
    },

    /** Changes a target's policy; fields left out keep their value. */
    updateServiceItem(appId: string, service: string, target: string, data: CachePolicyInput): Promise<CachePolicy> {
      return request.route(r.updateServiceItem, [appId, seg(service), seg(target)], { body: data });
    },

    /** Removes a target's policy. */
    deleteServiceItem(appId: string, service: string, target: string): Promise<Success> {
      return request.route(r.deleteServiceItem, [appId, seg(service), seg(target)]);
    },
  };
}

/** The `cacheControl` group's methods. */
export type CacheControlGroup = ReturnType<typeof createCacheControlGroup>;
