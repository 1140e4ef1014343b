import { isBinding, type PropValue } from '../model/schema';

/** How a property reads on the canvas: literals as they are, bindings as `{source}`. */
export function shown(value: PropValue | undefined, fallback = ''): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (isBinding(value)) {
    const b = value as unknown as Record<string, unknown>;
    const key = Object.keys(b).find((k) => k.startsWith('$'))!;
    return `{${key.slice(1)}: ${String(b[key])}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The `$data` source id a property is bound to, if any. */
export function dataSourceOf(value: PropValue | undefined): string | undefined {
  return value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { $data?: unknown }).$data === 'string'
    ? (value as { $data: string }).$data
    : undefined;
}
