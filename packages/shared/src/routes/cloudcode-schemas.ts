import { Type, type Static } from '@sinclair/typebox';
import { NullableSchema, OpenObjectSchema } from '../schemas.js';

/*
 * Shapes of the cloud-code (Business Logic) routes: models, draft files, deployments and API
 * services. Field lists marked "ours" are Basalt's answer where the reference client shows no shape
 * (decision 0046); each satisfies every transform the reference client applies.
 */

/** Languages a model can be written in. JAVA models are not hosted by Basalt. */
export const CODE_LANGUAGES = ['JS', 'CODELESS'] as const;
export const CodeLanguageSchema = Type.Union([Type.Literal('JS'), Type.Literal('CODELESS')]);
export type CodeLanguage = Static<typeof CodeLanguageSchema>;

/** The model every app has, and the one used when a call names none. */
export const DEFAULT_CODE_MODEL = 'default';

/** A deployment model's name: letters, digits, `_`, `-`, `.` and spaces (not first). */
export const CodeModelNameSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_][A-Za-z0-9_ .-]*$',
});

/** One deployment model (ours). */
export const CodeModelSchema = Type.Object({
  name: Type.String(),
  language: Type.String(),
  created: Type.Number(),
});
export type CodeModel = Static<typeof CodeModelSchema>;

/** Body of `createModel`: the reference client sends the app id too. */
export const CreateCodeModelSchema = Type.Object({
  appId: Type.Optional(Type.String()),
  language: Type.String({ maxLength: 20 }),
  model: CodeModelNameSchema,
});

/**
 * One draft or production file (ours). `id` is its path in the model's file tree (`services/a b.js`),
 * `/`-separated, never starting with `/`.
 */
export const CodeFileSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Number(),
  updated: Type.Number(),
});
export type CodeFile = Static<typeof CodeFileSchema>;

/**
 * A file sent by `saveDraftFiles` / `deployDraftFiles`. The reference client path-encodes `id` on
 * save (each part on its own) and sends it raw on deploy. A file with `deleted: true` is removed
 * from the draft; files not listed stay as they were.
 */
export const CodeFileInputSchema = OpenObjectSchema({
  id: Type.String({ minLength: 1, maxLength: 1024 }),
  content: Type.Optional(Type.String()),
  deleted: Type.Optional(Type.Boolean()),
});
export type CodeFileInput = Static<typeof CodeFileInputSchema>;
export const CodeFilesBodySchema = Type.Array(CodeFileInputSchema, { maxItems: 1000 });

/** `?sync` of save and deploy: both values answer after the work is done. */
export const SyncQuerySchema = Type.Object({ sync: Type.Optional(Type.Boolean()) });

/** One stored deployment of a model (ours; Basalt's history and rollback). */
export const CodeDeploymentSchema = Type.Object({
  id: Type.String(),
  model: Type.String(),
  language: Type.String(),
  created: Type.Number(),
  createdBy: NullableSchema(Type.String()),
  active: Type.Boolean(),
  /** Names of the services, and counts of the handlers and timers, the code registered. */
  services: Type.Array(Type.String()),
  handlers: Type.Integer(),
  timers: Type.Integer(),
  /** Paths of the files it was built from. */
  files: Type.Array(Type.String()),
});
export type CodeDeployment = Static<typeof CodeDeploymentSchema>;

/** Types of a service configuration item (the reference runner's, plus `password`/`url` of its console). */
export const SERVICE_CONFIG_TYPES = ['STRING', 'BOOL', 'DATE', 'CHOICE', 'TEXT', 'PASSWORD', 'URL'] as const;

/**
 * A declared service configuration item. The reference client renames `displayName` to `label` and
 * moves the list to `configDescriptions`.
 */
export const ServiceConfigItemSchema = OpenObjectSchema({
  name: Type.String(),
  displayName: Type.Optional(Type.String()),
  type: Type.String(),
  required: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.Array(Type.String())),
  defaultValue: Type.Optional(Type.Unknown()),
  hint: Type.Optional(Type.String()),
  order: Type.Optional(Type.Number()),
});
export type ServiceConfigItem = Static<typeof ServiceConfigItemSchema>;

