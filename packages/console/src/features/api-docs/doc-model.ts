import type { OpenApiDocument } from '@basalt/shared';

/** A JSON schema as the generated documents hold it (loosely typed: any JSON Schema 2020-12). */
export type Schema = {
  type?: string | string[];
  $ref?: string;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OperationEntry {
  method: string;
  path: string;
  op: Operation;
}

const VERBS = ['get', 'post', 'put', 'delete', 'patch'];

/** The operations of a document grouped by their first tag, in document order. */
export function operationsByTag(doc: OpenApiDocument): Array<{ tag: string; ops: OperationEntry[] }> {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
    for (const method of VERBS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Operations';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  return [...groups].map(([tag, ops]) => ({ tag, ops }));
}

const schemaName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A component schema by name (undefined when the document has none of that name). */
export function componentSchema(doc: OpenApiDocument, name: string): Schema | undefined {
  return (doc.components?.schemas as Record<string, Schema> | undefined)?.[name];
}

/** `$ref` followed (one level; the generated documents never chain them). */
export const resolve = (doc: OpenApiDocument, s: Schema | undefined): Schema | undefined =>
  s?.$ref ? componentSchema(doc, schemaName(s.$ref)) : s;

/** A short type label: `string`, `integer | null`, `Order[]`, `Geometry | string`, `any`. */
export function typeLabel(s: Schema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return schemaName(s.$ref);
  if (s.anyOf) return s.anyOf.map(typeLabel).join(' | ');
  if (s.type === 'array') return `${typeLabel(s.items)}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return s.type ?? 'any';
}

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** The fields of an object schema, one row each. */
export function schemaRows(doc: OpenApiDocument, schema: Schema | undefined): SchemaRow[] {
  const s = resolve(doc, schema);
  const required = new Set(s?.required ?? []);
  return Object.entries(s?.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeLabel(p),
    required: required.has(name),
    description: p.description ?? p.anyOf?.find((x) => x.description)?.description,
  }));
}

/**
 * The record schemas worth a table of their own at the top (a table's columns). The shared pieces
 * (errors, geometry, related records) and the `…Input` variants, which each write operation shows
 * as its body, are left out.
 */
export function mainSchemas(doc: OpenApiDocument): string[] {
  const names = Object.keys((doc.components?.schemas as Record<string, unknown> | undefined) ?? {});
  return names.filter((n) => !['Error', 'Geometry', 'RelatedRecord'].includes(n) && !n.endsWith('Input'));
}

/**
 * The request path of a try-it: the document's server path (its `{apiKey}` filled in) plus the
 * operation's path with its parameters encoded, plus the query of the non-empty values. Relative to
 * the console's origin: the console is served by the same server as the app API.
 */
export function requestPath(
  doc: OpenApiDocument,
  path: string,
  apiKey: string,
  values: Record<string, string>,
  query: string[],
): string {
  const server = (doc.servers?.[0]?.url ?? '').replace('{apiKey}', encodeURIComponent(apiKey));
  const base = /^https?:\/\//.test(server) ? new URL(server).pathname : server;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'path'
      ? (values[name] ?? '').split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(values[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const name of query) if (values[name]?.trim()) search.set(name, values[name].trim());
  const qs = search.toString();
  return `${base.replace(/\/$/, '')}${filled}${qs ? `?${qs}` : ''}`;
}
