import { expect } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';

type Doc = Record<string, any>;

/** Every `$ref` value anywhere in a document. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  return out;
}

/**
 * Checks a generated document against the OpenAPI 3.1 schema (the published validator) and what
 * that schema cannot see: every local `$ref` resolves, operation ids are unique, and every `{param}`
 * of a path is declared by each of its operations.
 */
export async function expectValidOpenApi(doc: Doc): Promise<void> {
  const result = await new Validator().validate(doc as never);
  expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(doc.openapi).toBe('3.1.0');
  for (const r of refsIn(doc)) {
    expect(r.startsWith('#/components/schemas/'), r).toBe(true);
    expect(doc.components?.schemas?.[r.slice('#/components/schemas/'.length)], `unresolved ${r}`).toBeDefined();
  }
  const ids: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(item)) {
      ids.push(op.operationId);
      const declared = ((op.parameters ?? []) as Doc[]).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), `${path} ${op.operationId}`).toEqual([...names].sort());
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
}