/** A configuration item with its stored value (secrets answer `********` once set). */
export const ServiceConfigValueSchema = OpenObjectSchema({
  ...ServiceConfigItemSchema.properties,
  value: Type.Unknown(),
});
export type ServiceConfigValue = Static<typeof ServiceConfigValueSchema>;

/** `setServiceConfig` / `testServiceConfig` body: `[{name, value}]` or `{name: value}`. */
export const ServiceConfigBodySchema = Type.Union([
  Type.Array(OpenObjectSchema({ name: Type.String({ maxLength: 255 }), value: Type.Unknown() }), { maxItems: 200 }),
  Type.Record(Type.String(), Type.Unknown()),
]);

/** One parameter of a service method, from the code (name) and its JSDoc (type, description). */
export const ServiceParamSchema = Type.Object({
  name: Type.String(),
  /** JSDoc type as written (`string`, `number`, `Object`, `Array<string>` ...), or `any`. */
  type: Type.String(),
  description: Type.Optional(Type.String()),
  required: Type.Boolean(),
});
export type ServiceParam = Static<typeof ServiceParamSchema>;

/** One method of an API service and its REST route (ours). */
export const ServiceMethodSchema = Type.Object({
  name: Type.String(),
  /** HTTP verb of the generated route, upper case. */
  method: Type.String(),
  /** Path of the generated route after `/services/{service}` (`/items`, `/item/{id}`). */
  path: Type.String(),
  params: Type.Array(ServiceParamSchema),
  returns: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});
export type ServiceMethod = Static<typeof ServiceMethodSchema>;

/** An API service as `getServices` lists it (ours, plus the reference's `configuration`). */
export const CodeServiceSchema = OpenObjectSchema({
  id: Type.String(),
  name: Type.String(),
  version: Type.String(),
  description: Type.String(),
  model: Type.String(),
  language: Type.String(),
  /** JS, CODELESS, ... */
  type: Type.String(),
  deploymentId: NullableSchema(Type.String()),
  created: Type.Number(),
  /** Whether this model's copy answers the app API when several models hold the service. */
  defaultModel: Type.Boolean(),
  configuration: Type.Array(ServiceConfigItemSchema),
});
export type CodeService = Static<typeof CodeServiceSchema>;

/** Body of `createJsService`. */
export const CreateJsServiceSchema = OpenObjectSchema({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' }),
  model: Type.Optional(CodeModelNameSchema),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});

/**
 * Body of `createAWSLambdaService` (decision 0049). Every field is checked by the server so a 400
 * names the one at fault; `secretAccessKey` is sealed at rest and never answered.
 */
export const CreateAWSLambdaServiceSchema = OpenObjectSchema({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  accessKeyId: Type.Optional(Type.String({ maxLength: 128 })),
  secretAccessKey: Type.Optional(Type.String({ maxLength: 256 })),
  region: Type.Optional(Type.String({ maxLength: 40 })),
  endpoint: Type.Optional(Type.String({ maxLength: 2048 })),
  functions: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
});

/** Answer of `createJsService`: the draft file that holds the new service's class. */
export const CreatedJsServiceSchema = Type.Object({
  name: Type.String(),
  model: Type.String(),
  language: Type.String(),
  file: CodeFileSchema,
});

/** Body of `updateService`. */
export const UpdateServiceSchema = OpenObjectSchema({ description: Type.Optional(Type.String({ maxLength: 2000 })) });

/** Body of `updateServiceDefaultModel`: the service (by id or name) and the model that answers it. */
export const ServiceDefaultModelSchema = OpenObjectSchema({
  serviceId: Type.Optional(Type.String({ maxLength: 64 })),
  serviceName: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  model: CodeModelNameSchema,
});

/** Answer of `testServiceConfig`. */
export const ServiceConfigTestSchema = Type.Object({ valid: Type.Boolean(), message: Type.Optional(Type.String()) });

/**
 * `getServiceSpec`: an OpenAPI 3 document whose `paths[path][verb].operationId` are unique per
 * service; the reference client turns it into `{summary, methods}`.
 */
export const ServiceSpecSchema = OpenObjectSchema({
  openapi: Type.String(),
  info: OpenObjectSchema({ title: Type.String(), version: Type.String() }),
  paths: Type.Record(Type.String(), Type.Record(Type.String(), OpenObjectSchema({ operationId: Type.String() }))),
});
export type ServiceSpec = Static<typeof ServiceSpecSchema>;
