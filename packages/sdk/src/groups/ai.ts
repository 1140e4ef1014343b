import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const ai = Routes.openAI;
const kb = Routes.knowledgeBase;
const auto = Routes.automation;

/** AI assistance in the console (`openAI` group of the reference client; answers 503 until a provider is configured). */
export function createOpenAIGroup({ request }: GroupContext) {
  return {
    /** Asks the AI provider with the feature's instructions: `{messages}` or `{prompt}`, plus optional `context`. */
    createChatCompletion(
      appId: string,
      featureName: string,
      payload: BodyOf<typeof ai.createChatCompletion>,
    ): Promise<ResponseOf<typeof ai.createChatCompletion>> {
      return request.route(ai.createChatCompletion, [appId, featureName], { body: payload });
    },

    /** Today's use of a feature by the app, its daily limit, and whether a provider is configured. */
    getUsageInfo(appId: string, featureName: string): Promise<ResponseOf<typeof ai.getUsageInfo>> {
      return request.route(ai.getUsageInfo, [appId, featureName]);
    },

    /** Chart suggestions over the app's tables (only existing tables and columns are kept). */
    generateDashboardDataVisualizations(
      appId: string,
      payload: BodyOf<typeof ai.generateDashboardDataVisualizations>,
    ): Promise<ResponseOf<typeof ai.generateDashboardDataVisualizations>> {
      return request.route(ai.generateDashboardDataVisualizations, [appId], { body: payload });
    },

    /** The instructions chart suggestions are asked with (the app's schema included). */
    getDashboardDataVisualizationsPrompt(
      appId: string,
    ): Promise<ResponseOf<typeof ai.getDashboardDataVisualizationsPrompt>> {
      return request.route(ai.getDashboardDataVisualizationsPrompt, [appId]);
    },
  };
}

/** Knowledge bases (`knowledgeBase` group of the reference client, over the nodeAPI channel). */
export function createKnowledgeBaseGroup({ request }: GroupContext) {
  const node = request.nodeAPI;
  return {
    getAllKnowledgeBases(appId: string): Promise<ResponseOf<typeof kb.getAllKnowledgeBases>> {
      return node.route(kb.getAllKnowledgeBases, [appId]);
    },

    getKnowledgeBase(appId: string, id: string): Promise<ResponseOf<typeof kb.getKnowledgeBase>> {
      return node.route(kb.getKnowledgeBase, [appId, id]);
    },

    createKnowledgeBase(
      appId: string,
      data: BodyOf<typeof kb.createKnowledgeBase>,
    ): Promise<ResponseOf<typeof kb.createKnowledgeBase>> {
      return node.route(kb.createKnowledgeBase, [appId], { body: data });
    },

    updateKnowledgeBaseMetaInfo(
      appId: string,
      id: string,
      data: BodyOf<typeof kb.updateKnowledgeBaseMetaInfo>,
    ): Promise<ResponseOf<typeof kb.updateKnowledgeBaseMetaInfo>> {
      return node.route(kb.updateKnowledgeBaseMetaInfo, [appId, id], { body: data });
    },

    deleteKnowledgeBase(appId: string, id: string): Promise<ResponseOf<typeof kb.deleteKnowledgeBase>> {
      return node.route(kb.deleteKnowledgeBase, [appId, id]);
    },

    /** Documents as a FormData of files, or `{files: [{name, content, encoding?}]}`. */
    uploadFiles(
      appId: string,
      id: string,
      files: FormData | { files: Array<{ name: string; content: string; encoding?: 'base64' }> },
    ): Promise<ResponseOf<typeof kb.uploadFiles>> {
      return node.route(kb.uploadFiles, [appId, id], { body: files });
    },

    deleteFile(appId: string, id: string, fileId: string): Promise<ResponseOf<typeof kb.deleteFile>> {
      return node.route(kb.deleteFile, [appId, id, fileId]);
    },

    /** The passages an assistant would be given for `query`, best first (Basalt's own). */
    search(appId: string, id: string, query: string, limit?: number): Promise<ResponseOf<typeof kb.search>> {
      return node.route(kb.search, [appId, id], { body: { query, ...(limit ? { limit } : {}) } });
    },
  };
}

/** The AI assistant methods of the `automation` group (2.57.2), over the automation channel. */
export function createAiAssistantMethods({ request }: GroupContext) {
  return {
    getAIAssistants(appId: string): Promise<ResponseOf<typeof auto.getAIAssistants>> {
      return request.automation.route(auto.getAIAssistants, [appId]);
    },

    createAIAssistant(
      appId: string,
      assistant: BodyOf<typeof auto.createAIAssistant>,
    ): Promise<ResponseOf<typeof auto.createAIAssistant>> {
      return request.automation.route(auto.createAIAssistant, [appId], { body: assistant });
    },

    /** Saves `assistant` (its `id` names it). */
    updateAIAssistant(
      appId: string,
      assistant: BodyOf<typeof auto.updateAIAssistant> & { id: string },
    ): Promise<ResponseOf<typeof auto.updateAIAssistant>> {
      return request.automation.route(auto.updateAIAssistant, [appId, assistant.id], { body: assistant });
    },

    deleteAIAssistant(appId: string, assistantId: string): Promise<ResponseOf<typeof auto.deleteAIAssistant>> {
      return request.automation.route(auto.deleteAIAssistant, [appId, assistantId]);
    },

    /** Rejects with 422: assistants of the retired Assistants API cannot be imported by id. */
    registerAIAssistant(
      appId: string,
      openAiAssistantId: string,
    ): Promise<ResponseOf<typeof auto.registerAIAssistant>> {
      return request.automation.route(auto.registerAIAssistant, [appId], { body: { openAiAssistantId } });
    },

    /** Asks an assistant (by id or name) as a flow's AI step would (Basalt's own). */
    askAIAssistant(
      appId: string,
      assistantId: string,
      message: string,
    ): Promise<ResponseOf<typeof auto.askAIAssistant>> {
      return request.automation.route(auto.askAIAssistant, [appId, assistantId], { body: { message } });
    },

    /** The AI providers this server can call, with whether each is configured. */
    getAiAgentsProviders(): Promise<ResponseOf<typeof auto.getAiAgentsProviders>> {
      return request.nodeAPI.route(auto.getAiAgentsProviders);
    },
  };
}
