import { ApiError } from '../../../http/api-error.js';

export type Args = Record<string, unknown>;

/** The op's argument object; anything else is refused inside the code. */
export function argsOf(op: string, raw: unknown): Args {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw ApiError.badRequest(`${op}: the arguments must be an object`);
  return raw as Args;
}

export function text(a: Args, name: string, op: string): string {
  const v = a[name];
  if (typeof v !== 'string' || v === '') throw ApiError.badRequest(`${op}: '${name}' must be a non-empty string`);
  return v;
}

export function optionalObject(a: Args, name: string): Record<string, unknown> | undefined {
  const v = a[name];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
