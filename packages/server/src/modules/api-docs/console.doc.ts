import type { TSchema } from '@sinclair/typebox';
import { pathParams, type OpenApiDocument, type RouteDef } from '@basalt/shared';
import { errorResponses, json, type JsonSchema, type Operation, type PathItem } from './builder.js';

/** `/:appId/console/x/*` → `/{appId}/console/x/{path}` (Fastify's wildcard is the rest of the path). */
/** The console's 401 and 403: about the developer's key and access, not an app user's. */
const CONSOLE_FAILURES = {
  unauthorized: 'No valid `auth-key` header (log in first)',
  forbidden: 'The developer has no access to this app, or lacks the developer operation the route needs',
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\/\*$/, '/{path}');

/**
 * A TypeBox schema as plain JSON Schema: TypeBox marks its schemas with symbol keys, which JSON
 * drops, so one round trip leaves exactly the standard keywords.
 */
const plain = (schema: TSchema): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

/** The query parameters of a route: one per property of its query schema. */
function queryParameters(query: TSchema | undefined) {
  if (!query) return [];
  const q = plain(query);
  const props = (q.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((q.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

function operationOf(route: RouteDef, operationId: string): Operation {
  const params = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.path.endsWith('/*')) params.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  const parameters = [...params, ...queryParameters(route.query)];
  const notes = [
    route.area ? `Not built yet: answers 501 NOT_AVAILABLE_YET (area ${route.area}).` : '',
    route.devPermission !== undefined
      ? `A team member needs developer operation ${route.devPermission} to change.`
      : '',
  ].filter(Boolean);
  return {
    operationId,
    summary: route.summary ?? route.name,
    ...(notes.length ? { description: notes.join(' ') } : {}),
    tags: [route.name.includes('.') ? route.name.split('.')[0] : 'system'],
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { content: json(plain(route.body)) } } : {}),
    responses: {
      200: { description: 'Success', ...(route.response ? { content: json(plain(route.response)) } : {}) },
      ...errorResponses('The app or the item named in the path does not exist', CONSOLE_FAILURES),
    },
    // Several reference-client methods may answer to one route (aliases): each is named here.
    'x-basalt-routes': [route.name],
    ...(route.area ? { 'x-basalt-area': route.area } : {}),
    ...(route.devPermission !== undefined ? { 'x-basalt-dev-permission': route.devPermission } : {}),
  };
}

/**
 * The console API's own document, made from the shared route contract (`allRoutes()`): the one
 * declaration the server registers, the SDK calls and the contract tests check, so it cannot drift.
 * Routes that share a verb and path (aliases of the reference client) are one operation listing
 * every route name in `x-basalt-routes`.
 */
export function consoleDocument(routes: RouteDef[], version: string, publicUrl: string): OpenApiDocument {
  const paths: Record<string, PathItem> = {};
  const usedIds = new Set<string>();
  for (const route of routes) {
    const item = (paths[openApiPath(route.path)] ??= {});
    const verb = route.method.toLowerCase();
    const existing = item[verb];
    if (existing) {
      (existing['x-basalt-routes'] as string[]).push(route.name);
      continue;
    }
    let id = route.name;
    for (let n = 2; usedIds.has(id); n++) id = `${route.name}_${n}`;
    usedIds.add(id);
    item[verb] = operationOf(route, id);
  }
  const tags = [...new Set(Object.values(paths).flatMap((p) => Object.values(p).map((o) => (o.tags as string[])[0])))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Basalt console API',
      version,
      description:
        'The developer console API (a drop-in for the Backendless console client). Calls carry the developer’s ' +
        '`auth-key` header, which login answers; errors answer `{code, message}`.',
    },
    servers: [{ url: publicUrl }],
    tags: tags.sort().map((name) => ({ name })),
    security: [{ authKey: [] }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { code: { type: 'integer' }, message: { type: 'string' } },
          required: ['code', 'message'],
        },
      },
      securitySchemes: { authKey: { type: 'apiKey', in: 'header', name: 'auth-key' } },
    },
  };
}
