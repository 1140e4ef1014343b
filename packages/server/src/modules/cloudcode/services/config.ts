import type { ServiceConfigItem, ServiceConfigValue } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { SecretBox } from '../../../http/secret-box.js';

/** What a secret's value reads as once set. Sending it back means "unchanged". */
export const MASK = '********';

export const isSecret = (item: ServiceConfigItem) =>
  /^(password|secret)$/i.test(item.type) || (item as { secret?: unknown }).secret === true;

/** `[{name, value}]` or `{name: value}` → `{name: value}`. */
export function valuesOf(body: unknown): Record<string, unknown> {
  if (Array.isArray(body))
    return Object.fromEntries(body.map((e: { name: string; value?: unknown }) => [e.name, e.value]));
  return { ...(body as Record<string, unknown>) };
}

function typed(item: ServiceConfigItem, value: unknown): unknown {
  const bad = (what: string): never => {
    throw ApiError.field('VALIDATION', item.name, `The configuration item '${item.name}' must be ${what}`);
  };
  if (value === null || value === undefined || value === '') return null;
  switch (item.type.toUpperCase()) {
    case 'BOOL':
    case 'BOOLEAN':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return bad('true or false');
    case 'DATE': {
      const t = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isFinite(t) ? t : bad('a date (epoch milliseconds or an ISO date)');
    }
    case 'CHOICE':
      if (typeof value !== 'string') return bad('one of its options');
      if (item.options && !item.options.includes(value)) return bad(`one of ${item.options.join(', ')}`);
      return value;
    default:
      return typeof value === 'string' ? value : bad('text');
  }
}

/**
 * Checks new values against the declared items and merges them over the stored (sealed) ones:
 * unknown names, wrong types, a CHOICE outside its options and a required item left empty are 400s
 * naming the item. Secrets are sealed; the mask keeps the stored secret.
 */
export function mergeValues(
  items: ServiceConfigItem[],
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
  box: SecretBox,
): Record<string, unknown> {
  const out = { ...stored };
  for (const name of Object.keys(incoming))
    if (!items.some((i) => i.name === name))
      throw ApiError.field('VALIDATION', name, `The service has no configuration item '${name}'`);
  for (const item of items) {
    if (!(item.name in incoming)) continue;
    const raw = incoming[item.name];
    if (isSecret(item) && raw === MASK) continue;
    const value = typed(item, raw);
    if (value === null) delete out[item.name];
    else out[item.name] = isSecret(item) ? box.seal(String(value)) : value;
  }
  for (const item of items)
    if (item.required && out[item.name] === undefined && item.defaultValue === undefined)
      throw ApiError.field('VALIDATION', item.name, `The configuration item '${item.name}' is required`);
  return out;
}

/** The items with their values for the console: secrets masked. */
export function describeValues(items: ServiceConfigItem[], stored: Record<string, unknown>): ServiceConfigValue[] {
  return items.map((item) => {
    const has = stored[item.name] !== undefined;
    const value = has ? (isSecret(item) ? MASK : stored[item.name]) : (item.defaultValue ?? null);
    return { ...item, value };
  });
}

/** The values the code reads (`this.config`, `context.configurationItems`): secrets opened. */
export function openValues(
  items: ServiceConfigItem[],
  stored: Record<string, unknown>,
  box: SecretBox,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const v = stored[item.name];
    if (v === undefined) {
      if (item.defaultValue !== undefined) out[item.name] = item.defaultValue;
      continue;
    }
    out[item.name] = isSecret(item) && typeof v === 'string' ? box.open(v) : v;
  }
  return out;
}
