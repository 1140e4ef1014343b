import { Routes, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.apiDocs;

// Names travel as one path segment each; encoding leaves ordinary identifiers as they are.
const seg = (s: string) => encodeURIComponent(s);

/** Options the reference client passes through; the server generates from the app's current state. */
type Options = Record<string, unknown>;
type Doc = ResponseOf<typeof r.generateDataTableApi>;

/** Generated API documentation (`apiDocs` group of the reference client): OpenAPI 3.1 documents. */
export function createApiDocsGroup({ request }: GroupContext) {
  return {
    /** The document of a table's data API, with a component schema of its columns. */
    generateDataTableApi(appId: string, tableName: string, options?: Options): Promise<Doc> {
      return request.route(r.generateDataTableApi, [appId, seg(tableName)], { body: options });
    },

    /** The document of a messaging channel: publish, message status, cancel. */
    generateMessagingChannelApi(appId: string, channelName: string, options?: Options): Promise<Doc> {
      return request.route(r.generateMessagingChannelApi, [appId, seg(channelName)], { body: options });
    },

    /** The document of the files API. */
    generateFilesApi(appId: string, options?: Options): Promise<Doc> {
      return request.route(r.generateFilesApi, [appId], { body: options });
    },

    /** The document of a deployed cloud code service (`serviceId`: any model's copy, or its name) in `model`. */
    generateServiceApi(appId: string, serviceId: string, model: string, options?: Options): Promise<Doc> {
      return request.route(r.generateServiceApi, [appId, seg(serviceId), seg(model)], { body: options });
    },

    /** The document of spatial queries over the app's tables with geometry columns. */
    generateGeoApi(appId: string, options?: Options): Promise<Doc> {
      return request.route(r.generateGeoApi, [appId], { body: options });
    },

    /** Basalt addition: the console API's own OpenAPI 3.1 document (no key needed). */
    getConsoleApi(): Promise<ResponseOf<typeof r.getConsoleApi>> {
      return request.route(r.getConsoleApi, []);
    },
  };
}

export type ApiDocsGroup = ReturnType<typeof createApiDocsGroup>;
