import { H, KEY, get, json, bare, type ShapeCase } from './shape-cases.test-helpers.js';

const C = `${H}/A/console`;
const D = `${C}/settings/custom-domain`;

/** Request shapes of the settings group's CORS and custom-domain methods (settings.test.ts runs them). */
export const SETTINGS_DOMAIN_CASES: ShapeCase[] = [
  ['getDomainNames', (c) => c.settings.getDomainNames('A'), get(`${C}/domaincontrolsettings`)],
  [
    'updateDomainNames',
    (c) => c.settings.updateDomainNames('A', 'https://a.example  https://b.example'),
    json('PUT', `${C}/domaincontrolsettings`, ['https://a.example', 'https://b.example']),
  ],
  [
    'updateDomainNames(list)',
    (c) => c.settings.updateDomainNames('A', ['https://a.example']),
    json('PUT', `${C}/domaincontrolsettings`, ['https://a.example']),
  ],
  [
    'updateCustomDomain',
    (c) => c.settings.updateCustomDomain('A', 'www.example.org'),
    { url: `${C}/dnsmapping`, method: 'PUT', headers: KEY, body: 'www.example.org' },
  ],
  ['getCustomDomains', (c) => c.settings.getCustomDomains('A'), get(D)],
  [
    'createCustomDomain',
    (c) => c.settings.createCustomDomain('A', { domainName: 'shop.example.com' }),
    json('POST', D, { domainName: 'shop.example.com' }),
  ],
  [
    'assignCustomDomain',
    (c) => c.settings.assignCustomDomain('A', { prefix: 'shop' }),
    json('POST', `${D}/assign-generated-domain`, { prefix: 'shop' }),
  ],
  [
    'changeCustomDomain',
    (c) => c.settings.changeCustomDomain('A', { id: 'D1', domainName: 'store.example.com' }),
    json('PUT', `${D}/D1`, { id: 'D1', domainName: 'store.example.com' }),
  ],
  ['deleteCustomDomain', (c) => c.settings.deleteCustomDomain('A', 'D1'), bare('DELETE', `${D}/D1`)],
  [
    'updateSocialParams',
    (c) => c.settings.updateSocialParams('A', { provider: 'github', enabled: true }),
    json('POST', `${C}/socialparams`, { provider: 'github', enabled: true }),
  ],
];
