import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const domain = ok({ id: 'd1', domainName: 'shop.example.com', status: 'PENDING', dnsRecords: [] });
const s = (api: any) => api.settings;

/** Settings › CORS (domain control), Settings › Domains (custom domains) and social keys of the `settings` group. */
describeParity('settings (CORS origins, custom domains)', [
  [
    'updateDomainNames splits the typed text on whitespace',
    (api) => s(api).updateDomainNames(A, 'https://good.example   http://localhost:3000'),
    [ok(['https://good.example', 'http://localhost:3000'])],
  ],
  ['updateDomainNames with one origin', (api) => s(api).updateDomainNames(A, 'https://good.example'), [ok([])]],
  [
    'updateDomainNames refused',
    (api) => s(api).updateDomainNames(A, 'ftp://x'),
    [fail("'ftp://x' is not an origin", 400)],
  ],
  ['updateCustomDomain sends the bare name', (api) => s(api).updateCustomDomain(A, 'www.example.org'), [domain]],
  ['getCustomDomains', (api) => s(api).getCustomDomains(A), [ok([])]],
  ['createCustomDomain', (api) => s(api).createCustomDomain(A, { domainName: 'shop.example.com' }), [domain]],
  [
    'createCustomDomain refused',
    (api) => s(api).createCustomDomain(A, { domainName: 'shop.example.com' }),
    [fail("'shop.example.com' is already used by another app", 409)],
  ],
  ['assignCustomDomain', (api) => s(api).assignCustomDomain(A, { prefix: 'shop' }), [domain]],
  [
    'changeCustomDomain addresses the id in the data',
    (api) => s(api).changeCustomDomain(A, { id: 'd1', domainName: 'store.example.com' }),
    [domain],
  ],
  ['deleteCustomDomain', (api) => s(api).deleteCustomDomain(A, 'd1'), [ok({ deleted: true })]],
  ['deleteCustomDomain refused', (api) => s(api).deleteCustomDomain(A, 'nope'), [fail('Not found', 404)]],
  [
    'updateSocialParams',
    (api) => s(api).updateSocialParams(A, { provider: 'github', key: 'k', secret: 's', enabled: true }),
    [ok({ provider: 'github', enabled: true })],
  ],
]);
