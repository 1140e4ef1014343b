import type { ServiceMethod, ServiceParam } from '@basalt/shared';
import type { ClassDoc } from '../deploy/jsdoc.js';

/** A method of a stored service: its REST route and typed parameters (`cc_services.spec_json`). */
export type StoredMethod = ServiceMethod;

export interface StoredServiceSpec {
  description: string;
  methods: StoredMethod[];
}

const PREFIXES: Array<[prefix: string, verb: string]> = [
  ['get', 'GET'],
  ['add', 'POST'],
  ['set', 'PUT'],
  ['delete', 'DELETE'],
];

/**
 * The verb and path of a method without `@route`: `getItems` → GET `/items`, `addItem` → POST
 * `/item`, `setItem` → PUT, `deleteItem` → DELETE, anything else POST `/{name}`. A prefix counts
 * only before a capital (`settle` is not `set` + `tle`).
 */
export function routeByName(name: string): { verb: string; path: string } {
  for (const [prefix, verb] of PREFIXES) {
    const rest = name.slice(prefix.length);
    if (name.startsWith(prefix) && /^[A-Z0-9_$]/.test(rest))
      return { verb, path: `/${rest[0].toLowerCase()}${rest.slice(1)}` };
  }
  return { verb: 'POST', path: `/${name}` };
}

/** `/item/{id}/` → `/item/{id}`; always one leading slash. */
function cleanPath(path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  return `/${parts.join('/')}`;
}

/**
 * The methods of a registered service with their routes and parameters: names and parameter names
 * from the sandbox's registration, types, texts and `@route` from JSDoc. `@private` methods are
 * left out. When two methods would share a verb and path, the later one answers at `/{name}`.
 */
export function methodsOf(
  methods: Array<{ name: string; params: string[] }>,
  doc: ClassDoc | undefined,
): StoredMethod[] {
  const out: StoredMethod[] = [];
  const taken = new Set<string>();
  for (const m of methods) {
    const d = doc?.methods.get(m.name);
    if (d?.private || m.name.startsWith('_') || m.name === 'constructor') continue;
    const names = m.params.length ? m.params : (d?.params.map((p) => p.name) ?? []);
    const params: ServiceParam[] = names.map((name) => {
      const p = d?.params.find((x) => x.name === name);
      return {
        name,
        type: p?.type ?? 'any',
        required: p ? !p.optional : false,
        ...(p?.description ? { description: p.description } : {}),
      };
    });
    let route = d?.route ? { verb: d.route.verb, path: cleanPath(d.route.path) } : routeByName(m.name);
    if (taken.has(`${route.verb} ${route.path}`)) route = { verb: route.verb, path: `/${m.name}` };
    if (taken.has(`${route.verb} ${route.path}`)) continue;
    taken.add(`${route.verb} ${route.path}`);
    out.push({
      name: m.name,
      method: route.verb,
      path: route.path,
      params,
      ...(d?.returns ? { returns: d.returns } : {}),
      ...(d?.description ? { description: d.description } : {}),
    });
  }
  return out;
}

/**
 * The method a request reaches: by name (`POST …/{service}/{method}`, the SDK's form) or by its
 * generated route (verb and path, `{param}` parts captured). `rest` is the path after the service.
 */
export function matchMethod(
  methods: StoredMethod[],
  verb: string,
  rest: string[],
): { method: StoredMethod; pathParams: Record<string, string>; byName: boolean } | undefined {
  if (rest.length === 1) {
    const byName = methods.find((m) => m.name === rest[0]);
    if (byName && (verb === 'POST' || verb === byName.method)) return { method: byName, pathParams: {}, byName: true };
  }
  for (const m of methods) {
    if (m.method !== verb) continue;
    const parts = m.path.split('/').filter((p) => p !== '');
    if (parts.length !== rest.length) continue;
    const pathParams: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const p = /^\{(.+)\}$/.exec(parts[i]);
      if (p) pathParams[p[1]] = rest[i];
      else ok = parts[i] === rest[i];
    }
    if (ok) return { method: m, pathParams, byName: false };
  }
  return undefined;
}
