import { describeParity, fail, ok, type Api, type ParityCase } from './parity.test-helpers.js';

const A = 'test-app-id';
const D = 'd1';
const source = { name: 'byStatus', type: 'bar', table: 'Orders', x: 'status', aggregate: 'count' };
const target = { kind: 'none' };
const answer = { foo: 'bar' };

const group =
  (name: string) =>
  (method: string, args: unknown[]) =>
  (api: Api): unknown =>
    api[name][method](A, ...args);

/** A case per method, as the reference's own specs call it; the answers are passed through as they come. */
const cases = (name: string, calls: Array<[string, unknown[]]>): ParityCase[] =>
  calls.map(([method, args]): ParityCase => [method, group(name)(method, args), [ok(answer)]]);

describeParity('chartBuilder', [
  ...cases('chartBuilder', [
    ['getCharts', []],
    ['createChart', [source, target]],
    ['updateChart', [source, target]],
    ['deleteChart', ['byStatus']],
    ['renameChart', ['byStatus', 'byState']],
  ]),
  [
    'createChart refused',
    group('chartBuilder')('createChart', [source, target]),
    [fail("Table 'Orders' does not exist")],
  ],
  ['deleteChart unknown', group('chartBuilder')('deleteChart', ['ghost']), [fail("Chart 'ghost' not found", 404)]],
]);

describeParity('visualizations', [
  ...cases('visualizations', [
    ['getVisualizations', []],
    ['createVisualization', [{ name: 'Shop', type: 'container', source: 'shop' }]],
    ['updateVisualization', ['v1', { name: 'Shop' }]],
    ['deleteVisualizations', [['v1', 'v2']]],
    ['updateVisualizationResources', ['v1']],
    ['loadPublishedUIBuilderContainers', []],
  ]),
  ['deleteVisualizations unknown', group('visualizations')('deleteVisualizations', [['ghost']]), [fail('none', 404)]],
]);

describeParity('dataToVisualize', [
  ...cases('dataToVisualize', [
    ['getDashboards', [{ name: 'sal' }]],
    ['createDashboard', [{ name: 'Sales' }]],
    ['cloneDashboard', [D]],
    ['updateDashboard', [D, { name: 'Sales' }]],
    ['updateDashboards', [[{ id: D, position: 1 }]]],
    ['updateDashboardSettings', [D, { refreshInterval: 60 }]],
    ['deleteDashboard', [D]],
    ['addDashboardDashlet', [D, { component: 'text' }]],
    ['createDashboardDashlets', [D, [{ component: 'text' }]]],
    ['deleteDashboardDashlet', [D, 'l1']],
    ['updateDashboardDashlet', [D, 'l1', { title: 'x' }]],
    ['loadDashletComponents', [D]],
    ['installDashletComponent', [D, { productId: 'p1' }]],
    ['upgradeDashletComponent', [D, { productId: 'p1' }, 'v2']],
    ['createDashletComponent', [D, { name: 'Gauge' }]],
    ['deleteDashletComponent', [D, 'c1']],
    ['updateDashletComponent', [D, 'c1', { name: 'Dial' }]],
    ['getDashletComponentFileDownloadLink', [D, 'c1', 'index.js']],
    ['loadDashletComponentFilesList', [D, 'c1']],
    ['loadDashletComponentFileContent', [D, 'c1', 'index.js']],
    ['uploadDashletComponentFiles', [D, 'c1', [{ name: 'a.js', content: '1' }]]],
    ['updateDashletComponentFiles', [D, 'c1', [{ name: 'a.js', content: '2' }]]],
  ]),
  [
    'updateDashboard unknown',
    group('dataToVisualize')('updateDashboard', [D, {}]),
    [fail(`Dashboard '${D}' not found`, 404)],
  ],
]);

describeParity('quickApps', [
  ...cases('quickApps', [
    ['loadContainers', []],
    ['loadContainer', ['tasks']],
    ['createContainer', [{ name: 'tasks', table: 'Tasks' }]],
    ['deleteContainer', ['tasks']],
    ['deployContainer', ['tasks', { description: 'v1' }]],
  ]),
  [
    'deployContainer refused',
    group('quickApps')('deployContainer', ['tasks', {}]),
    [fail('needs publish ui (111)', 403)],
  ],
]);

describeParity('consolePreview', [
  ...cases('consolePreview', [['getPreviewInitToken', []]]),
  ['getPreviewInitToken unknown', group('consolePreview')('getPreviewInitToken', []), [fail('App not found', 404)]],
]);
