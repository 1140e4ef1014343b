import { Routes } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

/** Marketplace deployment models (`cloudCode` group of the reference client). */
export function createCloudCodeGroup({ request }: GroupContext) {
  const r = Routes.cloudCode;
  return {
    /** Installs a marketplace product's deployment model into the app. */
    installMarketplaceDeploymentModel(appId: string, productId: string, version?: string) {
      return request.route(r.installMarketplaceDeploymentModel, [appId, productId], { query: { version } });
    },
    /** Removes a marketplace product's deployment model from the app. */
    uninstallMarketplaceDeploymentModel(appId: string, productId: string) {
      return request.route(r.uninstallMarketplaceDeploymentModel, [appId, productId]);
    },
  };
}

/** The codeless functions library and codeless deploys (`codeless` group). */
export function createCodelessGroup({ request }: GroupContext) {
  const r = Routes.codeless;
  return {
    /** API services the codeless toolbox can call. */
    loadApiServices(appId: string) {
      return request.route(r.loadApiServices, [appId]);
    },
    loadFunctions(appId: string) {
      return request.route(r.loadFunctions, [appId]);
    },
    createFunction(appId: string, fn: unknown) {
      return request.route(r.createFunction, [appId], { body: fn });
    },
    loadFunctionSource(appId: string, functionId: string) {
      return request.route(r.loadFunctionSource, [appId, functionId]);
    },
    /** Stores a function's blocks; the server regenerates its code (a sent `code` is never trusted). */
    updateFunctionSource(appId: string, functionId: string, xml: unknown, code: unknown, definition: unknown) {
      return request.route(r.updateFunctionSource, [appId, functionId], { body: { xml, code, definition } });
    },
    removeFunctionSource(appId: string, functionId: string) {
      return request.route(r.removeFunctionSource, [appId, functionId]);
    },
    deployCodelessModel(appId: string, model: string, items: unknown) {
      return request.route(r.deployCodelessModel, [appId, model], { body: items });
    },
  };
}

/** Which API service versions MCP clients may call (`mcpApiServices` group). */
export function createMcpApiServicesGroup({ request }: GroupContext) {
  const r = Routes.mcpApiServices;
  return {
    getMcpApiServices(appId: string) {
      return request.route(r.getMcpApiServices, [appId]);
    },
    enableMcpApiService(appId: string, serviceVersionId: string) {
      return request.route(r.enableMcpApiService, [appId, serviceVersionId]);
    },
    disableMcpApiService(appId: string, serviceVersionId: string) {
      return request.route(r.disableMcpApiService, [appId, serviceVersionId]);
    },
  };
}
