import type { ServiceConfigItem, ServiceParam } from '@basalt/shared';
import { ApiError } from '../../../../http/api-error.js';
import type { StoredMethod } from '../method-routes.js';
import { parse as parseYaml } from 'yaml';

/** The service type (`language`) of a service imported from an OpenAPI / Swagger document. */
export const IMPORTED = 'IMPORTED';

/** Largest document accepted (upload, URL or JSON body), in bytes. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** Most operations one document may bring. */
const MAX_OPERATIONS = 500;

const VERBS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/;

/** Names of the configuration items every imported service declares (decision 0053). */
export const CONFIG = {
  baseUrl: 'baseUrl',
  authType: 'authType',
  apiKeyHeader: 'apiKeyHeader',
  apiKey: 'apiKey',
  bearerToken: 'bearerToken',
} as const;
export const AUTH_TYPES = ['none', 'apiKey', 'bearer'] as const;

/** What an import makes of a document. */
export interface ImportedDocument {
  name: string;
  version: string;
  description: string;
  methods: StoredMethod[];
  config: ServiceConfigItem[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const bad = (message: string, field = 'file') => ApiError.field('VALIDATION', field, message);

/** YAML aliases a document may use: enough for shared schemas, too few for an alias bomb. */
const MAX_YAML_ALIASES = 100;

/**
 * The document as an object: JSON or YAML text, or an object already. YAML is read with the
 * `yaml` package's core schema (no custom tags) and a cap on aliases, so a "billion laughs"
 * document is refused instead of expanded.
 */
export function documentOf(raw: unknown, field: string): Obj {
  if (isObj(raw) && !Buffer.isBuffer(raw)) return raw;
  if (typeof raw !== 'string' && !Buffer.isBuffer(raw))
    throw bad(`'${field}' must be an OpenAPI 3 or Swagger 2 document`, field);
  const text = (Buffer.isBuffer(raw) ? raw.toString('utf8') : raw).replace(/^\uFEFF/, '').trim();
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES)
    throw ApiError.tooLarge(`The document is over ${MAX_DOCUMENT_BYTES} bytes`);
  let parsed: unknown;
  if (text.startsWith('{')) {
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw bad(`'${field}' is not valid JSON: ${(err as Error).message}`, field);
    }
  } else {
    try {
      parsed = parseYaml(text, { schema: 'core', maxAliasCount: MAX_YAML_ALIASES, uniqueKeys: true });
    } catch (err) {
      throw bad(`'${field}' is neither JSON nor valid YAML: ${(err as Error).message.split('\n')[0]}`, field);
    }
  }
  if (!isObj(parsed)) throw bad(`'${field}' must hold an object (an OpenAPI 3 or Swagger 2 document)`, field);
  return parsed;
}

/** Follows a local `$ref` (`#/components/parameters/x`, `#/definitions/x` …); other refs stay as they are. */
function resolve(doc: Obj, value: unknown, depth = 0): unknown {
  if (!isObj(value) || typeof value.$ref !== 'string' || depth > 20) return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/')) return value;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    at = isObj(at) ? at[key] : undefined;
  }
  return at === undefined ? value : resolve(doc, at, depth + 1);
}

/** An OpenAPI schema's type in the words service parameters use (`string`, `number` …, `any`). */
function typeOf(doc: Obj, schema: unknown): string {
  const s = resolve(doc, schema);
  if (!isObj(s)) return 'any';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t === 'string' || t === 'boolean' || t === 'array' || t === 'object') return t;
  if (t === 'integer' || t === 'number') return 'number';
  if (s.properties || s.allOf) return 'object';
  return 'any';
}

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (w: string) => w[0].toUpperCase() + w.slice(1);

/** `list-pets` → `listPets`; a name that is already an identifier stays. */
function identifier(raw: string): string {
  if (IDENTIFIER.test(raw)) return raw;
  const w = words(raw);
  if (!w.length) return '';
  const name = w[0][0].toLowerCase() + w[0].slice(1) + w.slice(1).map(capital).join('');
  return (/^[0-9]/.test(name) ? `op${capital(name)}` : name).slice(0, 100);
}

