import type { ServerModule } from '../module.js';
import { registerApiDocsRoutes } from './api-docs.routes.js';

/**
 * API docs (Data › API docs): OpenAPI 3.1 documents of an app's API generated from its current
 * state (a table, a channel, files, a cloud code service, spatial queries), and the console API's
 * own document generated from the shared route contract (`GET /console/openapi.json`).
 */
export const apiDocsModule: ServerModule = {
  area: 'api-docs',
  name: 'api-docs',
  register(app, ctx) {
    registerApiDocsRoutes(app, ctx);
  },
};
