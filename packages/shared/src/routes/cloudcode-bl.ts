import { Type } from '@sinclair/typebox';
import { defineRoute, plannedRoutes } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';
import {
  CodeDeploymentSchema,
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

  ...plannedRoutes('code', 'bl', {
    importService: ['POST', `${ls}/import`],
    createService: ['POST', `${ls}/generic`],
    createCodelessService: ['POST', `${ls}/codeless`],
    updateCodelessService: ['PUT', `${ls}/codeless/:serviceId`],
    deleteCodelessService: ['DELETE', `${ls}/codeless/:serviceId`],
    createCodelessMethod: ['POST', `${ls}/codeless/:serviceId/`],
    updateCodelessMethod: ['PUT', `${ls}/codeless/:serviceId/:methodId`],
    deleteCodelessMethod: ['DELETE', `${ls}/codeless/:serviceId/:methodId`],
    getCodelessMethodLogic: ['GET', `${ls}/codeless/:serviceId/:methodId/logic`],
    deployCodelessMethodLogic: ['PUT', `${ls}/codeless/:serviceId/:methodId/logic`],
    setMarketplaceServiceConfig: ['POST', `${ls}/marketplace/configure/:modelName/:serviceName`],
    /** Browser download of a generated client (auth key in the path). */
    downloadServiceClient: ['GET', '/:appId/console/:authKey/localservices/:serviceId/:language/download', 'public'],
  }),
};

/** Marketplace deployment models (`cloudCode` group). */
export const cloudCodeRoutes = plannedRoutes('code', 'cloudCode', {
  installMarketplaceDeploymentModel: [
    'POST',
    '/:appId/console/cloud-code/deployment-models/marketplace/install/:productId',
  ],
  uninstallMarketplaceDeploymentModel: [
    'POST',
    '/:appId/console/cloud-code/deployment-models/marketplace/uninstall/:productId',
  ],
});

/** The codeless functions library and codeless deploys (`codeless` group). */
export const codelessRoutes = plannedRoutes('code', 'codeless', {
  loadApiServices: ['GET', '/:appId/console/codeless/api-services'],
  loadFunctions: ['GET', '/:appId/console/codeless/functions'],
  createFunction: ['POST', '/:appId/console/codeless/functions'],
  loadFunctionSource: ['GET', '/:appId/console/codeless/functions/:functionId'],
  updateFunctionSource: ['PUT', '/:appId/console/codeless/functions/:functionId'],
  removeFunctionSource: ['DELETE', '/:appId/console/codeless/functions/:functionId'],
  deployCodelessModel: ['POST', '/:appId/console/codeless/deploy/:model'],
});

/** MCP flags of service versions (`mcpApiServices` group). */
export const mcpApiServicesRoutes = plannedRoutes('code', 'mcpApiServices', {
  getMcpApiServices: ['GET', `${ls}/generic/mcp/list`],
  enableMcpApiService: ['PUT', `${ls}/generic/:serviceVersionId/mcp/enable`],
  disableMcpApiService: ['PUT', `${ls}/generic/:serviceVersionId/mcp/disable`],
});
