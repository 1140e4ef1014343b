import type { TableMeta } from '../data/index.js';
import {
  appDocument,
  json,
  operation,
  pagingParams,
  pathParam,
  queryParam,
  ref,
  type DocFrame,
  type PathItem,
} from './builder.js';
import { GEOMETRY_SCHEMA, RELATED_SCHEMA, geometrySchema, relatedSchema, tableSchemas } from './column-schema.js';

const whereParam = queryParam('where', "A where clause over the table's columns, e.g. `age > 21 and name LIKE 'A%'`");

/** The record query as the app API reads it from a GET's query string. */
export const findParams = () => [
  whereParam,
  queryParam('props', 'Columns to answer, comma-separated (also aggregates: `Count(objectId) as n`)'),
  queryParam('excludeProps', 'Columns to leave out, comma-separated'),
  queryParam('sortBy', 'Sort order, comma-separated: `name asc,created desc`'),
  queryParam('groupBy', 'Columns to group by, comma-separated'),
  queryParam('loadRelations', 'Relations to load, comma-separated (dotted paths allowed); `*` for all'),
  queryParam('relationsDepth', 'Depth of relations loaded automatically', { type: 'integer', minimum: 0 }),
  ...pagingParams(),
];

/** The body form of a find (POST …/find): the same query as an object. */
const findBody = {
  type: 'object',
  properties: {
    where: { type: 'string' },
    props: { type: 'string', description: 'Comma-separated columns' },
    excludeProps: { type: 'string' },
    sortBy: { type: 'string' },
    groupBy: { type: 'string' },
    having: { type: 'string' },
    loadRelations: { type: 'string' },
    relationsDepth: { type: 'integer' },
    distinct: { type: 'boolean' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0 },
  },
};

