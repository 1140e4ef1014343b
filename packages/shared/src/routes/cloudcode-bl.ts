import { Type } from '@sinclair/typebox';
import { defineRoute, plannedRoutes } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';
import { InstallProductBody, MarketplaceInstallSchema } from './marketplace.js';
import {
  CodeDeploymentSchema,
  CodelessApiServiceSchema,
  CodelessDeployItemSchema,
  CodelessDeployResultSchema,
  CodelessFunctionSchema,
  CodelessFunctionSourceSchema,
  CodelessLogicBodySchema,
  CodelessLogicQuerySchema,
  CodelessLogicSchema,
  CodelessMethodBodySchema,
  CodelessMethodSchema,
  CodelessServiceSchema,
  CreateCodelessFunctionSchema,
  CreateCodelessServiceSchema,
  UpdateCodelessServiceSchema,
  UpdateFunctionSourceSchema,
  CodeFileSchema,
  CodeFilesBodySchema,
  CodeModelSchema,
  CodeServiceSchema,
  CreateAWSLambdaServiceSchema,
  CreateCodeModelSchema,
  CreateJsServiceSchema,
  CreatedJsServiceSchema,
  ServiceConfigBodySchema,
  ServiceConfigTestSchema,
  ServiceConfigValueSchema,
  ServiceDefaultModelSchema,
  ServiceMethodSchema,
  ServiceSpecSchema,
  SyncQuerySchema,
  McpApiServiceSchema,
  UpdateServiceSchema,
} from './cloudcode-schemas.js';

/*
 * The `bl` group of the reference client (src/bl.js): API services under `localservices`, models,
 * drafts and deploys under `servercode`. Handler, timer, chain, category and event routes of the same
 * group are in `cloudcode-handlers.ts`. Routes still carrying `area: 'code'` answer 501 until a
 * module registers them (decision 0046).
 */

const sc = '/:appId/console/servercode';
const ls = '/:appId/console/localservices';
const cl = '/:appId/console/codeless';
const BL = DevOperations.BUSINESS_LOGIC;

