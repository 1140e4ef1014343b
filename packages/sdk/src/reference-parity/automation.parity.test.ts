import { ON_2_57, describeParity, fail, ok } from './parity.test-helpers.js';

// The automation group exists only in the 2.57.2 client (3.0.0 dropped it): every case runs there.
const A = 'test-app-id';
const F = 'flow-1';
const V = 'version-1';
const X = 'execution-1';
const flow = {
  name: 'Order sizes',
  elements: [{ id: 'start', name: 'New order', type: 'trigger.data', config: { table: 'Order', events: ['created'] } }],
  transitions: [],
};
const version = {
  ...flow,
  id: V,
  flowId: F,
  description: '',
  versionNumber: 1,
  status: 'READY',
  validationErrors: [],
  schedule: null,
};
const page = { data: [{ executionId: X, status: 'COMPLETED', startedAt: 1, finishedAt: 2 }], totalCount: 1 };

describeParity('automation', [
  ['getFlows', (api) => api.automation.getFlows(A), [ok([version])], ON_2_57],
  ['getFlowsWithElements', (api) => api.automation.getFlowsWithElements(A), [ok([])], ON_2_57],
  ['getFlow', (api) => api.automation.getFlow(A, V), [ok(version)], ON_2_57],
  ['getFlow refused', (api) => api.automation.getFlow(A, 'missing'), [fail('Not found', 404)], ON_2_57],
  ['createFlow', (api) => api.automation.createFlow(A, flow), [ok(version)], ON_2_57],
  ['createFlow refused', (api) => api.automation.createFlow(A, flow), [fail('Taken', 409)], ON_2_57],
  ['updateFlow', (api) => api.automation.updateFlow(A, { ...flow, id: V }), [ok(version)], ON_2_57],
  [
    'updateFlow on a LIVE version',
    (api) => api.automation.updateFlow(A, { ...flow, id: V }),
    [fail('LIVE', 409)],
    ON_2_57,
  ],
  ['deleteFlow', (api) => api.automation.deleteFlow(A, V), [ok({ success: true })], ON_2_57],
  ['enableFlow', (api) => api.automation.enableFlow(A, V), [ok({ ...version, status: 'LIVE' })], ON_2_57],
  ['pauseFlow', (api) => api.automation.pauseFlow(A, V), [ok({ ...version, status: 'PAUSED' })], ON_2_57],
  ['terminateFlow', (api) => api.automation.terminateFlow(A, V), [ok(version)], ON_2_57],
  ['createNewVersion', (api) => api.automation.createNewVersion(A, V), [ok({ ...version, versionNumber: 2 })], ON_2_57],
  [
    'editFlowsGroupName',
    (api) => api.automation.editFlowsGroupName(A, F, 'New name'),
    [ok({ flowId: F, name: 'New name' })],
    ON_2_57,
  ],
  ['deleteFlowsGroup', (api) => api.automation.deleteFlowsGroup(A, F), [ok({ success: true })], ON_2_57],
  [
    'updateFlowDescription',
    (api) => api.automation.updateFlowDescription(A, V, 'Marks big orders'),
    [ok(version)],
    ON_2_57,
  ],
  [
    'updateFlowSchedule',
    (api) => api.automation.updateFlowSchedule(A, V, { cron: '0 * * * *', enabled: true }),
    [ok(version)],
    ON_2_57,
  ],
  [
    'exportFlowVersion',
    (api) => api.automation.exportFlowVersion(A, V),
    [ok({ format: 'basalt.flow', ...flow })],
    ON_2_57,
  ],
  ['importFlowVersion', (api) => api.automation.importFlowVersion(A, V, flow), [ok(version)], ON_2_57],
  ['createFlowFromJSON', (api) => api.automation.createFlowFromJSON(A, flow), [ok(version)], ON_2_57],
  [
    'getFlowInstances',
    (api) => api.automation.getFlowInstances(A, F, V, { status: 'completed', limit: 100 }),
    [ok(page)],
    ON_2_57,
  ],
  ['countFlowInstances', (api) => api.automation.countFlowInstances(A, F, V, { status: 'failed' }), [ok(3)], ON_2_57],
  [
    'getFlowInstanceAnalytics',
    (api) => api.automation.getFlowInstanceAnalytics(A, F, V, X),
    [ok({ executionId: X, steps: [] })],
    ON_2_57,
  ],
  [
    'getFlowInstanceInitialData',
    (api) => api.automation.getFlowInstanceInitialData(A, F, V, X),
    [ok({ initialData: { n: 1 }, staticData: {} })],
    ON_2_57,
  ],
  [
    'getElementExecutionInfo',
    (api) => api.automation.getElementExecutionInfo(A, F, V, X, 'start'),
    [ok({ input: null, output: null, attempts: [] })],
    ON_2_57,
  ],
  [
    'stopFlowInstanceExecution',
    (api) => api.automation.stopFlowInstanceExecution(A, F, V, X),
    [ok({ executionId: X, status: 'STOPPED', startedAt: 1, finishedAt: 2 })],
    ON_2_57,
  ],
]);
