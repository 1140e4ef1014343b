/** Query keys of knowledge bases; everything of one app sits under `['knowledge-bases', appId]`. */
export const knowledgeBasesKeys = {
  all: (appId: string) => ['knowledge-bases', appId] as const,
  list: (appId: string) => [...knowledgeBasesKeys.all(appId), 'list'] as const,
  /** Whether the server has an AI provider (answers the same for every app). */
  aiStatus: (appId: string) => [...knowledgeBasesKeys.all(appId), 'ai-status'] as const,
};
