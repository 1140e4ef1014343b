import { Routes, type LicenseInfo, type NavigatorLogInput, type NavigatorOptions, type Success } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

export type { LicenseInfo, NavigatorLogInput, NavigatorOptions };

/** The console's navigator (`navigator` group of the reference client). */
export function createNavigatorGroup({ request }: GroupContext) {
  return {
    /** The areas the navigator can open (with their availability) and the developer's recent places. */
    loadNavigatorOptions(): Promise<NavigatorOptions> {
      return request.route(Routes.navigator.loadNavigatorOptions);
    },

    /** Records a place the developer opened `{path, title?, appId?}`. */
    log(data: NavigatorLogInput): Promise<Success> {
      return request.route(Routes.navigator.log, [], { body: data });
    },
  };
}

/** The instance's licence and cluster (`license` group of the reference client). */
export function createLicenseGroup({ request }: GroupContext) {
  return {
    /** Edition, limits, version and the cluster's nodes. */
    get(): Promise<LicenseInfo> {
      return request.route(Routes.license.get);
    },

    /** Rejects with 400: an open self-hosted server needs no licence (kept for the reference's callers). */
    upload(file: unknown): Promise<unknown> {
      return request.route(Routes.license.upload, [], { body: file });
    },

    /** Rejects with 400: no licence binds this server to a cluster. */
    replaceCluster(data: unknown): Promise<unknown> {
      return request.route(Routes.license.replaceCluster, [], { body: data });
    },
  };
}

/** The `navigator` group's methods. */
export type NavigatorGroup = ReturnType<typeof createNavigatorGroup>;
/** The `license` group's methods. */
export type LicenseGroup = ReturnType<typeof createLicenseGroup>;
