import { ApiError } from '../../../../http/api-error.js';
import { checkTypes, fromText, kindOf, type CallInput } from '../../appapi/args.js';
import type { StoredMethod } from '../method-routes.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const lastText = (raw: unknown) => {
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return typeof v === 'string' ? v : undefined;
};

/**
 * The positional arguments of a call to an imported operation (decision 0053).
 * By its own route: path parameters from the path, query parameters from the query, the request
 * body as the `body` parameter. By name (the SDK's `POST …/{service}/{method}`): an object whose
 * keys are all parameter names is read by name; any other body is the `body` parameter. Values
 * are checked against the document's types (400 naming the parameter).
 */
export function importedArguments(
  service: string,
  m: StoredMethod,
  input: Omit<CallInput, 'pathParams'>,
  pathParams: Record<string, string>,
  byName: boolean,
): unknown[] {
  const values = new Map<string, unknown>();
  const bodyParam = m.params.find((p) => p.in === 'body');
  for (const p of m.params) {
    const text = p.in === 'path' ? pathParams[p.name] : p.in === 'query' ? lastText(input.query[p.name]) : undefined;
    if (text !== undefined) values.set(p.name, fromText(kindOf(p.type), text));
  }
  const body = input.body;
  const names = new Set(m.params.map((p) => p.name));
  if (byName && isPlainObject(body) && Object.keys(body).every((k) => names.has(k))) {
    for (const [k, v] of Object.entries(body)) values.set(k, v);
  } else if (body !== undefined && body !== null && body !== '') {
    if (bodyParam) values.set(bodyParam.name, body);
    else if (byName)
      throw ApiError.badRequest(
        `${service}.${m.name} takes ${m.params.length ? `the parameters ${m.params.map((p) => p.name).join(', ')}` : 'no parameters'}: send an object keyed by their names`,
      );
  }
  const args = m.params.map((p) => values.get(p.name));
  checkTypes(service, m, args);
  return args;
}
