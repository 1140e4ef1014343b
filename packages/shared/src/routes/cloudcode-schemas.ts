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
  /** Where an imported operation sends it to the remote API: `path`, `query`, `header` or `body` (decision 0053). */
  in: Type.Optional(Type.String()),
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
  /** Whether MCP clients may call the service (decision 0053). */
  mcpEnabled: Type.Optional(Type.Boolean()),
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

/*
 * Codeless services, methods, functions and deploys (decision 0051). The stored source of every
 * codeless item is Blockly's JSON serialisation (`logic`); `xml` and `code` the reference console
 * sends are kept as given (round trip, diff) and never run: the server generates the code.
 */

/** A name that becomes a JavaScript identifier in the generated code (class, method, parameter). */
const CodelessIdentifierSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });

/** A method parameter or function input: its name and type (STRING, NUMBER, BOOLEAN, OBJECT, ARRAY, DATE, ANY). */
export const CodelessParamSchema = OpenObjectSchema({
  name: CodelessIdentifierSchema,
  type: Type.Optional(Type.String({ maxLength: 50 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  required: Type.Optional(Type.Boolean()),
});
export type CodelessParam = Static<typeof CodelessParamSchema>;

/** Body of `createCodelessService` (the reference client may send `language: 'CODELESS'`). */
export const CreateCodelessServiceSchema = OpenObjectSchema({
  name: CodelessIdentifierSchema,
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  model: Type.Optional(CodeModelNameSchema),
  language: Type.Optional(Type.String({ maxLength: 20 })),
});

/** Body of `updateCodelessService`. */
export const UpdateCodelessServiceSchema = OpenObjectSchema({
  name: Type.Optional(CodelessIdentifierSchema),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});

/**
 * Body of `createCodelessMethod` / `updateCodelessMethod`. `type` is the HTTP verb of its REST route
 * (the reference fixture sends `type: 'GET'`) and `path` its path; without them the route follows
 * the JS naming rules (decision 0046).
 */
export const CodelessMethodBodySchema = OpenObjectSchema({
  name: Type.Optional(CodelessIdentifierSchema),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  /** `[{name, type}]`, or bare names (type ANY). */
  params: Type.Optional(Type.Array(Type.Union([CodelessIdentifierSchema, CodelessParamSchema]), { maxItems: 50 })),
  type: Type.Optional(Type.String({ maxLength: 10 })),
  path: Type.Optional(Type.String({ maxLength: 500 })),
  returns: Type.Optional(Type.String({ maxLength: 50 })),
});

/** One method of a codeless service. */
export const CodelessMethodSchema = OpenObjectSchema({
  id: Type.String(),
  serviceId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  params: Type.Array(CodelessParamSchema),
  /** The verb and path of its REST route (after `/services/{service}`). */
  method: Type.String(),
  path: Type.String(),
  returns: NullableSchema(Type.String()),
  /** Whether logic has been deployed for it (without logic it answers null). */
  hasLogic: Type.Boolean(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CodelessMethod = Static<typeof CodelessMethodSchema>;

/** A codeless service with its methods. */
export const CodelessServiceSchema = OpenObjectSchema({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  model: Type.String(),
  language: Type.String(),
  type: Type.String(),
  version: Type.String(),
  methods: Type.Array(CodelessMethodSchema),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CodelessService = Static<typeof CodelessServiceSchema>;

/**
 * Body of `deployCodelessMethodLogic`: `{logic, xml?, code?}`, or the block JSON itself
 * (`{blocks, variables}`), as the reference fixture sends it.
 */
export const CodelessLogicBodySchema = OpenObjectSchema({
  logic: Type.Optional(Type.Unknown()),
  xml: Type.Optional(NullableSchema(Type.String({ maxLength: 5_000_000 }))),
  code: Type.Optional(NullableSchema(Type.String({ maxLength: 5_000_000 }))),
  blocks: Type.Optional(Type.Unknown()),
  variables: Type.Optional(Type.Unknown()),
});

/** `?validate=true`: generate and check the logic without storing or deploying it. */
export const CodelessLogicQuerySchema = OpenObjectSchema({ validate: Type.Optional(Type.Boolean()) });

/** The logic of a codeless item as stored, with the code the server generated from it. */
export const CodelessLogicSchema = OpenObjectSchema({
  /** Blockly's JSON serialisation, or null before any logic was deployed. */
  logic: Type.Unknown(),
  xml: NullableSchema(Type.String()),
  /** The JavaScript the server generated from `logic` (never the client's). */
  code: Type.String(),
  /** The code the client sent, kept only to show a difference. */
  clientCode: NullableSchema(Type.String()),
  updated: NullableSchema(Type.Number()),
});
export type CodelessLogic = Static<typeof CodelessLogicSchema>;

/** Body of `createFunction`. `definition.inputs` names the function's inputs. */
export const CreateCodelessFunctionSchema = OpenObjectSchema({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  definition: Type.Optional(Type.Unknown()),
});

/** A function of the app's codeless library. */
export const CodelessFunctionSchema = OpenObjectSchema({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String(),
  /** `{inputs: [{name, type}], ...}` as the console sent it. */
  definition: Type.Unknown(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CodelessFunction = Static<typeof CodelessFunctionSchema>;

/** `loadFunctionSource`: the function with its stored source and the server-generated code. */
export const CodelessFunctionSourceSchema = OpenObjectSchema({
  id: Type.String(),
  name: Type.String(),
  definition: Type.Unknown(),
  logic: Type.Unknown(),
  xml: NullableSchema(Type.String()),
  code: Type.String(),
  clientCode: NullableSchema(Type.String()),
  updated: Type.Number(),
});
export type CodelessFunctionSource = Static<typeof CodelessFunctionSourceSchema>;

/** Body of `updateFunctionSource`: `{xml, code, definition}` of the reference plus our `logic`. */
export const UpdateFunctionSourceSchema = OpenObjectSchema({
  /** Ours: a new name for the function (calls name it by id and keep working). */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  xml: Type.Optional(Type.Unknown()),
  code: Type.Optional(NullableSchema(Type.String({ maxLength: 5_000_000 }))),
  definition: Type.Optional(Type.Unknown()),
  logic: Type.Optional(Type.Unknown()),
});

/**
 * One item of `deployCodelessModel`: `type` service | method | function | handler | timer | event,
 * its `id`, and optionally new `logic` (with `xml`/`code`) stored for it before the deploy.
 */
export const CodelessDeployItemSchema = OpenObjectSchema({
  type: Type.String({ maxLength: 20 }),
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Number()]),
  name: Type.Optional(Type.String()),
  logic: Type.Optional(Type.Unknown()),
  xml: Type.Optional(NullableSchema(Type.String({ maxLength: 5_000_000 }))),
  code: Type.Optional(NullableSchema(Type.String({ maxLength: 5_000_000 }))),
});

/** Answer of `deployCodelessModel`. */
export const CodelessDeployResultSchema = OpenObjectSchema({
  status: Type.String(),
  deployedItems: Type.Integer(),
  timestamp: Type.Number(),
  deployment: CodeDeploymentSchema,
});

/** `loadApiServices`: the app's services and their methods, for the codeless toolbox. */
export const CodelessApiServiceSchema = OpenObjectSchema({
  id: Type.String(),
  name: Type.String(),
  model: Type.String(),
  type: Type.String(),
  methods: Type.Array(
    OpenObjectSchema({
      name: Type.String(),
      method: Type.String(),
      path: Type.String(),
      params: Type.Array(ServiceParamSchema),
      /** Codeless methods only: the id their logic routes take, whether logic is deployed, the declared parameters. */
      id: Type.Optional(Type.String()),
      hasLogic: Type.Optional(Type.Boolean()),
      codelessParams: Type.Optional(Type.Array(CodelessParamSchema)),
    }),
  ),
});

/**
 * Body of `importService` as JSON (decision 0053): `{serviceURL}` (fetched by the server through its
 * outbound guard) or the reference's `{appId, service}` with the OpenAPI 3 / Swagger 2 document as an
 * object or as JSON text. The multipart form (`file`) is read by the handler. Optional `name`
 * overrides the service name taken from the document's title.
 */
export const ImportServiceBodySchema = OpenObjectSchema({
  serviceURL: Type.Optional(Type.String({ maxLength: 2048 })),
  service: Type.Optional(Type.Unknown()),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  appId: Type.Optional(Type.String()),
});

/** One service version as `mcpApiServices.getMcpApiServices` lists it: the reference's `{serviceInfo, elements}`. */
export const McpApiServiceSchema = Type.Object({
  serviceInfo: OpenObjectSchema({
    serviceId: Type.String(),
    /** Basalt has one version per service row: the service id. */
    serviceVersionId: Type.String(),
    serviceName: Type.String(),
    version: Type.String(),
    model: Type.String(),
    lang: Type.String(),
    mode: Type.String(),
    /** Whether MCP clients may call the service's methods. */
    mcpEnabled: Type.Boolean(),
    /** No MCP endpoint serves the flag yet (decision 0053): null. */
    mcpURL: NullableSchema(Type.String()),
    hostingProvider: Type.String(),
  }),
  elements: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      description: Type.String(),
      params: Type.Array(
        Type.Object({
          name: Type.String(),
          type: Type.String(),
          description: Type.String(),
          required: Type.Boolean(),
        }),
      ),
    }),
  ),
});
export type McpApiService = Static<typeof McpApiServiceSchema>;