/** Models, drafts, deploys and JS services. */
export const blRoutes = {
  getLanguages: defineRoute({
    name: 'bl.getLanguages',
    method: 'GET',
    path: '/console/servercode/languages',
    auth: 'developer',
    response: Type.Array(Type.String()),
    summary: 'Languages cloud code can be written in (`JS`, `CODELESS`)',
  }),
  getModels: defineRoute({
    name: 'bl.getModels',
    method: 'GET',
    path: `${sc}/models/:language`,
    auth: 'developer',
    response: Type.Array(Type.String()),
    summary: 'Names of the deployment models of one language (`default` always among them)',
  }),
  getAllModels: defineRoute({
    name: 'bl.getAllModels',
    method: 'GET',
    path: `${sc}/models`,
    auth: 'developer',
    response: Type.Array(CodeModelSchema),
    summary: 'Every deployment model of the app: `[{name, language, created}]`',
  }),
  createModel: defineRoute({
    name: 'bl.createModel',
    method: 'POST',
    path: `${sc}/models/create`,
    auth: 'developer',
    devPermission: BL,
    body: CreateCodeModelSchema,
    response: CodeModelSchema,
    summary: 'Creates a deployment model (409 when it exists)',
  }),
  getDraftFiles: defineRoute({
    name: 'bl.getDraftFiles',
    method: 'GET',
    path: `${sc}/:model/draft/:language`,
    auth: 'developer',
    response: Type.Array(CodeFileSchema),
    summary: "The model's draft files: `[{id, name, size, updated}]`, `id` being the path",
  }),
  saveDraftFiles: defineRoute({
    name: 'bl.saveDraftFiles',
    method: 'PUT',
    path: `${sc}/:model/draft/:language`,
    auth: 'developer',
    devPermission: BL,
    query: SyncQuerySchema,
    body: CodeFilesBodySchema,
    response: Type.Array(CodeFileSchema),
    summary: 'Saves draft files (ids path-encoded part by part; `deleted: true` removes one); production is unchanged',
  }),
  deployDraftFiles: defineRoute({
    name: 'bl.deployDraftFiles',
    method: 'PUT',
    path: `${sc}/:model/production/:language`,
    auth: 'developer',
    devPermission: BL,
    query: SyncQuerySchema,
    body: CodeFilesBodySchema,
    response: CodeDeploymentSchema,
    summary:
      'Saves the files as the draft, bundles and analyses the whole draft and switches production to it (400 CLOUD_CODE_DEPLOY_ERROR naming file and line)',
  }),
  getDraftFileContent: defineRoute({
    name: 'bl.getDraftFileContent',
    method: 'GET',
    path: `${sc}/:model/draft/:language/:fileId`,
    auth: 'developer',
    response: Type.String(),
    summary: 'The text of one draft file, byte for byte (the file id spans several path segments)',
  }),
  downloadDraftFiles: defineRoute({
    name: 'bl.downloadDraftFiles',
    method: 'GET',
    path: '/:appId/console/:authKey/servercode/:model/draft/:language/download',
    // The developer's auth key is in the path (a browser download); the handler checks it.
    auth: 'public',
    response: Type.Unknown({ description: 'a zip archive of the draft files' }),
    summary: "The model's draft files as a zip archive (browser download; the auth key is in the path)",
  }),
  getDeployments: defineRoute({
    name: 'bl.getDeployments',
    method: 'GET',
    path: `${sc}/:model/deployments/:language`,
    auth: 'developer',
    response: Type.Array(CodeDeploymentSchema),
    summary: "Basalt addition: the model's last deployments, newest first, the active one flagged",
  }),
  rollbackDeployment: defineRoute({
    name: 'bl.rollbackDeployment',
    method: 'POST',
    path: `${sc}/:model/deployments/:language/:deploymentId/activate`,
    auth: 'developer',
    devPermission: BL,
    response: CodeDeploymentSchema,
    summary:
      'Basalt addition: makes an earlier deployment of the model production again (its files, services, handlers, timers)',
  }),

  getServices: defineRoute({
    name: 'bl.getServices',
    method: 'GET',
    path: ls,
    auth: 'developer',
    response: Type.Array(CodeServiceSchema),
    summary: 'Deployed API services of every model, with their declared `configuration`',
  }),
  getServiceSpec: defineRoute({
    name: 'bl.getServiceSpec',
    method: 'GET',
    path: `${ls}/:serviceId/api-docs`,
    auth: 'developer',
    response: ServiceSpecSchema,
    summary: "OpenAPI 3 document of a service's REST routes (one unique operationId per method)",
  }),
  getServiceMethods: defineRoute({
    name: 'bl.getServiceMethods',
    method: 'GET',
    path: `${ls}/:serviceId/methods`,
    auth: 'developer',
    response: Type.Array(ServiceMethodSchema),
    summary: "A service's methods with verb, path and parameters",
  }),
  createJsService: defineRoute({
    name: 'bl.createJsService',
    method: 'POST',
    path: `${ls}/js`,
    auth: 'developer',
    devPermission: BL,
    body: CreateJsServiceSchema,
    response: CreatedJsServiceSchema,
    summary: "Adds a JS service's class file (`services/{name}.js`) to the model's draft; deploy makes it answer",
  }),
  createAWSLambdaService: defineRoute({
    name: 'bl.createAWSLambdaService',
    method: 'POST',
    path: `${ls}/aws-lambda`,
    auth: 'developer',
    devPermission: BL,
    body: CreateAWSLambdaServiceSchema,
    response: CodeServiceSchema,
    summary:
      'Creates a service (type AWS_LAMBDA) whose methods invoke AWS Lambda functions, SigV4-signed; the secret key is sealed and answered masked',
  }),
  deleteService: defineRoute({
    name: 'bl.deleteService',
    method: 'DELETE',
    path: `${ls}/generic`,
    auth: 'developer',
    devPermission: BL,
    body: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 100 }),
    response: SuccessSchema,
    summary: 'Deletes services by id (body `[id]`): they stop answering and their draft class file is removed',
  }),
  updateService: defineRoute({
    name: 'bl.updateService',
    method: 'PUT',
    path: `${ls}/generic/:serviceId/update`,
    auth: 'developer',
    devPermission: BL,
    body: UpdateServiceSchema,
    response: CodeServiceSchema,
    summary: "Changes a service's description",
  }),
  updateServiceDefaultModel: defineRoute({
    name: 'bl.updateServiceDefaultModel',
    method: 'PUT',
    path: `${ls}/default-model`,
    auth: 'developer',
    devPermission: BL,
    body: ServiceDefaultModelSchema,
    response: SuccessSchema,
    summary: 'Chooses the model whose copy of a service answers the app API',
  }),
  loadServiceConfig: defineRoute({
    name: 'bl.loadServiceConfig',
    method: 'GET',
    path: `${ls}/generic/configure/:serviceId`,
    auth: 'developer',
    response: Type.Array(ServiceConfigValueSchema),
    summary: "A service's configuration items with their values (secrets masked)",
  }),
  setServiceConfig: defineRoute({
    name: 'bl.setServiceConfig',
    method: 'POST',
    path: `${ls}/generic/configure/:serviceId`,
    auth: 'developer',
    devPermission: BL,
    body: ServiceConfigBodySchema,
    response: Type.Array(ServiceConfigValueSchema),
    summary: 'Stores configuration values (types and required items checked; secrets encrypted)',
  }),
  testServiceConfig: defineRoute({
    name: 'bl.testServiceConfig',
    method: 'POST',
    path: `${ls}/generic/configure/test/:serviceId`,
    auth: 'developer',
    devPermission: BL,
    body: ServiceConfigBodySchema,
    response: ServiceConfigTestSchema,
    summary: "Checks configuration values: types, required items, then the service's own `validateConfig`",
  }),

  createCodelessService: defineRoute({
    name: 'bl.createCodelessService',
    method: 'POST',
    path: `${ls}/codeless`,
    auth: 'developer',
    devPermission: BL,
    body: CreateCodelessServiceSchema,
    response: CodelessServiceSchema,
    summary:
      'Creates a codeless service (model `default` unless named); it is deployed at once, without methods (409 when the name is taken)',
  }),
  updateCodelessService: defineRoute({
    name: 'bl.updateCodelessService',
    method: 'PUT',
    path: `${ls}/codeless/:serviceId`,
    auth: 'developer',
    devPermission: BL,
    body: UpdateCodelessServiceSchema,
    response: CodelessServiceSchema,
    summary: 'Renames a codeless service or changes its description, and deploys its model again',
  }),
  deleteCodelessService: defineRoute({
    name: 'bl.deleteCodelessService',
    method: 'DELETE',
    path: `${ls}/codeless/:serviceId`,
    auth: 'developer',
    devPermission: BL,
    response: SuccessSchema,
    summary: 'Deletes a codeless service and its methods; it stops answering',
  }),
  createCodelessMethod: defineRoute({
    name: 'bl.createCodelessMethod',
    method: 'POST',
    path: `${ls}/codeless/:serviceId/`,
    auth: 'developer',
    devPermission: BL,
    body: CodelessMethodBodySchema,
    response: CodelessMethodSchema,
    summary: 'Adds a method (name, parameters, verb and path) to a codeless service; without logic it answers null',
  }),
  updateCodelessMethod: defineRoute({
    name: 'bl.updateCodelessMethod',
    method: 'PUT',
    path: `${ls}/codeless/:serviceId/:methodId`,
    auth: 'developer',
    devPermission: BL,
    body: CodelessMethodBodySchema,
    response: CodelessMethodSchema,
    summary: "Changes a codeless method's name, parameters or route and deploys its model again",
  }),
  deleteCodelessMethod: defineRoute({
    name: 'bl.deleteCodelessMethod',
    method: 'DELETE',
    path: `${ls}/codeless/:serviceId/:methodId`,
    auth: 'developer',
    devPermission: BL,
    response: SuccessSchema,
    summary: 'Deletes a codeless method; it stops answering',
  }),
  getCodelessMethodLogic: defineRoute({
    name: 'bl.getCodelessMethodLogic',
    method: 'GET',
    path: `${ls}/codeless/:serviceId/:methodId/logic`,
    auth: 'developer',
    response: CodelessLogicSchema,
    summary: "A codeless method's deployed blocks (`logic`), the `xml` sent with them and the server-generated `code`",
  }),
  deployCodelessMethodLogic: defineRoute({
    name: 'bl.deployCodelessMethodLogic',
    method: 'PUT',
    path: `${ls}/codeless/:serviceId/:methodId/logic`,
    auth: 'developer',
    devPermission: BL,
    query: CodelessLogicQuerySchema,
    body: CodelessLogicBodySchema,
    response: CodelessLogicSchema,
    summary:
      "Deploys a method's blocks: the server generates the code (a sent `code` is never run) and deploys the model; bad logic is a 400 naming the block and leaves production as it was (`?validate=true` only checks)",
  }),

  importService: defineRoute({
    name: 'bl.importService',
    method: 'POST',
    path: `${ls}/import`,
    auth: 'developer',
    devPermission: BL,
    // Multipart (`file`: an OpenAPI 3 or Swagger 2 JSON document) or JSON (ImportServiceBodySchema,
    // checked by the handler: a body schema would refuse the multipart form before it is read).
    response: CodeServiceSchema,
    summary:
      'Imports a service from an OpenAPI 3 / Swagger 2 JSON document (multipart `file`, `{serviceURL}` or `{service}`); its operations become methods proxied to the base URL',
  }),
  createService: defineRoute({
    name: 'bl.createService',
    method: 'POST',
    path: `${ls}/generic`,
    auth: 'developer',
    devPermission: BL,
    // Multipart: `files` (.js files or a .zip of them), `model`, `createFromSample`.
    response: Type.Array(CodeServiceSchema),
    summary:
      'Uploads .js files (or a .zip of them) into a JS model as `services/…` drafts and deploys the model; answers the services they hold (413 over the limits, 400 for a bad archive)',
  }),
  downloadServiceClient: defineRoute({
    name: 'bl.downloadServiceClient',
    method: 'GET',
    path: '/:appId/console/:authKey/localservices/:serviceId/:language/download',
    // The developer's auth key is in the path (a browser download); the handler checks it.
    auth: 'public',
    response: Type.Unknown({ description: 'the generated client source file' }),
    summary: 'A generated client of the service (`JS`: an ES module, `TS`: TypeScript), one async function per method',
  }),

  // Marketplace products come with the Marketplace area (decision 0053): until then these answer
  // that the Marketplace is not available, not that cloud code is not.
  ...plannedRoutes('marketplace', 'bl', {
    setMarketplaceServiceConfig: ['POST', `${ls}/marketplace/configure/:modelName/:serviceName`],
  }),
};

