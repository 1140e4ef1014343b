import { ApiError } from '../../../http/api-error.js';
import type { StoredMethod } from '../services/method-routes.js';

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'date' | 'any';

/** The JSDoc type's kind; custom classes are objects, unknown words anything. */
export function kindOf(type: string): Kind {
  const t = type.trim().replace(/=$/, '');
  const lower = t.toLowerCase();
  if (lower === 'string') return 'string';
  if (lower === 'number' || lower === 'integer' || lower === 'int' || lower === 'float') return 'number';
  if (lower === 'boolean' || lower === 'bool') return 'boolean';
  if (lower === 'date') return 'date';
  if (lower === 'array' || lower.endsWith('[]') || /^array\s*</.test(lower)) return 'array';
  if (lower === 'object' || /^object\s*</.test(lower) || /^[A-Z][\w$]*$/.test(t)) return 'object';
  return 'any';
}

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

function fits(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'object':
      return isPlainObject(v);
    case 'array':
      return Array.isArray(v);
    case 'date':
      return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
    default:
      return true;
  }
}

const article = (kind: Kind) => (kind === 'array' || kind === 'object' ? 'an' : 'a');

/** A query or path text as the parameter's type: `"2"` → 2 for a number, JSON for objects and arrays. */
export function fromText(kind: Kind, text: string): unknown {
  switch (kind) {
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'object':
    case 'array':
    case 'any':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** 400 naming the first parameter whose value does not fit its declared type. */
export function checkTypes(service: string, m: StoredMethod, args: unknown[]): void {
  m.params.forEach((p, i) => {
    const kind = kindOf(p.type);
    const v = args[i];
    if (v === undefined || v === null || kind === 'any') return;
    if (!fits(kind, v))
      throw ApiError.field(
        'VALIDATION',
        p.name,
        `Parameter '${p.name}' of ${service}.${m.name} must be ${article(kind)} ${kind} (${p.type})`,
      );
  });
}

export interface CallInput {
  /** The parsed body (undefined when none). */
  body: unknown;
  /** The body's text when it came without a JSON content type (the SDK sends a string argument raw). */
  rawText?: string;
  query: Record<string, unknown>;
  pathParams: Record<string, string>;
}

/**
 * The positional arguments of a call. GET and DELETE methods read their parameters from the path
 * and the query; the others from the path and the body: the bare value for a single parameter
 * (or `{name: value}`), an object keyed by parameter names (or an array, in order) for several.
 * Parameters typed in JSDoc are checked: a wrong type is a 400 naming the parameter.
 */
export function argumentsFor(service: string, m: StoredMethod, input: CallInput): unknown[] {
  const fromQuery = m.method === 'GET' || m.method === 'DELETE';
  const bodyParams = m.params.filter((p) => !(p.name in input.pathParams));
  const values = new Map<string, unknown>();
  for (const p of m.params) {
    if (p.name in input.pathParams) values.set(p.name, fromText(kindOf(p.type), input.pathParams[p.name]));
  }
  if (fromQuery) {
    for (const p of bodyParams) {
      const raw = input.query[p.name];
      const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      if (typeof text === 'string') values.set(p.name, fromText(kindOf(p.type), text));
    }
  } else if (bodyParams.length === 1) {
    const p = bodyParams[0];
    const kind = kindOf(p.type);
    let v = input.body;
    // `{name: "Ann"}` for `hello(name)`, unless the parameter itself is an object that may hold such a key.
    if (
      isPlainObject(v) &&
      kind !== 'object' &&
      kind !== 'any' &&
      Object.keys(v as object).length === 1 &&
      p.name in (v as object)
    )
      v = (v as Record<string, unknown>)[p.name];
    else if (isPlainObject(v) && kind === 'any' && Object.keys(v as object).length === 1 && p.name in (v as object))
      v = (v as Record<string, unknown>)[p.name];
    // A raw text body that happened to read as JSON (`123`) stays text for a string parameter.
    if (kind === 'string' && input.rawText !== undefined && typeof v !== 'string') v = input.rawText;
    values.set(p.name, v);
  } else if (bodyParams.length > 1 && input.body !== undefined && input.body !== null && input.body !== '') {
    if (Array.isArray(input.body)) bodyParams.forEach((p, i) => values.set(p.name, (input.body as unknown[])[i]));
    else if (isPlainObject(input.body))
      for (const p of bodyParams) values.set(p.name, (input.body as Record<string, unknown>)[p.name]);
    else
      throw ApiError.badRequest(
        `${service}.${m.name} takes ${bodyParams.length} parameters (${bodyParams.map((p) => p.name).join(', ')}): send an object keyed by their names`,
      );
  }
  const args = m.params.map((p) => values.get(p.name));
  checkTypes(service, m, args);
  // A method without declared parameters still receives what was sent.
  if (!m.params.length && input.body !== undefined && !fromQuery) return [input.body];
  return args;
}
