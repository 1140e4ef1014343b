import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const C = `${H}/A/console`;
const O1 = `${C}/users/oauth1`;
const O2 = `${C}/users/oauth2`;

describeShapes('users', [
  ['getUsersRegs', (c) => c.users.getUsersRegs('A'), get(`${C}/userregistration`)],
  [
    'updateUsersRegs',
    (c) => c.users.updateUsersRegs('A', { enabled: true, emailConfirmationRequired: false }),
    json('PUT', `${C}/userregistration`, { enabled: true, emailConfirmationRequired: false }),
  ],
  ['getUsersLogin', (c) => c.users.getUsersLogin('A'), get(`${C}/userlogin`)],
  ['logoutAllUsers', (c) => c.users.logoutAllUsers('A'), bare('POST', `${C}/userlogin/logout/all`)],
  [
    'getUserSocialLogin',
    (c) => c.users.getUserSocialLogin('github'),
    get(`${H}/console/social/oauth/github/request_url`),
  ],
  [
    'updateUsersLogin',
    (c) => c.users.updateUsersLogin('A', { identityColumn: 'email', sessionTimeout: 3600 }),
    json('POST', `${C}/userlogin`, { identityColumn: 'email', sessionTimeout: 3600 }),
  ],
  ['getUsersProps', (c) => c.users.getUsersProps('A'), get(`${C}/userproperties`)],
  [
    'updateUsersProps',
    (c) => c.users.updateUsersProps('A', { name: 'nick name', required: true }),
    json('PUT', `${C}/userproperties/nick%20name`, { name: 'nick name', required: true }),
  ],
  [
    'updateSocialParams',
    (c) => c.users.updateSocialParams('A', { provider: 'github', enabled: true }),
    json('POST', `${C}/socialparams`, { provider: 'github', enabled: true }),
  ],
  ['getOAuth1ProviderTemplates', (c) => c.users.getOAuth1ProviderTemplates('A'), get(`${C}/users/oauth1-templates`)],
  ['getOAuth2ProviderTemplates', (c) => c.users.getOAuth2ProviderTemplates('A'), get(`${C}/users/oauth2-templates`)],
  ['getOAuth1Providers', (c) => c.users.getOAuth1Providers('A'), get(O1)],
  ['getOAuth2Providers', (c) => c.users.getOAuth2Providers('A'), get(O2)],
  ['getOAuth1Provider', (c) => c.users.getOAuth1Provider('A', 'P1'), get(`${O1}/P1`)],
  ['getOAuth2Provider', (c) => c.users.getOAuth2Provider('A', 'P2'), get(`${O2}/P2`)],
  [
    'createOAuth2Provider',
    (c) => c.users.createOAuth2Provider('A', { name: 'Acme', clientId: 'x' }),
    json('POST', O2, { name: 'Acme', clientId: 'x' }),
  ],
  [
    'updateOAuth1Provider',
    (c) => c.users.updateOAuth1Provider('A', { id: 'P1', enabled: false }),
    json('PUT', `${O1}/P1`, { id: 'P1', enabled: false }),
  ],
  [
    'updateOAuth2Provider',
    (c) => c.users.updateOAuth2Provider('A', { id: 'P2', enabled: true }),
    json('PUT', `${O2}/P2`, { id: 'P2', enabled: true }),
  ],
  [
    'createOAuth1ProviderFromTemplate',
    (c) => c.users.createOAuth1ProviderFromTemplate('A', { templateCode: 'twitter' }),
    json('POST', `${O1}/create-from-template`, { templateCode: 'twitter' }),
  ],
  [
    'createOAuth2ProviderFromTemplate',
    (c) => c.users.createOAuth2ProviderFromTemplate('A', { templateCode: 'github' }),
    json('POST', `${O2}/create-from-template`, { templateCode: 'github' }),
  ],
  ['removeOAuth1Provider', (c) => c.users.removeOAuth1Provider('A', 'P1'), bare('DELETE', `${O1}/P1`)],
  ['removeOAuth2Provider', (c) => c.users.removeOAuth2Provider('A', 'P2'), bare('DELETE', `${O2}/P2`)],
  ['getOAuth1CallbackUrls', (c) => c.users.getOAuth1CallbackUrls('A', 'twitter'), get(`${O1}/twitter/callback-url`)],
  ['getOAuth2CallbackUrls', (c) => c.users.getOAuth2CallbackUrls('A', 'github'), get(`${O2}/github/callback-url`)],
  ['getAuth0Configuration', (c) => c.users.getAuth0Configuration('A'), get(`${C}/security/auth0/config`)],
  [
    'updateAuth0Configuration',
    (c) => c.users.updateAuth0Configuration('A', { enabled: true, domain: 'x.auth0.com' }),
    json('PUT', `${C}/security/auth0/config`, { enabled: true, domain: 'x.auth0.com' }),
  ],
  [
    'createAuth0ScopeBinding',
    (c) => c.users.createAuth0ScopeBinding('A', { scope: 'read', roleName: 'Reader' }),
    json('POST', `${C}/security/auth0/scope-to-role`, { scope: 'read', roleName: 'Reader' }),
  ],
  [
    'updateAuth0ScopeBinding',
    (c) => c.users.updateAuth0ScopeBinding('A', { id: 'B1', scope: 'read', roleName: 'Reader' }),
    json('PUT', `${C}/security/auth0/scope-to-role/B1`, { id: 'B1', scope: 'read', roleName: 'Reader' }),
  ],
  ['getAuth0ScopeBindings', (c) => c.users.getAuth0ScopeBindings('A'), get(`${C}/security/auth0/scope-to-role`)],
  [
    'deleteAuth0ScopeBinding',
    (c) => c.users.deleteAuth0ScopeBinding('A', 'B1'),
    bare('DELETE', `${C}/security/auth0/scope-to-role/B1`),
  ],
]);

describe('users group: reference method names', () => {
  it('has every method of the reference client', () => {
    const names =
      'getUsersRegs updateUsersRegs getUsersLogin logoutAllUsers getUserSocialLogin updateUsersLogin getUsersProps updateUsersProps updateSocialParams getOAuth1ProviderTemplates getOAuth2ProviderTemplates getOAuth1Providers getOAuth2Providers getOAuth1Provider getOAuth2Provider createOAuth2Provider updateOAuth1Provider updateOAuth2Provider createOAuth1ProviderFromTemplate createOAuth2ProviderFromTemplate removeOAuth1Provider removeOAuth2Provider getOAuth1CallbackUrls getOAuth2CallbackUrls getAuth0Configuration updateAuth0Configuration createAuth0ScopeBinding updateAuth0ScopeBinding getAuth0ScopeBindings deleteAuth0ScopeBinding'.split(
        ' ',
      );
    expect(names).toHaveLength(30);
    const group = recordingClient().client.users as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof group[n] !== 'function')).toEqual([]);
  });
});