/**
 * Marketplace deployment models (`cloudCode` group, decision 0088): a cloud-code service product
 * is deployed into its own JS model of the app and runs only in the cloud-code sandbox.
 */
export const cloudCodeRoutes = {
  installMarketplaceDeploymentModel: defineRoute({
    name: 'cloudCode.installMarketplaceDeploymentModel',
    method: 'POST',
    path: '/:appId/console/cloud-code/deployment-models/marketplace/install/:productId',
    auth: 'developer',
    devPermission: DevOperations.MARKETPLACE_PURCHASE,
    query: Type.Object({ version: Type.Optional(Type.String({ maxLength: 40 })) }),
    body: Type.Optional(InstallProductBody),
    response: MarketplaceInstallSchema,
    summary: "Installs a cloud-code service product (allocated to the app) into its own model of the app's cloud code",
  }),
  uninstallMarketplaceDeploymentModel: defineRoute({
    name: 'cloudCode.uninstallMarketplaceDeploymentModel',
    method: 'POST',
    path: '/:appId/console/cloud-code/deployment-models/marketplace/uninstall/:productId',
    auth: 'developer',
    devPermission: DevOperations.MARKETPLACE_PURCHASE,
    response: SuccessSchema,
    summary: 'Removes an installed cloud-code service product and its model',
  }),
};

