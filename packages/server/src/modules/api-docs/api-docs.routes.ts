import type { FastifyInstance } from 'fastify';
import { Routes, allRoutes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { VERSION } from '../system/system.routes.js';
import { ApiDocsService } from './api-docs.service.js';
import { consoleDocument } from './console.doc.js';

const R = Routes.apiDocs;

export function registerApiDocsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const docs = new ApiDocsService(ctx);
  handle(app, ctx, R.generateDataTableApi, ({ params }) => docs.dataTable(params.appId, params.tableName));
  handle(app, ctx, R.generateMessagingChannelApi, ({ params }) => docs.channel(params.appId, params.channelName));
  handle(app, ctx, R.generateFilesApi, ({ params }) => docs.files(params.appId));
  handle(app, ctx, R.generateServiceApi, ({ params }) => docs.service(params.appId, params.serviceId, params.model));
  handle(app, ctx, R.generateGeoApi, ({ params }) => docs.geo(params.appId));
  // The contract does not change while the server runs: the document is made once, on first ask.
  let consoleDoc: ReturnType<typeof consoleDocument> | undefined;
  handle(app, ctx, R.getConsoleApi, () => (consoleDoc ??= consoleDocument(allRoutes(), VERSION, ctx.config.publicUrl)));
}
