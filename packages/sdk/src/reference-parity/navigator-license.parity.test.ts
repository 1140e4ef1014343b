import { describeParity, fail, ok } from './parity.test-helpers.js';

const options = {
  areas: [{ id: 'data', title: 'Data', group: 'build', segment: 'data', available: true }],
  recent: [],
};
const license = { edition: 'open', licensed: false, licenseRequired: false, cluster: { shared: false, nodes: [] } };

describeParity('navigator', [
  ['loadNavigatorOptions', (api) => api.navigator.loadNavigatorOptions(), [ok(options)]],
  ['loadNavigatorOptions refused', (api) => api.navigator.loadNavigatorOptions(), [fail()]],
  ['log', (api) => api.navigator.log({ path: '/apps', title: 'Apps' }), [ok({ success: true })]],
  ['log refused', (api) => api.navigator.log({ path: 'x' }), [fail("'path' must be a console path", 400)]],
]);

describeParity('license', [
  ['get', (api) => api.license.get(), [ok(license)]],
  ['get refused', (api) => api.license.get(), [fail()]],
  ['upload refused', (api) => api.license.upload({ key: 'LICENSE' }), [fail('needs no licence', 400)]],
  ['replaceCluster refused', (api) => api.license.replaceCluster({ clusterId: 'c1' }), [fail('none to replace', 400)]],
]);