/** A method name from the verb and path: GET `/pets/{petId}` → `getPetsByPetId`. */
function nameFromRoute(verb: string, path: string): string {
  const parts = path.split('/').filter(Boolean);
  const rest = parts
    .map((p) => {
      const param = /^\{(.+)\}$/.exec(p);
      return param ? `By${words(param[1]).map(capital).join('')}` : words(p).map(capital).join('');
    })
    .join('');
  return identifier(`${verb}${rest || 'Root'}`);
}

/** The service name from the document's title: `Pet Store API` → `PetStoreAPI`. */
function serviceName(title: unknown): string {
  const w = typeof title === 'string' ? words(title) : [];
  const name = w.map(capital).join('');
  return IDENTIFIER.test(name) ? name : 'ImportedService';
}

interface RawParam {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description?: string;
}

function paramsOf(doc: Obj, list: unknown, swagger: boolean): RawParam[] {
  if (!Array.isArray(list)) return [];
  const out: RawParam[] = [];
  for (const raw of list) {
    const p = resolve(doc, raw);
    if (!isObj(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
    // Cookies are the browser's; Swagger 2 form fields have no JSON equivalent in a proxied call.
    if (p.in === 'cookie' || p.in === 'formData') continue;
    const type = p.in === 'body' ? typeOf(doc, p.schema) : typeOf(doc, swagger ? p : p.schema);
    out.push({
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      type,
      ...(typeof p.description === 'string' ? { description: p.description.slice(0, 2000) } : {}),
    });
  }
  return out;
}

/** `servers[0].url` (its variables at their defaults) or Swagger 2's `schemes://host/basePath`. */
function baseUrlOf(doc: Obj, source?: URL): string | undefined {
  let url: string | undefined;
  if (Array.isArray(doc.servers) && isObj(doc.servers[0]) && typeof doc.servers[0].url === 'string') {
    const server = doc.servers[0];
    const vars = isObj(server.variables) ? server.variables : {};
    url = (server.url as string).replace(/\{([^}]+)\}/g, (m, name: string) => {
      const v = vars[name];
      return isObj(v) && typeof v.default === 'string' ? v.default : m;
    });
  } else if (typeof doc.host === 'string') {
    const schemes = Array.isArray(doc.schemes) ? (doc.schemes as unknown[]) : [];
    const scheme = schemes.includes('https') ? 'https' : typeof schemes[0] === 'string' ? schemes[0] : 'https';
    url = `${scheme}://${doc.host}${typeof doc.basePath === 'string' ? doc.basePath : ''}`;
  } else if (typeof doc.basePath === 'string') url = doc.basePath;
  if (url === undefined) return source ? source.origin : undefined;
  try {
    // A relative server URL is relative to where the document came from.
    const absolute = source ? new URL(url, source) : new URL(url);
    if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return undefined;
    return absolute.toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** The auth the document declares first: an API key in a header, or a bearer token. */
function authOf(doc: Obj): { type: (typeof AUTH_TYPES)[number]; header?: string } {
  const schemes = isObj(doc.components) ? doc.components.securitySchemes : doc.securityDefinitions;
  if (!isObj(schemes)) return { type: 'none' };
  for (const raw of Object.values(schemes)) {
    const s = resolve(doc, raw);
    if (!isObj(s)) continue;
    if (s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string')
      return { type: 'apiKey', header: s.name };
    if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer')
      return { type: 'bearer' };
  }
  return { type: 'none' };
}

function configItems(doc: Obj, source?: URL): ServiceConfigItem[] {
  const base = baseUrlOf(doc, source);
  const auth = authOf(doc);
  return [
    {
      name: CONFIG.baseUrl,
      displayName: 'Base URL',
      type: 'STRING',
      required: true,
      ...(base ? { defaultValue: base } : {}),
      hint: 'The remote API every method calls (http or https)',
      order: 0,
    },
    {
      name: CONFIG.authType,
      displayName: 'Authentication',
      type: 'CHOICE',
      options: [...AUTH_TYPES],
      defaultValue: auth.type,
      hint: 'none, an API key in a header, or a bearer token',
      order: 1,
    },
    {
      name: CONFIG.apiKeyHeader,
      displayName: 'API key header',
      type: 'STRING',
      defaultValue: auth.header ?? 'X-API-Key',
      order: 2,
    },
    { name: CONFIG.apiKey, displayName: 'API key', type: 'PASSWORD', order: 3 },
    { name: CONFIG.bearerToken, displayName: 'Bearer token', type: 'PASSWORD', order: 4 },
  ];
}

/**
 * Reads an OpenAPI 3 or Swagger 2 document: every operation becomes a method with the same verb
 * and path (so the service's own routes mirror the remote API), named by its operationId (made an
 * identifier) or by verb and path; its parameters keep where they go (`in`): path, query, header,
 * and the request body as one parameter `body`. 400 naming what is wrong.
 */
export function readDocument(doc: Obj, opts: { name?: string; source?: URL }): ImportedDocument {
  const openapi = typeof doc.openapi === 'string' ? doc.openapi : undefined;
  const swagger = doc.swagger === '2.0' || doc.swagger === 2;
  if (!(openapi?.startsWith('3.') || swagger))
    throw bad("The document is neither OpenAPI 3 ('openapi': '3.x') nor Swagger 2 ('swagger': '2.0')", 'openapi');
  if (!isObj(doc.paths)) throw bad("The document has no 'paths'", 'paths');
  const info = isObj(doc.info) ? doc.info : {};
  const name = opts.name ?? serviceName(info.title);
  if (!IDENTIFIER.test(name)) throw bad(`'name' must be a service name (letters, digits, _ and $)`, 'name');
  const version =
    typeof info.version === 'string' && /^[A-Za-z0-9_.-]{1,50}$/.test(info.version) ? info.version : '1.0.0';
  const description = [info.title, info.description].filter((x) => typeof x === 'string' && x).join(' — ');

  const methods: StoredMethod[] = [];
  const names = new Set<string>();
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = resolve(doc, rawItem);
    if (!isObj(item) || !path.startsWith('/')) continue;
    const shared = paramsOf(doc, item.parameters, swagger);
    for (const verb of VERBS) {
      const op = item[verb];
      if (!isObj(op)) continue;
      if (methods.length >= MAX_OPERATIONS)
        throw ApiError.tooLarge(`The document has more than ${MAX_OPERATIONS} operations`);
      const own = paramsOf(doc, op.parameters, swagger);
      const byKey = new Map<string, RawParam>();
      for (const p of [...shared, ...own]) byKey.set(`${p.in} ${p.name}`, p);
      const params = [...byKey.values()];
      const body = isObj(op.requestBody) ? resolve(doc, op.requestBody) : undefined;
      if (isObj(body)) {
        const content = isObj(body.content) ? body.content : {};
        const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
        const name = params.some((p) => p.name === 'body') ? 'requestBody' : 'body';
        params.push({
          name,
          in: 'body',
          required: body.required === true,
          type: isObj(json) ? typeOf(doc, json.schema) : 'any',
          ...(typeof body.description === 'string' ? { description: body.description.slice(0, 2000) } : {}),
        });
      }
      let methodName = (typeof op.operationId === 'string' && identifier(op.operationId)) || nameFromRoute(verb, path);
      if (!methodName) methodName = `operation${methods.length + 1}`;
      for (let i = 2; names.has(methodName); i++) methodName = `${methodName.replace(/\d+$/, '')}${i}`;
      names.add(methodName);
      const text = [op.summary, op.description].find((x) => typeof x === 'string' && x) as string | undefined;
      methods.push({
        name: methodName,
        method: verb.toUpperCase(),
        path: path.replace(/\/+$/, '') || '/',
        params: params.map((p): ServiceParam => ({
          name: p.name,
          type: p.type,
          required: p.required,
          in: p.in,
          ...(p.description ? { description: p.description } : {}),
        })),
        ...(text ? { description: text.slice(0, 2000) } : {}),
      });
    }
  }
  if (!methods.length) throw bad('The document has no operations under its paths', 'paths');
  return { name, version, description, methods, config: configItems(doc, opts.source) };
}
