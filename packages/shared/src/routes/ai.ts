import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

const base = '/:appId/console/open-ai';

/** The console features that may ask the AI provider, each with its own instructions and daily quota. */
export const AI_FEATURES = ['where-clause', 'explain-error', 'codeless-block', 'sql-query', 'general'] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** One turn of a conversation with the model. */
export const AiMessageSchema = Type.Object({
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String({ maxLength: 20_000 }),
});
export type AiMessage = Static<typeof AiMessageSchema>;

/**
 * Body of `createChatCompletion` (the reference client passes it through; the shape is ours): the
 * conversation so far, or one `prompt`; `context` is what the console knows (a table's columns, an
 * error's text) and goes to the model as data, after the feature's own instructions.
 */
export const ChatCompletionBody = Type.Object({
  messages: Type.Optional(Type.Array(AiMessageSchema, { minItems: 1, maxItems: 40 })),
  prompt: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
  context: Type.Optional(Type.Unknown()),
});
export type ChatCompletionInput = Static<typeof ChatCompletionBody>;

/** Tokens a call used, as the provider counted them (0 when it did not say). */
export const AiUsageSchema = Type.Object({ promptTokens: Type.Integer(), completionTokens: Type.Integer() });

export const ChatCompletionSchema = Type.Object({
  content: Type.String(),
  model: Type.String(),
  usage: AiUsageSchema,
});
export type ChatCompletion = Static<typeof ChatCompletionSchema>;

/** Answer of `getUsageInfo`: today's use of a feature by the app (days in UTC) and whether a provider is set up. */
export const AiUsageInfoSchema = Type.Object({
  feature: Type.String(),
  configured: Type.Boolean(),
  day: Type.String(),
  requests: Type.Integer(),
  limit: Type.Integer(),
  remaining: Type.Integer(),
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
});
export type AiUsageInfo = Static<typeof AiUsageInfoSchema>;

/** A chart the model suggests for the app's data; every table and column in it exists in the app. */
export const DataVisualizationSchema = Type.Object({
  title: Type.String(),
  type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie'), Type.Literal('table')]),
  table: Type.String(),
  x: Type.String(),
  y: Type.Union([Type.Null(), Type.String()]),
  aggregate: Type.Union([
    Type.Literal('count'),
    Type.Literal('sum'),
    Type.Literal('avg'),
    Type.Literal('min'),
    Type.Literal('max'),
  ]),
});
export type DataVisualization = Static<typeof DataVisualizationSchema>;

export const DataVisualizationsBody = Type.Object({
  /** What the developer wants to see, in their words. */
  question: Type.Optional(Type.String({ maxLength: 2_000 })),
  /** Limit the suggestions to these tables (default: every table of the app). */
  tables: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
});

/** AI assistance in the console (`openAI` group): chat completions per feature, usage, chart suggestions. */
export const openAIRoutes = {
  createChatCompletion: defineRoute({
    name: 'openAI.createChatCompletion',
    method: 'POST',
    path: `${base}/chat-completion/:featureName`,
    auth: 'developer',
    body: ChatCompletionBody,
    response: ChatCompletionSchema,
    summary: "Asks the configured AI provider, with the feature's instructions (503 until an operator configures one)",
  }),
  getUsageInfo: defineRoute({
    name: 'openAI.getUsageInfo',
    method: 'GET',
    path: `${base}/info/:featureName`,
    auth: 'developer',
    response: AiUsageInfoSchema,
    summary: "Today's requests and tokens of a feature, its daily limit, and whether a provider is configured",
  }),
  generateDashboardDataVisualizations: defineRoute({
    name: 'openAI.generateDashboardDataVisualizations',
    method: 'POST',
    path: `${base}/dashboards/data-visualizations`,
    auth: 'developer',
    body: DataVisualizationsBody,
    response: Type.Object({ visualizations: Type.Array(DataVisualizationSchema) }),
    summary: "Chart suggestions for the app's tables (only tables and columns that exist are kept)",
  }),
  getDashboardDataVisualizationsPrompt: defineRoute({
    name: 'openAI.getDashboardDataVisualizationsPrompt',
    method: 'GET',
    path: `${base}/dashboards/data-visualizations`,
    auth: 'developer',
    response: Type.Object({ prompt: Type.String() }),
    summary: 'The instructions chart suggestions are asked with, the app’s schema included',
  }),
};
