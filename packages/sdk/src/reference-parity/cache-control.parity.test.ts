import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const policy = { service: 'data', target: 'Person', cacheControl: 'public', maxAge: 60, etag: true };

describeParity('cacheControl', [
  ['loadAllServiceItems', (api) => api.cacheControl.loadAllServiceItems(A, 'data'), [ok([policy])]],
  ['loadAllServiceItems refused', (api) => api.cacheControl.loadAllServiceItems(A, 'geo'), [fail()]],
  ['loadServiceItem', (api) => api.cacheControl.loadServiceItem(A, 'data', 'Person'), [ok(policy)]],
  ['loadServiceItem missing', (api) => api.cacheControl.loadServiceItem(A, 'files', 'web'), [fail('none', 404)]],
  [
    'createServiceItem',
    (api) => api.cacheControl.createServiceItem(A, 'data', 'Person', { cacheControl: 'public', maxAge: 60 }),
    [ok(policy)],
  ],
  [
    'createServiceItem taken',
    (api) => api.cacheControl.createServiceItem(A, 'data', 'Person', { etag: false }),
    [fail('taken', 409)],
  ],
  [
    'updateServiceItem',
    (api) => api.cacheControl.updateServiceItem(A, 'files', 'web', { cacheControl: 'no-cache' }),
    [ok({ ...policy, service: 'files', target: 'web', cacheControl: 'no-cache' })],
  ],
  ['deleteServiceItem', (api) => api.cacheControl.deleteServiceItem(A, 'data', 'Person'), [ok({ success: true })]],
  ['deleteServiceItem refused', (api) => api.cacheControl.deleteServiceItem(A, 'data', 'Person'), [fail()]],
]);
