import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { OpenObjectSchema } from '../schemas.js';

const base = '/:appId/console/api-docs';

/**
 * An OpenAPI 3.1 document. Only its frame is declared: the paths and schemas are the app's own, so
 * every level stays open (the server's serialiser would otherwise drop what is not named here).
 */
export const OpenApiDocumentSchema = OpenObjectSchema({
  openapi: Type.String(),
  info: OpenObjectSchema({ title: Type.String(), version: Type.String(), description: Type.Optional(Type.String()) }),
  servers: Type.Optional(
    Type.Array(
      OpenObjectSchema({
        url: Type.String(),
        description: Type.Optional(Type.String()),
        variables: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
    ),
  ),
  paths: Type.Record(Type.String(), Type.Unknown()),
  components: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  tags: Type.Optional(Type.Array(OpenObjectSchema({ name: Type.String() }))),
  security: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Array(Type.String())))),
});
export type OpenApiDocument = Static<typeof OpenApiDocumentSchema>;

/**
 * The reference client sends `options` as the body (often nothing at all). Basalt reads none of
 * it: the document is always generated from the app's current state, so the routes declare no
 * body schema (an absent body is then not refused).
 */
const generate = <N extends string, P extends string>(name: N, path: P, summary: string) =>
  defineRoute({
    name,
    method: 'POST',
    path,
    auth: 'developer',
    response: OpenApiDocumentSchema,
    summary,
  });

/**
 * Generated API documentation of an app: OpenAPI 3.1 documents of its app API (a table's data,
 * a channel, files, a cloud code service, spatial queries) built from the app's current schema.
 * These only describe; they need no developer permission beyond access to the app.
 */
export const apiDocsRoutes = {
  generateDataTableApi: generate(
    'apiDocs.generateDataTableApi',
    `${base}/data/table/:tableName`,
    "OpenAPI 3.1 document of a table's data API, with a component schema of its columns (404 for an unknown table)",
  ),
  generateMessagingChannelApi: generate(
    'apiDocs.generateMessagingChannelApi',
    `${base}/messaging/channel/:channelName`,
    "OpenAPI 3.1 document of a channel's publish and message-status routes (404 for an unknown channel)",
  ),
  generateFilesApi: generate(
    'apiDocs.generateFilesApi',
    `${base}/files`,
    'OpenAPI 3.1 document of the files API: upload, download, listing, delete, copy, move, rename',
  ),
  generateServiceApi: generate(
    'apiDocs.generateServiceApi',
    `${base}/services/:serviceId/:model`,
    "OpenAPI 3.1 document of a deployed cloud code service's methods, as its model recorded them",
  ),
  generateGeoApi: generate(
    'apiDocs.generateGeoApi',
    `${base}/geo`,
    'OpenAPI 3.1 document of spatial queries: the data find routes of the tables that have geometry columns',
  ),
  getConsoleApi: defineRoute({
    name: 'apiDocs.getConsoleApi',
    method: 'GET',
    path: '/console/openapi.json',
    // Public on purpose: it describes the console routes (as the shared contract declares them),
    // not any app's data, and every route it lists still asks for its own authentication.
    auth: 'public',
    response: OpenApiDocumentSchema,
    summary: "Basalt addition: the console API's own OpenAPI 3.1 document, generated from the route contract",
  }),
};
