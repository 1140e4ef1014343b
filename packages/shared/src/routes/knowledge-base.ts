import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const base = '/api/node-server/manage/app/:appId/knowledge-base';
const one = `${base}/:knowledgeBaseId`;

/** A document of a knowledge base: its text is kept in passages for retrieval, not the file itself. */
export const KnowledgeBaseFileSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  passages: Type.Integer(),
  created: Type.Number(),
});
export type KnowledgeBaseFile = Static<typeof KnowledgeBaseFileSchema>;

export const KnowledgeBaseSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  files: Type.Array(KnowledgeBaseFileSchema),
  created: Type.Number(),
  updated: Type.Number(),
});
export type KnowledgeBase = Static<typeof KnowledgeBaseSchema>;

export const KnowledgeBaseBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String({ maxLength: 2_000 })),
  },
  { additionalProperties: true },
);
export type KnowledgeBaseInput = Static<typeof KnowledgeBaseBody>;

/** A passage retrieval found, best first, with its BM25 score. */
export const KnowledgePassageSchema = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  seq: Type.Integer(),
  text: Type.String(),
  score: Type.Number(),
});
export type KnowledgePassage = Static<typeof KnowledgePassageSchema>;

const params = Type.Object({ appId: Type.String(), knowledgeBaseId: Type.String({ maxLength: 64 }) });

/**
 * Knowledge bases (`knowledgeBase` group, nodeAPI transport): documents the flows' AI assistants
 * answer from. `uploadFiles` takes multipart files or JSON `{files: [{name, content}]}` (text, Markdown,
 * CSV, JSON, HTML); `search` is Basalt's own, to try retrieval from the console.
 */
export const knowledgeBaseRoutes = {
  getAllKnowledgeBases: defineRoute({
    name: 'knowledgeBase.getAllKnowledgeBases',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(KnowledgeBaseSchema),
  }),
  getKnowledgeBase: defineRoute({
    name: 'knowledgeBase.getKnowledgeBase',
    method: 'GET',
    path: one,
    auth: 'developer',
    params,
    response: KnowledgeBaseSchema,
  }),
  createKnowledgeBase: defineRoute({
    name: 'knowledgeBase.createKnowledgeBase',
    // Knowledge bases belong to the flows' AI: changing one takes the flows permission.
    devPermission: DevOperations.FLOWS,
    method: 'POST',
    path: base,
    auth: 'developer',
    body: KnowledgeBaseBody,
    response: KnowledgeBaseSchema,
  }),
  updateKnowledgeBaseMetaInfo: defineRoute({
    name: 'knowledgeBase.updateKnowledgeBaseMetaInfo',
    devPermission: DevOperations.FLOWS,
    method: 'PUT',
    path: one,
    auth: 'developer',
    params,
    body: KnowledgeBaseBody,
    response: KnowledgeBaseSchema,
  }),
  deleteKnowledgeBase: defineRoute({
    name: 'knowledgeBase.deleteKnowledgeBase',
    devPermission: DevOperations.FLOWS,
    method: 'DELETE',
    path: one,
    auth: 'developer',
    params,
    response: SuccessSchema,
  }),
  uploadFiles: defineRoute({
    name: 'knowledgeBase.uploadFiles',
    devPermission: DevOperations.FLOWS,
    method: 'POST',
    path: `${one}/files`,
    auth: 'developer',
    params,
    response: KnowledgeBaseSchema,
    summary: 'Adds documents (multipart, or JSON {files: [{name, content}]}); their text is split into passages',
  }),
  deleteFile: defineRoute({
    name: 'knowledgeBase.deleteFile',
    devPermission: DevOperations.FLOWS,
    method: 'DELETE',
    path: `${one}/files/:fileId`,
    auth: 'developer',
    params: Type.Object({
      appId: Type.String(),
      knowledgeBaseId: Type.String({ maxLength: 64 }),
      fileId: Type.String({ maxLength: 64 }),
    }),
    response: KnowledgeBaseSchema,
  }),
  search: defineRoute({
    name: 'knowledgeBase.search',
    method: 'POST',
    path: `${one}/search`,
    auth: 'developer',
    params,
    body: Type.Object({
      query: Type.String({ minLength: 1, maxLength: 2_000 }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    }),
    response: Type.Array(KnowledgePassageSchema),
    summary: 'The passages an assistant would be given for this question, best first',
  }),
};
