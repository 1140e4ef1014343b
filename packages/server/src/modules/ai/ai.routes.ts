import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { handle } from '../../http/route.js';
import type { AiService } from './ai.service.js';
import { MAX_DOCUMENT_BYTES } from './knowledge-text.js';

/** The console's AI helpers (`openAI` group). */
export function registerOpenAIRoutes(app: FastifyInstance, ctx: ServerContext, ai: AiService): void {
  const R = Routes.openAI;
  handle(app, ctx, R.createChatCompletion, ({ params, body }) => ai.chat(params.appId, params.featureName, body));
  handle(app, ctx, R.getUsageInfo, ({ params }) => ai.usageInfo(params.appId, params.featureName));
  handle(app, ctx, R.generateDashboardDataVisualizations, ({ params, body }) => ai.visualizations(params.appId, body));
  handle(app, ctx, R.getDashboardDataVisualizationsPrompt, async ({ params }) => ({
    prompt: await ai.visualizationsPrompt(params.appId),
  }));
}

/** The flows' AI assistants (`automation` group) and the agent providers list. */
export function registerAssistantRoutes(app: FastifyInstance, ctx: ServerContext, ai: AiService): void {
  const R = Routes.automation;
  handle(app, ctx, R.getAIAssistants, ({ params }) => ai.repo.assistants(params.appId));
  handle(app, ctx, R.createAIAssistant, ({ params, body }) => ai.createAssistant(params.appId, body));
  handle(app, ctx, R.updateAIAssistant, ({ params, body }) =>
    ai.updateAssistant(params.appId, params.assistantId, body),
  );
  handle(app, ctx, R.deleteAIAssistant, ({ params }) => ai.deleteAssistant(params.appId, params.assistantId));
  handle(app, ctx, R.registerAIAssistant, () => {
    // The provider's Assistants API was shut down (26 Aug 2026): there is nothing to import from.
    throw new ApiError(
      'UNPROCESSABLE',
      'Assistants can no longer be imported by id (that API was retired): create the assistant with its instructions and model',
    );
  });
  handle(app, ctx, R.askAIAssistant, ({ params, body }) => ai.ask(params.appId, params.assistantId, body.message));
  handle(app, ctx, R.getAiAgentsProviders, () => ai.providers());
}

/** Knowledge bases (`knowledgeBase` group, nodeAPI transport). */
export function registerKnowledgeBaseRoutes(app: FastifyInstance, ctx: ServerContext, ai: AiService): void {
  const R = Routes.knowledgeBase;
  handle(app, ctx, R.getAllKnowledgeBases, ({ params }) => ai.repo.knowledgeBases(params.appId));
  handle(app, ctx, R.getKnowledgeBase, ({ params }) => ai.knowledgeBase(params.appId, params.knowledgeBaseId));
  handle(app, ctx, R.createKnowledgeBase, ({ params, body }) => ai.createKnowledgeBase(params.appId, body));
  handle(app, ctx, R.updateKnowledgeBaseMetaInfo, ({ params, body }) =>
    ai.updateKnowledgeBase(params.appId, params.knowledgeBaseId, body),
  );
  handle(app, ctx, R.deleteKnowledgeBase, ({ params }) => ai.deleteKnowledgeBase(params.appId, params.knowledgeBaseId));
  handle(app, ctx, R.uploadFiles, async ({ params, req }) =>
    ai.addFiles(params.appId, params.knowledgeBaseId, await documentsOf(req)),
  );
  handle(app, ctx, R.deleteFile, ({ params }) => ai.deleteFile(params.appId, params.knowledgeBaseId, params.fileId));
  handle(app, ctx, R.search, ({ params, body }) =>
    ai.search(params.appId, params.knowledgeBaseId, body.query, body.limit),
  );
}

/**
 * The documents of an upload: multipart files (any field name), or JSON `{files: [{name, content,
 * encoding?: 'base64'}]}` for clients that send text. A file over the document limit is refused
 * while it streams, before it is all in memory.
 */
async function documentsOf(req: FastifyRequest): Promise<Array<{ name: string; bytes: Buffer }>> {
  if (req.isMultipart()) {
    const out: Array<{ name: string; bytes: Buffer }> = [];
    for await (const part of req.files()) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > MAX_DOCUMENT_BYTES)
          throw ApiError.tooLarge(
            `'${part.filename.slice(0, 100)}' is over the 5 MB a knowledge-base document may have`,
          );
        chunks.push(chunk as Buffer);
      }
      out.push({ name: part.filename, bytes: Buffer.concat(chunks) });
    }
    return out;
  }
  const files = (req.body as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files))
    throw ApiError.field(
      'VALIDATION',
      'files',
      'Send the documents as multipart files or as {files: [{name, content}]}',
    );
  return files.map((f, i) => {
    const name = (f as { name?: unknown })?.name;
    const content = (f as { content?: unknown })?.content;
    if (typeof name !== 'string' || typeof content !== 'string')
      throw ApiError.field('VALIDATION', 'files', `files[${i}] needs a 'name' and a text 'content'`);
    const base64 = (f as { encoding?: unknown }).encoding === 'base64';
    return { name, bytes: Buffer.from(content, base64 ? 'base64' : 'utf8') };
  });
}