/** The codeless functions library and codeless deploys (`codeless` group). */
export const codelessRoutes = {
  loadApiServices: defineRoute({
    name: 'codeless.loadApiServices',
    method: 'GET',
    path: `${cl}/api-services`,
    auth: 'developer',
    response: Type.Array(CodelessApiServiceSchema),
    summary: "The app's API services and their methods, for the codeless toolbox",
  }),
  loadFunctions: defineRoute({
    name: 'codeless.loadFunctions',
    method: 'GET',
    path: `${cl}/functions`,
    auth: 'developer',
    response: Type.Array(CodelessFunctionSchema),
    summary: "The app's codeless functions library",
  }),
  createFunction: defineRoute({
    name: 'codeless.createFunction',
    method: 'POST',
    path: `${cl}/functions`,
    auth: 'developer',
    devPermission: BL,
    body: CreateCodelessFunctionSchema,
    response: CodelessFunctionSchema,
    summary: 'Adds a function to the codeless library (`definition.inputs` names its inputs)',
  }),
  loadFunctionSource: defineRoute({
    name: 'codeless.loadFunctionSource',
    method: 'GET',
    path: `${cl}/functions/:functionId`,
    auth: 'developer',
    response: CodelessFunctionSourceSchema,
    summary: "A function's stored source (`logic`, `xml`, `definition`) and the server-generated `code`",
  }),
  updateFunctionSource: defineRoute({
    name: 'codeless.updateFunctionSource',
    method: 'PUT',
    path: `${cl}/functions/:functionId`,
    auth: 'developer',
    devPermission: BL,
    body: UpdateFunctionSourceSchema,
    response: CodelessFunctionSourceSchema,
    summary:
      "Stores a function's blocks after checking they generate (400 naming the block); `deployCodelessModel` makes them run",
  }),
  removeFunctionSource: defineRoute({
    name: 'codeless.removeFunctionSource',
    method: 'DELETE',
    path: `${cl}/functions/:functionId`,
    auth: 'developer',
    devPermission: BL,
    response: SuccessSchema,
    summary: 'Removes a function from the library (409 while deployed logic calls it)',
  }),
  loadCodelessLogic: defineRoute({
    name: 'codeless.loadCodelessLogic',
    method: 'GET',
    path: `${cl}/logic/:model/:type/:itemId`,
    auth: 'developer',
    params: Type.Object({
      appId: Type.String(),
      model: Type.String({ minLength: 1, maxLength: 200 }),
      type: Type.Union([Type.Literal('handler'), Type.Literal('event'), Type.Literal('timer')]),
      itemId: Type.String({ minLength: 1, maxLength: 200 }),
    }),
    response: CodelessLogicSchema,
    summary:
      "A codeless event handler's, custom event's or timer's stored blocks (`logic`, null before any) and the server-generated `code` (Basalt addition, for the console's editor)",
  }),
  deployCodelessModel: defineRoute({
    name: 'codeless.deployCodelessModel',
    method: 'POST',
    path: `${cl}/deploy/:model`,
    auth: 'developer',
    devPermission: BL,
    body: Type.Array(CodelessDeployItemSchema, { maxItems: 1000 }),
    response: CodelessDeployResultSchema,
    summary:
      'Stores the logic sent with the items, generates the whole CODELESS model (services, handlers, timers, custom events, functions) and deploys it',
  }),
};

/** MCP flags of service versions (`mcpApiServices` group; a version is a service row, decision 0053). */
export const mcpApiServicesRoutes = {
  getMcpApiServices: defineRoute({
    name: 'mcpApiServices.getMcpApiServices',
    method: 'GET',
    path: `${ls}/generic/mcp/list`,
    auth: 'developer',
    response: Type.Array(McpApiServiceSchema),
    summary: "The app's API services with their methods and whether MCP clients may call them",
  }),
  enableMcpApiService: defineRoute({
    name: 'mcpApiServices.enableMcpApiService',
    method: 'PUT',
    path: `${ls}/generic/:serviceVersionId/mcp/enable`,
    auth: 'developer',
    devPermission: BL,
    response: McpApiServiceSchema,
    summary: 'Lets MCP clients call the service version (its id); answers its entry',
  }),
  disableMcpApiService: defineRoute({
    name: 'mcpApiServices.disableMcpApiService',
    method: 'PUT',
    path: `${ls}/generic/:serviceVersionId/mcp/disable`,
    auth: 'developer',
    devPermission: BL,
    response: McpApiServiceSchema,
    summary: 'Stops MCP clients calling the service version (its id); answers its entry',
  }),
};
