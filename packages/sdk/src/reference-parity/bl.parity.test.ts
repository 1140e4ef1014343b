import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';

const service = {
  id: 'svc-1',
  name: 'Greeter',
  configuration: [{ name: 'apiKey', displayName: 'API key', type: 'STRING' }],
};
const spec = {
  openapi: '3.0.0',
  info: { title: 'Greeter', version: '1.0.0' },
  paths: {
    '/hello': { post: { operationId: 'hello', summary: 'Says hello' } },
    '/items': { get: { operationId: 'getItems' } },
  },
};
/**
 * Under Node the reference client's transport serialises a FormData body as JSON (`{}` with a JSON
 * content type), so its uploads never reach a server there; ours sends the multipart form a browser
 * sends, which is what the server reads.
 */
const NODE_FORM_DATA =
  "the reference client's Node transport sends FormData as the JSON text '{}'; ours sends the multipart form";

const marketplaceHandler = { id: 'h1', mode: 'MARKETPLACE', category: 'PERSISTENCE', eventId: 100, target: '*' };
const timer = { id: 't1', mode: 'PRODUCTION', category: 'TIMER', timername: 'tick' };

describeParity('bl', [
  ['getServices moves configuration to configDescriptions', (api) => api.bl.getServices(A), [ok([service])]],
  ['getServices of a service without configuration', (api) => api.bl.getServices(A), [ok([{ id: 's', name: 'N' }])]],
  ['getServiceSpec parsed', (api) => api.bl.getServiceSpec(A, 'svc-1'), [ok(spec)]],
  ['getServiceSpec raw', (api) => api.bl.getServiceSpec(A, 'svc-1', false), [ok(spec)]],
  ['getServiceMethods', (api) => api.bl.getServiceMethods(A, 'svc-1'), [ok([{ name: 'hello' }])]],
  [
    'createJsService',
    (api) => api.bl.createJsService(A, { name: 'Greeter', model: 'default' }),
    [ok({ name: 'Greeter' })],
  ],
  ['deleteService sends an array body', (api) => api.bl.deleteService(A, 'svc-1'), [ok({ deleted: true })]],
  ['updateService', (api) => api.bl.updateService(A, 'svc-1', { description: 'd' }), [ok({})]],
  ['updateServiceDefaultModel', (api) => api.bl.updateServiceDefaultModel(A, { serviceId: 's', model: 'm' }), [ok({})]],
  ['loadServiceConfig', (api) => api.bl.loadServiceConfig(A, 'svc-1'), [ok([])]],
  ['setServiceConfig', (api) => api.bl.setServiceConfig(A, 'svc-1', [{ name: 'a', value: 1 }]), [ok([])]],
  ['testServiceConfig under test/', (api) => api.bl.testServiceConfig(A, 'svc-1', { a: 1 }), [ok({ valid: true })]],
  ['setMarketplaceServiceConfig', (api) => api.bl.setMarketplaceServiceConfig(A, 'Svc', 'model1', { a: 1 }), [ok({})]],
  [
    'importService with a file sends it as multipart `file`',
    (api) => api.bl.importService(A, { file: new File(['{"openapi":"3.0.0"}'], 'pets.json') }),
    [ok({ id: 'svc-2', name: 'Pets', type: 'IMPORTED' })],
    NODE_FORM_DATA,
  ],
  [
    'importService with a document object sends {appId, service}',
    (api) => api.bl.importService(A, { service: { openapi: '3.0.0', paths: {} } }),
    [ok({ id: 'svc-2', name: 'Pets' })],
  ],
  [
    'importService by URL sends {serviceURL}',
    (api) => api.bl.importService(A, { serviceURL: 'https://example.com/openapi.json' }),
    [ok({ id: 'svc-2', name: 'Pets' })],
  ],
  ['importService refused', (api) => api.bl.importService(A, { serviceURL: 'ftp://x' }), [fail("'serviceURL'", 400)]],
  [
    'createService uploads files, createFromSample=false and model as multipart; services normalised',
    (api) => api.bl.createService(A, { file: new File(['class A {}'], 'a.js'), model: 'orders' }),
    [ok([service])],
    NODE_FORM_DATA,
  ],
  [
    'createService from a sample sends the data as JSON',
    (api) => api.bl.createService(A, { createFromSample: true, sampleName: 'test-sample' }),
    [ok([{ id: 's', name: 'Sample' }])],
  ],
  ['getDraftFiles', (api) => api.bl.getDraftFiles(A, 'JS', 'default'), [ok([])]],
  [
    'saveDraftFiles encodes each id part by part',
    (api) => api.bl.saveDraftFiles(A, 'JS', 'default', [{ id: 'services/my file#1.js', content: 'x' }]),
    [ok([])],
  ],
  ['saveDraftFiles without sync', (api) => api.bl.saveDraftFiles(A, 'JS', 'default', [], false), [ok([])]],
  [
    'deployDraftFiles sends ids as they are',
    (api) => api.bl.deployDraftFiles(A, 'JS', 'default', [{ id: 'services/a b.js', content: 'x' }]),
    [ok({ id: 'd1' })],
  ],
  ['deploy refused', (api) => api.bl.deployDraftFiles(A, 'JS', 'default', []), [fail('Syntax error in a.js:1', 400)]],
  ['getLanguages', (api) => api.bl.getLanguages(), [ok(['JS', 'CODELESS'])]],
  [
    'createCodelessService',
    (api) => api.bl.createCodelessService(A, { name: 'Calc', language: 'CODELESS' }),
    [ok({ id: 'cs1', name: 'Calc', methods: [] })],
  ],
  ['updateCodelessService', (api) => api.bl.updateCodelessService(A, 'cs1', { name: 'Calc2' }), [ok({ id: 'cs1' })]],
  ['deleteCodelessService', (api) => api.bl.deleteCodelessService(A, 'cs1'), [ok({ success: true })]],
  [
    'createCodelessMethod with its trailing slash',
    (api) =>
      api.bl.createCodelessMethod(A, 'cs1', { name: 'sum', type: 'GET', params: [{ name: 'a', type: 'NUMBER' }] }),
    [ok({ id: 'm1', name: 'sum' })],
  ],
  ['updateCodelessMethod', (api) => api.bl.updateCodelessMethod(A, 'cs1', 'm1', { name: 'add' }), [ok({ id: 'm1' })]],
  ['deleteCodelessMethod', (api) => api.bl.deleteCodelessMethod(A, 'cs1', 'm1'), [ok({ success: true })]],
  [
    'getCodelessMethodLogic',
    (api) => api.bl.getCodelessMethodLogic(A, 'cs1', 'm1'),
    [ok({ logic: null, xml: null, code: '', clientCode: null, updated: null })],
  ],
  [
    'deployCodelessMethodLogic with its query',
    (api) =>
      api.bl.deployCodelessMethodLogic(A, 'cs1', 'm1', { logic: { blocks: { blocks: [] } } }, { validate: true }),
    [ok({ code: '' })],
  ],
  [
    'deployCodelessMethodLogic without a query',
    (api) => api.bl.deployCodelessMethodLogic(A, 'cs1', 'm1', { blocks: [] }),
    [fail('The logic of method Calc.sum at block b1: unknown block', 400)],
  ],
  ['getModels', (api) => api.bl.getModels(A, 'JS'), [ok(['default'])]],
  ['getAllModels', (api) => api.bl.getAllModels(A), [ok([])]],
  ['createModel', (api) => api.bl.createModel(A, 'JS', 'orders'), [ok({ name: 'orders' })]],
  [
    'createEventHandler drops category and mode',
    (api) => api.bl.createEventHandler(A, { mode: 'DRAFT', category: 'PERSISTENCE', eventId: 100, target: 'Person' }),
    [ok({ id: 'h1' })],
  ],
  [
    'createEventHandler of a timer',
    (api) => api.bl.createEventHandler(A, { mode: 'PRODUCTION', category: 'TIMER', timername: 'tick' }),
    [ok({ id: 't1' })],
  ],
  [
    'updateEventHandler of a marketplace handler',
    (api) => api.bl.updateEventHandler(A, { ...marketplaceHandler, mode: 'PRODUCTION', fromMarketplace: true }),
    [ok(marketplaceHandler)],
  ],
  ['getEventHandlers normalises MARKETPLACE', (api) => api.bl.getEventHandlers(A), [ok([marketplaceHandler, timer])]],
  ['getEventHandlers of modes', (api) => api.bl.getEventHandlers(A, ['DRAFT', 'PRODUCTION']), [ok([])]],
  ['deleteEventHandler', (api) => api.bl.deleteEventHandler(A, timer), [ok({ deleted: true })]],
  ['getHandlerInvocationChain', (api) => api.bl.getHandlerInvocationChain(A, 100, 'Person'), [ok({ handlers: [] })]],
  [
    'updateHandlerInvocationChain',
    (api) => api.bl.updateHandlerInvocationChain(A, 100, 'Person', { handlers: ['a', 'b'] }),
    [ok({ handlers: [] })],
  ],
  ['invokeTimer', (api) => api.bl.invokeTimer(A, timer), [ok({ status: 'ok', error: null })]],
  ['changeHandlerState', (api) => api.bl.changeHandlerState(A, 'PRODUCTION', 'TIMER', 't1', false), [ok(timer)]],
  ['getCategories', (api) => api.bl.getCategories(A), [ok([])]],
  ['getEvents', (api) => api.bl.getEvents(A), [ok([])]],
  [
    'getTimerLogs',
    (api) => api.bl.getTimerLogs(A, { timer: 'tick', offset: 0, pageSize: 20 }),
    [ok({ data: [], totalRows: 0 })],
  ],
]);

