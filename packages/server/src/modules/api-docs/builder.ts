import type { OpenApiDocument } from '@basalt/shared';

/** A JSON schema inside a generated document (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;
/** One operation of a path item. */
export type Operation = Record<string, unknown>;
/** A path item: operations keyed by lower-case verb. */
export type PathItem = Record<string, Operation>;

/** What every app API document shares: which app, where its API answers, what it is about. */
export interface DocFrame {
  appId: string;
  /** The server's public URL (no trailing slash); the app API lives under `/{appId}/{apiKey}`. */
  publicUrl: string;
  title: string;
  description: string;
  tags: Array<{ name: string; description?: string }>;
}

/** The error body every app API failure answers (`{code, message}`). */
export const ERROR_SCHEMA_NAME = 'Error';
const errorSchema: JsonSchema = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
  required: ['code', 'message'],
};

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** JSON content of a request or answer. */
export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** What the 401 and 403 answers mean: for the app API (the default) or for the console API. */
export interface FailureTexts {
  unauthorized: string;
  forbidden: string;
}

const APP_FAILURES: FailureTexts = {
  unauthorized: 'The API key or the user token is not valid',
  forbidden: "The caller's roles do not allow this operation",
};

/** The failures any call may answer; operations add their own 404 where it applies. */
export function errorResponses(notFound?: string, texts: FailureTexts = APP_FAILURES): Record<string, unknown> {
  const failure = (description: string) => ({ description, content: json(ref(ERROR_SCHEMA_NAME)) });
  return {
    400: failure('Bad input: the message names the problem'),
    401: failure(texts.unauthorized),
    403: failure(texts.forbidden),
    ...(notFound ? { 404: failure(notFound) } : {}),
  };
}

/** An operation with its success answer and the common failures. */
export function operation(input: {
  id: string;
  tag: string;
  summary: string;
  description?: string;
  parameters?: unknown[];
  body?: JsonSchema;
  bodyContent?: Record<string, unknown>;
  answer: JsonSchema;
  answerDescription: string;
  answerContent?: Record<string, unknown>;
  notFound?: string;
}): Operation {
  return {
    operationId: input.id,
    tags: [input.tag],
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    ...(input.parameters?.length ? { parameters: input.parameters } : {}),
    ...(input.body || input.bodyContent
      ? { requestBody: { required: true, content: input.bodyContent ?? json(input.body as JsonSchema) } }
      : {}),
    responses: {
      200: { description: input.answerDescription, content: input.answerContent ?? json(input.answer) },
      ...errorResponses(input.notFound),
    },
  };
}

/** A path parameter (always required in OpenAPI). */
export const pathParam = (name: string, description: string, example?: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
  ...(example !== undefined ? { example } : {}),
});

/** An optional query parameter. */
export const queryParam = (name: string, description: string, schema: JsonSchema = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** `pageSize` and `offset`, as the app API reads them on every list. */
export const pagingParams = (sizeName = 'pageSize') => [
  queryParam(sizeName, 'How many items to answer (the server caps it at 100)', {
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 10,
  }),
  queryParam('offset', 'How many items to skip', { type: 'integer', minimum: 0, default: 0 }),
];

/**
 * The document around the given paths: the app API's server URL with the app id filled in and the
 * key as a server variable, the `user-token` security scheme (optional on every operation: an
 * anonymous call acts as the NotAuthenticatedUser role), and the shared `Error` schema.
 */
export function appDocument(
  frame: DocFrame,
  paths: Record<string, PathItem>,
  schemas: Record<string, JsonSchema> = {},
) {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: frame.title, version: '1.0.0', description: frame.description },
    servers: [
      {
        url: `${frame.publicUrl}/${frame.appId}/{apiKey}`,
        description: 'The app API of this app; pick one of its API keys (REST, JS, ...) from Security › API keys',
        variables: { apiKey: { default: 'REST_API_KEY', description: 'One of the app API keys' } },
      },
    ],
    tags: frame.tags,
    // An empty requirement first: the token is optional, it only changes which roles decide.
    security: [{}, { userToken: [] }],
    paths,
    components: {
      schemas: { [ERROR_SCHEMA_NAME]: errorSchema, ...schemas },
      securitySchemes: {
        userToken: {
          type: 'apiKey',
          in: 'header',
          name: 'user-token',
          description: "The token a login answered; calls without it act as the app's NotAuthenticatedUser role",
        },
      },
    },
  };
  return doc;
}