/** The operations on one table's records (`T` = the table name as it appears in paths). */
export function tablePaths(t: TableMeta, tag: string): Record<string, PathItem> {
  const T = t.name;
  const id = `${T.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const record = ref(T);
  const input = ref(`${T}Input`);
  const records = { type: 'array', items: record };
  const objectId = pathParam('objectId', 'The record id');
  const missing = `No ${T} record has this objectId`;
  const count = { type: 'integer', description: 'How many records' };
  const paths: Record<string, PathItem> = {
    [`/data/${T}`]: {
      get: operation({
        id: `find${id}`,
        tag,
        summary: `Find ${T} records`,
        description: 'Records matching the where clause, one page at a time, in the order asked.',
        parameters: findParams(),
        answer: records,
        answerDescription: 'The page of records',
      }),
      post: operation({
        id: `create${id}`,
        tag,
        summary: `Create a ${T} record`,
        body: input,
        answer: record,
        answerDescription: 'The stored record with its objectId, created and ownerId',
      }),
      put: operation({
        id: `save${id}`,
        tag,
        summary: `Save a ${T} record`,
        description: 'Creates the record, or updates it when the body carries the objectId of an existing one.',
        body: input,
        answer: record,
        answerDescription: 'The stored record',
      }),
    },
    [`/data/${T}/find`]: {
      post: operation({
        id: `findBody${id}`,
        tag,
        summary: `Find ${T} records (query in the body)`,
        body: findBody,
        answer: records,
        answerDescription: 'The page of records',
      }),
    },
    [`/data/${T}/count`]: {
      get: operation({
        id: `count${id}`,
        tag,
        summary: `Count ${T} records`,
        parameters: [whereParam],
        answer: count,
        answerDescription: 'The number of matching records',
      }),
    },
    [`/data/${T}/{objectId}`]: {
      get: operation({
        id: `get${id}`,
        tag,
        summary: `Get a ${T} record by id`,
        parameters: [
          objectId,
          queryParam('loadRelations', 'Relations to load, comma-separated; `*` for all'),
          queryParam('property', 'A column to answer (repeat the key for several)'),
        ],
        answer: record,
        answerDescription: 'The record',
        notFound: missing,
      }),
      put: operation({
        id: `update${id}`,
        tag,
        summary: `Update a ${T} record`,
        description: 'Changes the columns the body names; the others keep their values.',
        parameters: [objectId],
        body: input,
        answer: record,
        answerDescription: 'The changed record',
        notFound: missing,
      }),
      delete: operation({
        id: `delete${id}`,
        tag,
        summary: `Delete a ${T} record`,
        parameters: [objectId],
        answer: { type: 'object', properties: { deletionTime: { type: 'integer' } } },
        answerDescription: 'When it was deleted (ms)',
        notFound: missing,
      }),
    },
    [`/data/bulk/${T}`]: {
      post: operation({
        id: `bulkCreate${id}`,
        tag,
        summary: `Create several ${T} records`,
        body: { type: 'array', items: input },
        answer: { type: 'array', items: { type: 'string' } },
        answerDescription: 'The objectIds of the new records, in order',
      }),
      put: operation({
        id: `bulkUpdate${id}`,
        tag,
        summary: `Update every ${T} record the where clause matches`,
        parameters: [{ ...whereParam, required: true }],
        body: { type: 'object', description: 'The columns to set and their values', additionalProperties: true },
        answer: count,
        answerDescription: 'How many records changed',
      }),
    },
    [`/data/bulk/${T}/delete`]: {
      post: operation({
        id: `bulkDelete${id}`,
        tag,
        summary: `Delete every ${T} record the where clause matches`,
        body: { type: 'object', properties: { where: { type: 'string' } }, required: ['where'] },
        answer: count,
        answerDescription: 'How many records were deleted',
      }),
    },
  };
  for (const r of t.relations) Object.assign(paths, relationPaths(T, id, r.name, r.toTableName, tag));
  return paths;
}

/** The relation operations of one relation column: load, set, add, delete. */
function relationPaths(T: string, id: string, column: string, target: string, tag: string): Record<string, PathItem> {
  const params = [
    pathParam('objectId', `The parent ${T} record's id`),
    queryParam('whereClause', `Instead of a body: the ${target} records the where clause matches`),
  ];
  const children = {
    type: 'array',
    description: `objectIds of ${target} records (or objects with objectId)`,
    items: { anyOf: [{ type: 'string' }, ref(RELATED_SCHEMA)] },
  };
  const changed = { type: 'integer', description: 'How many children the change concerned' };
  const op = (verb: string, summary: string) =>
    operation({
      id: `${verb}${id}_${column}`,
      tag,
      summary,
      parameters: params,
      bodyContent: json(children),
      answer: changed,
      answerDescription: 'How many children the change concerned',
      notFound: `No ${T} record has this objectId`,
    });
  return {
    [`/data/${T}/{objectId}/${column}`]: {
      get: operation({
        id: `load${id}_${column}`,
        tag,
        summary: `Load the ${column} of a ${T} record`,
        parameters: [params[0], whereParam, queryParam('sortBy', 'Sort order'), ...pagingParams()],
        answer: { type: 'array', items: ref(RELATED_SCHEMA) },
        answerDescription: `The related ${target} records`,
        notFound: `No ${T} record has this objectId`,
      }),
      post: op('setRelation', `Set the ${column} of a ${T} record (replaces the children)`),
      put: op('addRelation', `Add to the ${column} of a ${T} record`),
      delete: op('deleteRelation', `Remove children from the ${column} of a ${T} record`),
    },
  };
}

/** The components a data document needs for its tables. */
export function tableComponents(tables: TableMeta[]) {
  const schemas: Record<string, Record<string, unknown>> = {
    [GEOMETRY_SCHEMA]: geometrySchema,
    [RELATED_SCHEMA]: relatedSchema,
  };
  for (const t of tables) {
    const { record, input } = tableSchemas(t);
    schemas[t.name] = record;
    schemas[`${t.name}Input`] = input;
  }
  return schemas;
}

/** The document of one table's data API. */
export function dataTableDocument(frame: Omit<DocFrame, 'title' | 'description' | 'tags'>, t: TableMeta) {
  const tag = `${t.name} data`;
  return appDocument(
    {
      ...frame,
      title: `${t.name} data API`,
      description: `The app API of table ${t.name}: find, count, get, create, update, delete, bulk changes and relations.`,
      tags: [{ name: tag, description: `Records of ${t.name}` }],
    },
    tablePaths(t, tag),
    tableComponents([t]),
  );
}
