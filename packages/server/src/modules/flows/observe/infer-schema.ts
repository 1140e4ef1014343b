/** How deep a sample is described; deeper values are `{}` (any). */
const MAX_DEPTH = 12;
/** Object keys described per level (a wide sample is summarised, not copied whole). */
const MAX_KEYS = 200;
/** Array items looked at to describe the items (their types merged). */
const ITEMS_SEEN = 5;

export type JsonSchema = Record<string, unknown>;

function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  if (a.type === 'object' && b.type === 'object') {
    const pa = a.properties as Record<string, JsonSchema>;
    const pb = b.properties as Record<string, JsonSchema>;
    const properties: Record<string, JsonSchema> = { ...pa };
    for (const [k, v] of Object.entries(pb)) properties[k] = pa[k] ? merge(pa[k], v) : v;
    return { type: 'object', properties };
  }
  if ((a.type === 'integer' && b.type === 'number') || (a.type === 'number' && b.type === 'integer'))
    return { type: 'number' };
  const types = new Set([a.type, b.type].flat().filter((t): t is string => typeof t === 'string'));
  return { type: [...types].sort() };
}

/**
 * A JSON schema describing a sample (learning mode, decision 0075): the type of each field,
 * nested objects by their properties, arrays by their first items merged. Never throws and never
 * recurses without bound.
 */
export function inferSchema(value: unknown, depth = 0): JsonSchema {
  if (depth > MAX_DEPTH) return {};
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'string') return { type: 'string' };
  if (Array.isArray(value)) {
    const seen = value.slice(0, ITEMS_SEEN).map((v) => inferSchema(v, depth + 1));
    return seen.length ? { type: 'array', items: seen.reduce(merge) } : { type: 'array' };
  }
  if (typeof value === 'object') {
    const properties: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS))
      properties[k] = inferSchema(v, depth + 1);
    return { type: 'object', properties };
  }
  return {};
}
