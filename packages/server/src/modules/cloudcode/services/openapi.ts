import type { ServiceSpec } from '@basalt/shared';
import type { StoredMethod } from './method-routes.js';

/** JSDoc type → JSON schema (loosely: custom classes are objects, `any` is any). */
export function schemaOf(type: string): Record<string, unknown> {
  const t = type.trim();
  const lower = t.toLowerCase();
  if (lower === 'string') return { type: 'string' };
  if (lower === 'number') return { type: 'number' };
  if (lower === 'integer') return { type: 'integer' };
  if (lower === 'boolean' || lower === 'bool') return { type: 'boolean' };
  if (lower === 'date') return { type: 'string', format: 'date-time' };
  if (lower.endsWith('[]')) return { type: 'array', items: schemaOf(t.slice(0, -2)) };
  const generic = /^array\s*<(.+)>$/i.exec(t);
  if (generic) return { type: 'array', items: schemaOf(generic[1]) };
  if (lower === 'array') return { type: 'array', items: {} };
  if (lower === 'any' || lower === '*' || lower === '') return {};
  return { type: 'object' };
}

/**
 * The OpenAPI 3 document of a service. Paths are the real app API routes (under the `servers`
 * URL), one operation per method, `operationId` = method name (unique in a class). GET methods
 * take their parameters from the query; the others from a JSON body: the bare value for one
 * parameter, an object keyed by name for several.
 */
export function openApiOf(
  service: { name: string; version: string; description: string },
  methods: StoredMethod[],
  appId: string,
): ServiceSpec {
  const paths: Record<string, Record<string, { operationId: string; [k: string]: unknown }>> = {};
  for (const m of methods) {
    const path = `/services/${service.name}${m.path === '/' ? '' : m.path}`;
    const pathNames = [...m.path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]);
    const parameters: Array<Record<string, unknown>> = pathNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: schemaOf(m.params.find((p) => p.name === name)?.type ?? 'string'),
    }));
    const bodyParams = m.params.filter((p) => !pathNames.includes(p.name));
    const op: { operationId: string; [k: string]: unknown } = {
      operationId: m.name,
      summary: m.description ?? m.name,
      ...(m.description ? { description: m.description } : {}),
      responses: {
        200: {
          description: 'The value the method returned',
          content: { 'application/json': { schema: m.returns ? schemaOf(m.returns) : {} } },
        },
      },
    };
    if (m.method === 'GET' || m.method === 'DELETE') {
      for (const p of bodyParams)
        parameters.push({
          name: p.name,
          in: 'query',
          required: p.required,
          schema: schemaOf(p.type),
          ...(p.description ? { description: p.description } : {}),
        });
    } else if (bodyParams.length === 1) {
      const p = bodyParams[0];
      op.requestBody = { required: p.required, content: { 'application/json': { schema: schemaOf(p.type) } } };
    } else if (bodyParams.length > 1) {
      op.requestBody = {
        required: bodyParams.some((p) => p.required),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(bodyParams.map((p) => [p.name, schemaOf(p.type)])),
              required: bodyParams.filter((p) => p.required).map((p) => p.name),
            },
          },
        },
      };
    }
    if (parameters.length) op.parameters = parameters;
    (paths[path] ??= {})[m.method.toLowerCase()] = op;
  }
  const doc = {
    openapi: '3.0.3',
    info: { title: service.name, version: service.version, description: service.description },
    servers: [{ url: `/${appId}/{apiKey}`, variables: { apiKey: { default: 'REST_API_KEY' } } }],
    paths,
  };
  return doc as ServiceSpec;
}
