import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';
import { KnowledgePassageSchema } from './knowledge-base.js';

const A = '/api/app/:appId/automation/ai/assistants';

export const AI_RESPONSE_FORMATS = ['AUTO', 'TEXT', 'JSON_OBJECT'] as const;

/**
 * An AI assistant of the app (the flows' "AI assistant" step asks it): instructions, model and
 * sampling, and the knowledge bases whose passages go with each question. `openAiAssistantId` is a
 * reference only: the provider's Assistants API is gone, so nothing is imported from it.
 */
export const AiAssistantSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  model: Type.String(),
  instructions: Type.String(),
  responseFormat: Type.Union(AI_RESPONSE_FORMATS.map((f) => Type.Literal(f))),
  temperature: NullableSchema(Type.Number()),
  topP: NullableSchema(Type.Number()),
  knowledgeBaseIds: Type.Array(Type.String()),
  openAiAssistantId: NullableSchema(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type AiAssistant = Static<typeof AiAssistantSchema>;

export const AiAssistantBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** Empty or absent: the server's default model. */
    model: Type.Optional(Type.String({ maxLength: 100 })),
    instructions: Type.Optional(Type.String({ maxLength: 20_000 })),
    responseFormat: Type.Optional(Type.String()),
    temperature: Type.Optional(NullableSchema(Type.Number({ minimum: 0, maximum: 2 }))),
    topP: Type.Optional(NullableSchema(Type.Number({ minimum: 0, maximum: 1 }))),
    knowledgeBaseIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 })),
  },
  { additionalProperties: true },
);
export type AiAssistantInput = Static<typeof AiAssistantBody>;

/** What an assistant answered: `decision` is text, or the parsed object for JSON_OBJECT. */
export const AiAnswerSchema = Type.Object({
  decision: Type.Unknown(),
  passages: Type.Array(KnowledgePassageSchema),
  usage: Type.Object({ promptTokens: Type.Integer(), completionTokens: Type.Integer() }),
});
export type AiAnswer = Static<typeof AiAnswerSchema>;

export const AiProviderSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  configured: Type.Boolean(),
  defaultModel: NullableSchema(Type.String()),
});

const params = Type.Object({ appId: Type.String(), assistantId: Type.String({ maxLength: 64 }) });

/** The AI assistant methods of the `automation` group (2.57.2), and the agent providers list. */
export const aiAssistantRoutes = {
  getAIAssistants: defineRoute({
    name: 'automation.getAIAssistants',
    method: 'GET',
    path: A,
    auth: 'developer',
    response: Type.Array(AiAssistantSchema),
  }),
  createAIAssistant: defineRoute({
    name: 'automation.createAIAssistant',
    method: 'POST',
    path: A,
    auth: 'developer',
    devPermission: DevOperations.FLOWS,
    body: AiAssistantBody,
    response: AiAssistantSchema,
  }),
  updateAIAssistant: defineRoute({
    name: 'automation.updateAIAssistant',
    method: 'PUT',
    path: `${A}/:assistantId`,
    auth: 'developer',
    devPermission: DevOperations.FLOWS,
    params,
    body: AiAssistantBody,
    response: AiAssistantSchema,
  }),
  deleteAIAssistant: defineRoute({
    name: 'automation.deleteAIAssistant',
    method: 'DELETE',
    path: `${A}/:assistantId`,
    auth: 'developer',
    devPermission: DevOperations.FLOWS,
    params,
    response: SuccessSchema,
  }),
  registerAIAssistant: defineRoute({
    name: 'automation.registerAIAssistant',
    method: 'POST',
    path: `${A}/register`,
    auth: 'developer',
    devPermission: DevOperations.FLOWS,
    body: Type.Object({ openAiAssistantId: Type.Unknown() }, { additionalProperties: true }),
    response: AiAssistantSchema,
    summary: 'Refused with 422: the provider’s Assistants API is gone; create the assistant with its instructions',
  }),
  askAIAssistant: defineRoute({
    name: 'automation.askAIAssistant',
    method: 'POST',
    path: `${A}/:assistantId/ask`,
    auth: 'developer',
    params,
    body: Type.Object({ message: Type.String({ minLength: 1, maxLength: 20_000 }) }),
    response: AiAnswerSchema,
    summary: 'Asks the assistant as a flow step would (retrieval from its knowledge bases included)',
  }),
  getAiAgentsProviders: defineRoute({
    name: 'automation.getAiAgentsProviders',
    method: 'GET',
    path: '/api/node-server/manage/flowrunner/ai-agents/providers',
    auth: 'developer',
    response: Type.Array(AiProviderSchema),
  }),
};