describeParity('codeless', [
  ['loadApiServices', (api) => api.codeless.loadApiServices(A), [ok([])]],
  ['loadFunctions', (api) => api.codeless.loadFunctions(A), [ok([])]],
  ['createFunction', (api) => api.codeless.createFunction(A, { name: 'f' }), [ok({ id: 'f1' })]],
  ['loadFunctionSource', (api) => api.codeless.loadFunctionSource(A, 'f1'), [ok({})]],
  ['updateFunctionSource', (api) => api.codeless.updateFunctionSource(A, 'f1', '<xml/>', 'code', { a: 1 }), [ok({})]],
  [
    'updateFunctionSource with null xml',
    (api) => api.codeless.updateFunctionSource(A, 'f1', null, '', {}),
    [fail('Invalid function source data', 400)],
  ],
  ['removeFunctionSource', (api) => api.codeless.removeFunctionSource(A, 'f1'), [ok({})]],
  [
    'deployCodelessModel',
    (api) => api.codeless.deployCodelessModel(A, 'default', [{ type: 'function', id: 'f1' }]),
    [ok({ status: 'deployed', deployedItems: 1 })],
  ],
]);

describeParity('cloudCode', [
  [
    'installMarketplaceDeploymentModel',
    (api) => api.cloudCode.installMarketplaceDeploymentModel(A, 'p1', '1.0.0'),
    [ok({})],
  ],
  [
    'uninstallMarketplaceDeploymentModel',
    (api) => api.cloudCode.uninstallMarketplaceDeploymentModel(A, 'p1'),
    [ok({})],
  ],
]);

describeParity('mcpApiServices', [
  ['getMcpApiServices', (api) => api.mcpApiServices.getMcpApiServices(A), [ok([])]],
  [
    'getMcpApiServices with entries',
    (api) => api.mcpApiServices.getMcpApiServices(A),
    [
      ok([
        {
          serviceInfo: { serviceId: 's1', serviceVersionId: 's1', serviceName: 'Pets', mcpEnabled: true },
          elements: [{ id: 's1:list', name: 'list', description: '', params: [] }],
        },
      ]),
    ],
  ],
  ['enableMcpApiService', (api) => api.mcpApiServices.enableMcpApiService(A, 'v1'), [ok({})]],
  ['enableMcpApiService with an empty answer', (api) => api.mcpApiServices.enableMcpApiService(A, 'v1'), [ok()]],
  [
    'enableMcpApiService of an unknown version',
    (api) => api.mcpApiServices.enableMcpApiService(A, 'nope'),
    [fail("Service version 'nope' not found", 404)],
  ],
  ['disableMcpApiService', (api) => api.mcpApiServices.disableMcpApiService(A, 'v1'), [ok({})]],
]);
