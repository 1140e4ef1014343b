import multipart from '@fastify/multipart';
import type { ServerModule } from '../module.js';
import { aiMigrations } from './ai.migrations.js';
import { registerAssistantRoutes, registerKnowledgeBaseRoutes, registerOpenAIRoutes } from './ai.routes.js';
import { AiService } from './ai.service.js';
import { MAX_DOCUMENT_BYTES } from './knowledge-text.js';

export { AiService } from './ai.service.js';
export type { ChatProvider, ChatRequest, ChatAnswer } from './provider.js';

/** One service per context, shared by the three modules below and by the flows' AI steps. */
const services = new WeakMap<object, AiService>();
export function aiServiceOf(ctx: ConstructorParameters<typeof AiService>[0]): AiService {
  let s = services.get(ctx);
  if (!s) services.set(ctx, (s = new AiService(ctx)));
  return s;
}

/**
 * AI assistance (decision 0076): the console's helpers (`openAI`), answering 503 AI_NOT_CONFIGURED
 * until an operator sets BASALT_AI_BASE_URL. The migrations of the area's tables come with it.
 */
export const aiModule: ServerModule = {
  area: 'ai',
  name: 'ai',
  systemMigrations: aiMigrations,
  register(app, ctx) {
    registerOpenAIRoutes(app, ctx, aiServiceOf(ctx));
  },
};

/** Knowledge bases: documents whose passages the AI assistants answer from. */
export const knowledgeBasesModule: ServerModule = {
  area: 'knowledge-bases',
  name: 'knowledge-bases',
  async register(app, ctx) {
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 20, parts: 40 } });
      registerKnowledgeBaseRoutes(scope, ctx, aiServiceOf(ctx));
    });
  },
};

/** The flows' AI assistants and agent providers: part of the Flows area (its other routes are the flows module's). */
export const aiAssistantsModule: ServerModule = {
  partOf: ['flows'],
  name: 'ai-assistants',
  register(app, ctx) {
    registerAssistantRoutes(app, ctx, aiServiceOf(ctx));
  },
};
