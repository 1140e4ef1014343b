import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const doc = {
  openapi: '3.1.0',
  info: { title: 'Person data API', version: '1.0.0' },
  paths: { '/data/Person': { get: { operationId: 'findPerson' } } },
  components: { schemas: { Person: { type: 'object', properties: { name: { type: 'string' } } } } },
};

describeParity('apiDocs', [
  ['generateDataTableApi', (api) => api.apiDocs.generateDataTableApi(A, 'Person', {}), [ok(doc)]],
  ['generateDataTableApi without options', (api) => api.apiDocs.generateDataTableApi(A, 'Person'), [ok(doc)]],
  [
    'generateDataTableApi of an unknown table',
    (api) => api.apiDocs.generateDataTableApi(A, 'Nope', {}),
    [fail("Table 'Nope' does not exist", 404)],
  ],
  ['generateMessagingChannelApi', (api) => api.apiDocs.generateMessagingChannelApi(A, 'default', {}), [ok(doc)]],
  ['generateFilesApi', (api) => api.apiDocs.generateFilesApi(A, { a: 1 }), [ok(doc)]],
  ['generateServiceApi', (api) => api.apiDocs.generateServiceApi(A, 'SERVICE-ID', 'default', {}), [ok(doc)]],
  ['generateServiceApi refused', (api) => api.apiDocs.generateServiceApi(A, 'SERVICE-ID', 'other', {}), [fail()]],
  ['generateGeoApi', (api) => api.apiDocs.generateGeoApi(A), [ok(doc)]],
]);
