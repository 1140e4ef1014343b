import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@basalt/shared';
import { mainSchemas, operationsByTag, requestPath, schemaRows, typeLabel } from './doc-model';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Book data API', version: '1.0.0' },
  servers: [{ url: 'http://localhost:4000/APP/{apiKey}' }],
  paths: {
    '/data/Book': {
      get: { operationId: 'find', tags: ['Book data'] },
      post: { operationId: 'create', tags: ['Book data'] },
    },
    '/files/{path}': { delete: { operationId: 'del', tags: ['Files'] } },
  },
  components: {
    schemas: {
      Error: {},
      Book: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          pages: { type: ['integer', 'null'] },
          spot: { anyOf: [{ $ref: '#/components/schemas/Geometry' }, { type: 'string' }] },
        },
        required: ['title'],
      },
      BookInput: {},
    },
  },
} as unknown as OpenApiDocument;

describe('API docs document model', () => {
  it('groups operations by tag in document order', () => {
    expect(operationsByTag(doc).map((g) => [g.tag, g.ops.map((o) => o.method)])).toEqual([
      ['Book data', ['get', 'post']],
      ['Files', ['delete']],
    ]);
  });

  it('labels types and lists the fields of a referenced schema', () => {
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Book' } })).toBe('Book[]');
    expect(schemaRows(doc, { $ref: '#/components/schemas/Book' })).toEqual([
      { name: 'title', type: 'string', required: true, description: undefined },
      { name: 'pages', type: 'integer | null', required: false, description: undefined },
      { name: 'spot', type: 'Geometry | string', required: false, description: undefined },
    ]);
    expect(mainSchemas(doc)).toEqual(['Book']);
  });

  it('builds the try-it path relative to the console origin, key and parameters encoded', () => {
    expect(requestPath(doc, '/data/Book', 'K/1', { where: " title = 'a' ", x: 'no' }, ['where', 'sortBy'])).toBe(
      '/APP/K%2F1/data/Book?where=title+%3D+%27a%27',
    );
    expect(requestPath(doc, '/files/{path}', 'K', { path: 'a b/c.txt' }, [])).toBe('/APP/K/files/a%20b/c.txt');
  });
});
