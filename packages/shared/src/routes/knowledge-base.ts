import { plannedRoutes } from '../route.js';

const base = '/api/node-server/manage/app/:appId/knowledge-base';

/** Knowledge bases (documents for the flows' AI assistants) and their files (not built yet). */
export const knowledgeBaseRoutes = plannedRoutes('knowledge-bases', 'knowledgeBase', {
  getAllKnowledgeBases: ['GET', base],
  getKnowledgeBase: ['GET', `${base}/:knowledgeBaseId`],
  createKnowledgeBase: ['POST', base],
  updateKnowledgeBaseMetaInfo: ['PUT', `${base}/:knowledgeBaseId`],
  deleteKnowledgeBase: ['DELETE', `${base}/:knowledgeBaseId`],
  uploadFiles: ['POST', `${base}/:knowledgeBaseId/files`],
  deleteFile: ['DELETE', `${base}/:knowledgeBaseId/files/:fileId`],
});
