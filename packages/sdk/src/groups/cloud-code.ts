import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
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
    /** API services and their methods, for the codeless toolbox. */
    loadApiServices(appId: string): Promise<ResponseOf<typeof r.loadApiServices>> {
      return request.route(r.loadApiServices, [appId]);
    },
    loadFunctions(appId: string): Promise<ResponseOf<typeof r.loadFunctions>> {
      return request.route(r.loadFunctions, [appId]);
    },
    createFunction(appId: string, fn: BodyOf<typeof r.createFunction>): Promise<ResponseOf<typeof r.createFunction>> {
      return request.route(r.createFunction, [appId], { body: fn });
    },
    loadFunctionSource(appId: string, functionId: string): Promise<ResponseOf<typeof r.loadFunctionSource>> {
      return request.route(r.loadFunctionSource, [appId, functionId]);
    },
    /**
     * Stores a function's source: `xml`, `code` (kept, never run) and `definition` as the reference
     * sends them, plus Basalt's `logic` (the blocks, checked and generated on the server) and `name`
     * (a rename).
     */
    updateFunctionSource(
      appId: string,
      functionId: string,
      xml: unknown,
      code: string | null | undefined,
      definition: unknown,
      logic?: unknown,
      name?: string,
    ): Promise<ResponseOf<typeof r.updateFunctionSource>> {
      return request.route(r.updateFunctionSource, [appId, functionId], {
        body: { xml, code, definition, logic, ...(name !== undefined ? { name } : {}) },
      });
    },
    removeFunctionSource(appId: string, functionId: string) {
      return request.route(r.removeFunctionSource, [appId, functionId]);
    },
    /**
     * The stored logic of a codeless event handler (`handler`), custom event (`event`) or timer
     * (`timer`) of a model, by the id the handler and timer lists answer (a Basalt addition).
     */
    loadCodelessLogic(
      appId: string,
      model: string,
      type: 'handler' | 'event' | 'timer',
      itemId: string,
    ): Promise<ResponseOf<typeof r.loadCodelessLogic>> {
      return request.route(r.loadCodelessLogic, [appId, model, type, itemId]);
    },
    /** Stores the logic sent with the items (`[{type, id, logic?}]`) and deploys the whole CODELESS model. */
    deployCodelessModel(
      appId: string,
      model: string,
      items: BodyOf<typeof r.deployCodelessModel>,
    ): Promise<ResponseOf<typeof r.deployCodelessModel>> {
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
