import { H, JSON_KEY, KEY, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const A = `${H}/test-app/console`;
const D = `${A}/data-to-visualize/dashboards`;
const source = { name: 'byStatus', type: 'bar', table: 'Orders', x: 'status', aggregate: 'count' } as const;
const target = { kind: 'none' } as const;
const file = [{ name: 'a.js', content: '1' }];

describeShapes('chartBuilder', [
  ['getCharts', (c) => c.chartBuilder.getCharts('test-app'), get(`${A}/chart-builder`)],
  [
    'createChart',
    (c) => c.chartBuilder.createChart('test-app', source, target),
    json('POST', `${A}/chart-builder/chart`, { chartSource: source, chartTarget: target }),
  ],
  [
    'updateChart',
    (c) => c.chartBuilder.updateChart('test-app', source, target),
    json('PUT', `${A}/chart-builder/chart/byStatus`, { chartSource: source, chartTarget: target }),
  ],
  [
    'deleteChart',
    (c) => c.chartBuilder.deleteChart('test-app', 'by status'),
    bare('DELETE', `${A}/chart-builder/chart/by%20status`),
  ],
  [
    'renameChart',
    (c) => c.chartBuilder.renameChart('test-app', 'a', 'b'),
    json('PUT', `${A}/chart-builder/rename-chart`, { oldChartName: 'a', newChartName: 'b' }),
  ],
  [
    'getChartData',
    (c) => c.chartBuilder.getChartData('test-app', 'byStatus', { roleName: 'AuthenticatedUser' }),
    get(`${A}/chart-builder/chart/byStatus/data?roleName=AuthenticatedUser`),
  ],
  [
    'getChartData(as the visitor)',
    (c) => c.chartBuilder.getChartData('test-app', 'byStatus'),
    get(`${A}/chart-builder/chart/byStatus/data`),
  ],
]);

describeShapes('visualizations', [
  ['getVisualizations', (c) => c.visualizations.getVisualizations('test-app'), get(`${A}/visualizations`)],
  [
    'createVisualization',
    (c) => c.visualizations.createVisualization('test-app', { name: 'Shop', type: 'container', source: 'shop' }),
    json('POST', `${A}/visualizations`, { name: 'Shop', type: 'container', source: 'shop' }),
  ],
  [
    'updateVisualization',
    (c) => c.visualizations.updateVisualization('test-app', 'v1', { name: 'Shop' }),
    json('PUT', `${A}/visualizations/v1`, { name: 'Shop' }),
  ],
  [
    'deleteVisualizations',
    (c) => c.visualizations.deleteVisualizations('test-app', ['v1', 'v2']),
    bare('DELETE', `${A}/visualizations?visualizationIds=v1&visualizationIds=v2`),
  ],
  [
    'updateVisualizationResources',
    (c) => c.visualizations.updateVisualizationResources('test-app', 'v1'),
    bare('PUT', `${A}/visualizations/v1/resources`),
  ],
  [
    'loadPublishedUIBuilderContainers',
    (c) => c.visualizations.loadPublishedUIBuilderContainers('test-app'),
    get(`${A}/visualizations/ui-builder/containers/published`),
  ],
]);

describeShapes('dataToVisualize', [
  ['getDashboards', (c) => c.dataToVisualize.getDashboards('test-app', { name: 'sal' }), get(`${D}?name=sal`)],
  [
    'createDashboard',
    (c) => c.dataToVisualize.createDashboard('test-app', { name: 'Sales' }),
    json('POST', D, { name: 'Sales' }),
  ],
  ['cloneDashboard', (c) => c.dataToVisualize.cloneDashboard('test-app', 'd1'), bare('POST', `${D}/d1/clone`)],
  [
    'updateDashboard',
    (c) => c.dataToVisualize.updateDashboard('test-app', 'd1', { name: 'X' }),
    json('PUT', `${D}/d1`, { name: 'X' }),
  ],
  [
    'updateDashboards',
    (c) => c.dataToVisualize.updateDashboards('test-app', [{ id: 'd1', position: 2 }]),
    json('PUT', D, [{ id: 'd1', position: 2 }]),
  ],
  [
    'updateDashboardSettings',
    (c) => c.dataToVisualize.updateDashboardSettings('test-app', 'd1', { refreshInterval: 60 }),
    json('PUT', `${D}/d1/settings`, { refreshInterval: 60 }),
  ],
  ['deleteDashboard', (c) => c.dataToVisualize.deleteDashboard('test-app', 'd1'), bare('DELETE', `${D}/d1`)],
  [
    'addDashboardDashlet',
    (c) => c.dataToVisualize.addDashboardDashlet('test-app', 'd1', { component: 'text' }),
    json('POST', `${D}/d1/dashlets`, { component: 'text' }),
  ],
  [
    'createDashboardDashlets',
    (c) => c.dataToVisualize.createDashboardDashlets('test-app', 'd1', [{ component: 'text' }]),
    json('POST', `${D}/d1/dashlets/create`, [{ component: 'text' }]),
  ],
  [
    'deleteDashboardDashlet',
    (c) => c.dataToVisualize.deleteDashboardDashlet('test-app', 'd1', 'l1'),
    bare('DELETE', `${D}/d1/dashlets/l1`),
  ],
  [
    'updateDashboardDashlet',
    (c) => c.dataToVisualize.updateDashboardDashlet('test-app', 'd1', 'l1', { title: 'T' }),
    json('PUT', `${D}/d1/dashlets/l1`, { title: 'T' }),
  ],
  [
    'getDashletData',
    (c) => c.dataToVisualize.getDashletData('test-app', 'd1', 'l1', { userId: 'u1' }),
    get(`${D}/d1/dashlets/l1/data?userId=u1`),
  ],
  [
    'loadDashletComponents',
    (c) => c.dataToVisualize.loadDashletComponents('test-app', 'd1'),
    get(`${D}/d1/dashlet-components`),
  ],
  [
    'installDashletComponent',
    (c) => c.dataToVisualize.installDashletComponent('test-app', 'd1', { productId: 'p1' }),
    json('POST', `${D}/d1/dashlet-components/install`, { productId: 'p1' }),
  ],
  [
    'upgradeDashletComponent',
    (c) => c.dataToVisualize.upgradeDashletComponent('test-app', 'd1', { productId: 'p1' }, 'v2'),
    json('POST', `${D}/d1/dashlet-components/upgrade`, { product: { productId: 'p1' }, versionId: 'v2' }),
  ],
  [
    'createDashletComponent',
    (c) => c.dataToVisualize.createDashletComponent('test-app', 'd1', { name: 'Gauge' }),
    json('POST', `${D}/d1/dashlet-components/create`, { name: 'Gauge' }),
  ],
  [
    'deleteDashletComponent',
    (c) => c.dataToVisualize.deleteDashletComponent('test-app', 'd1', 'c1'),
    { url: `${D}/d1/dashlet-components/c1/`, method: 'DELETE', headers: KEY, body: undefined },
  ],
  [
    'updateDashletComponent',
    (c) => c.dataToVisualize.updateDashletComponent('test-app', 'd1', 'c1', { name: 'Dial' }),
    { url: `${D}/d1/dashlet-components/c1/`, method: 'PUT', headers: JSON_KEY, body: JSON.stringify({ name: 'Dial' }) },
  ],
  [
    'getDashletComponentFileDownloadLink',
    (c) => c.dataToVisualize.getDashletComponentFileDownloadLink('test-app', 'd1', 'c1', 'src/a.js'),
    get(`${D}/d1/dashlet-components/c1/files/sign?fileId=src%2Fa.js`),
  ],
  [
    'loadDashletComponentFilesList',
    (c) => c.dataToVisualize.loadDashletComponentFilesList('test-app', 'd1', 'c1'),
    get(`${D}/d1/dashlet-components/c1/files`),
  ],
  [
    'loadDashletComponentFileContent',
    (c) => c.dataToVisualize.loadDashletComponentFileContent('test-app', 'd1', 'c1', 'a.js'),
    get(`${D}/d1/dashlet-components/c1/files/a.js`),
  ],
  [
    'uploadDashletComponentFiles',
    (c) => c.dataToVisualize.uploadDashletComponentFiles('test-app', 'd1', 'c1', file),
    json('POST', `${D}/d1/dashlet-components/c1/files`, file),
  ],
  [
    'updateDashletComponentFiles',
    (c) => c.dataToVisualize.updateDashletComponentFiles('test-app', 'd1', 'c1', file),
    json('PUT', `${D}/d1/dashlet-components/c1/files`, file),
  ],
]);

const Q = `${H}/api/app/test-app/quick-apps`;
describeShapes('quickApps', [
  ['loadContainers', (c) => c.quickApps.loadContainers('test-app'), get(`${Q}/containers`)],
  ['loadContainer', (c) => c.quickApps.loadContainer('test-app', 'tasks'), get(`${Q}/containers/tasks`)],
  [
    'createContainer',
    (c) => c.quickApps.createContainer('test-app', { name: 'tasks', table: 'Tasks' }),
    json('POST', `${Q}/containers`, { name: 'tasks', table: 'Tasks' }),
  ],
  ['deleteContainer', (c) => c.quickApps.deleteContainer('test-app', 'tasks'), bare('DELETE', `${Q}/containers/tasks`)],
  [
    'deployContainer',
    (c) => c.quickApps.deployContainer('test-app', 'tasks', { description: 'v1' }),
    json('POST', `${Q}/deploy/tasks`, { description: 'v1' }),
  ],
]);

describeShapes('consolePreview', [
  [
    'getPreviewInitToken',
    (c) => c.consolePreview.getPreviewInitToken('test-app'),
    get(`${A}/preview/preview-init-token`),
  ],
  [
    'getPreviewInitToken(a container)',
    (c) => c.consolePreview.getPreviewInitToken('test-app', 'shop'),
    get(`${A}/preview/preview-init-token?container=shop`),
  ],
]);
