import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ id: 'test-id', name: 'test-name' });
const u = (api: any) => api.users;

describeParity('users', [
  ['getUsersRegs', (api) => u(api).getUsersRegs(A), [r]],
  ['getUsersRegs refused', (api) => u(api).getUsersRegs(A), [fail()]],
  [
    'updateUsersRegs',
    (api) =>
      u(api).updateUsersRegs(A, { enableRegistration: true, requireEmailConfirmation: false, defaultRole: 'user' }),
    [r],
  ],
  [
    'updateUsersRegs refused',
    (api) => u(api).updateUsersRegs(A, { enableRegistration: true }),
    [fail('Invalid configuration', 422)],
  ],
  ['getUsersLogin', (api) => u(api).getUsersLogin(A), [r]],
  ['getUsersLogin refused', (api) => u(api).getUsersLogin(A), [fail()]],
  ['logoutAllUsers', (api) => u(api).logoutAllUsers(A), [r]],
  ['logoutAllUsers refused', (api) => u(api).logoutAllUsers(A), [fail('Logout failed', 500)]],
  ['getUserSocialLogin', (api) => u(api).getUserSocialLogin('google'), [r]],
  ['getUserSocialLogin of another provider', (api) => u(api).getUserSocialLogin('facebook'), [r]],
  [
    'getUserSocialLogin refused',
    (api) => u(api).getUserSocialLogin('invalid-provider'),
    [fail('Provider not found', 404)],
  ],
  [
    'updateUsersLogin',
    (api) => u(api).updateUsersLogin(A, { enableLogin: true, lockoutPolicy: { enabled: false }, sessionTimeout: 3600 }),
    [r],
  ],
  [
    'updateUsersLogin refused',
    (api) => u(api).updateUsersLogin(A, { enableLogin: true }),
    [fail('Invalid login configuration', 422)],
  ],
  ['getUsersProps', (api) => u(api).getUsersProps(A), [r]],
  ['getUsersProps refused', (api) => u(api).getUsersProps(A), [fail()]],
  [
    'updateUsersProps',
    (api) => u(api).updateUsersProps(A, { name: 'customProperty', type: 'STRING', required: true, identity: false }),
    [r],
  ],
  [
    'updateUsersProps with dashes and underscores in the name',
    (api) => u(api).updateUsersProps(A, { name: 'custom-property_name', type: 'INT', required: false }),
    [r],
  ],
  [
    'updateUsersProps refused',
    (api) => u(api).updateUsersProps(A, { name: 'test', type: 'INVALID' }),
    [fail('Property validation failed', 422)],
  ],
  [
    'updateSocialParams',
    (api) =>
      u(api).updateSocialParams(A, {
        provider: 'google',
        clientId: 'test-client-id',
        clientSecret: 'test-client-secret',
      }),
    [r],
  ],
  [
    'updateSocialParams refused',
    (api) => u(api).updateSocialParams(A, { provider: 'google' }),
    [fail('Invalid social parameters', 422)],
  ],
  ['getOAuth1ProviderTemplates', (api) => u(api).getOAuth1ProviderTemplates(A), [r]],
  ['getOAuth1ProviderTemplates refused', (api) => u(api).getOAuth1ProviderTemplates(A), [fail()]],
  ['getOAuth2ProviderTemplates', (api) => u(api).getOAuth2ProviderTemplates(A), [r]],
  ['getOAuth2ProviderTemplates refused', (api) => u(api).getOAuth2ProviderTemplates(A), [fail()]],
  ['getOAuth1Providers', (api) => u(api).getOAuth1Providers(A), [r]],
  ['getOAuth1Providers refused', (api) => u(api).getOAuth1Providers(A), [fail()]],
  ['getOAuth2Providers', (api) => u(api).getOAuth2Providers(A), [r]],
  ['getOAuth2Providers refused', (api) => u(api).getOAuth2Providers(A), [fail()]],
  ['getOAuth1Provider', (api) => u(api).getOAuth1Provider(A, 'twitter-provider'), [r]],
  [
    'getOAuth1Provider refused',
    (api) => u(api).getOAuth1Provider(A, 'non-existent'),
    [fail('Provider not found', 404)],
  ],
  ['getOAuth2Provider', (api) => u(api).getOAuth2Provider(A, 'google-provider'), [r]],
  [
    'getOAuth2Provider refused',
    (api) => u(api).getOAuth2Provider(A, 'non-existent'),
    [fail('Provider not found', 404)],
  ],
  [
    'createOAuth2Provider',
    (api) =>
      u(api).createOAuth2Provider(A, {
        name: 'Google OAuth',
        code: 'google',
        clientId: 'test-client-id',
        clientSecret: 'test-client-secret',
        scope: 'email profile',
      }),
    [r],
  ],
  [
    'createOAuth2Provider refused',
    (api) => u(api).createOAuth2Provider(A, { name: 'Invalid Provider' }),
    [fail('Provider creation failed', 422)],
  ],
  [
    'updateOAuth1Provider puts it at its id',
    (api) =>
      u(api).updateOAuth1Provider(A, {
        id: 'twitter-provider-id',
        name: 'Twitter OAuth',
        consumerKey: 'test-consumer-key',
        consumerSecret: 'test-consumer-secret',
      }),
    [r],
  ],
  [
    'updateOAuth1Provider refused',
    (api) => u(api).updateOAuth1Provider(A, { id: 'test-id', name: 'Invalid' }),
    [fail('Provider update failed', 422)],
  ],
  [
    'updateOAuth2Provider puts it at its id',
    (api) =>
      u(api).updateOAuth2Provider(A, {
        id: 'google-provider-id',
        name: 'Google OAuth Updated',
        clientId: 'updated-client-id',
        clientSecret: 'updated-client-secret',
        scope: 'email profile openid',
      }),
    [r],
  ],
  [
    'updateOAuth2Provider refused',
    (api) => u(api).updateOAuth2Provider(A, { id: 'test-id', name: 'Invalid' }),
    [fail('Provider update failed', 422)],
  ],
  [
    'createOAuth1ProviderFromTemplate',
    (api) =>
      u(api).createOAuth1ProviderFromTemplate(A, {
        templateId: 'twitter-template',
        name: 'My Twitter Provider',
        consumerKey: 'test-key',
        consumerSecret: 'test-secret',
      }),
    [r],
  ],
  [
    'createOAuth1ProviderFromTemplate refused',
    (api) => u(api).createOAuth1ProviderFromTemplate(A, { templateId: 'invalid' }),
    [fail('Template creation failed', 422)],
  ],
  [
    'createOAuth2ProviderFromTemplate',
    (api) =>
      u(api).createOAuth2ProviderFromTemplate(A, {
        templateId: 'google-template',
        name: 'My Google Provider',
        clientId: 'test-client-id',
        clientSecret: 'test-client-secret',
      }),
    [r],
  ],
  [
    'createOAuth2ProviderFromTemplate refused',
    (api) => u(api).createOAuth2ProviderFromTemplate(A, { templateId: 'invalid' }),
    [fail('Template creation failed', 422)],
  ],
  ['removeOAuth1Provider', (api) => u(api).removeOAuth1Provider(A, 'twitter-provider-id'), [r]],
  [
    'removeOAuth1Provider refused',
    (api) => u(api).removeOAuth1Provider(A, 'non-existent'),
    [fail('Provider not found', 404)],
  ],
  ['removeOAuth2Provider', (api) => u(api).removeOAuth2Provider(A, 'google-provider-id'), [r]],
  [
    'removeOAuth2Provider refused',
    (api) => u(api).removeOAuth2Provider(A, 'non-existent'),
    [fail('Provider not found', 404)],
  ],
  ['getOAuth1CallbackUrls', (api) => u(api).getOAuth1CallbackUrls(A, 'twitter'), [r]],
  ['getOAuth1CallbackUrls refused', (api) => u(api).getOAuth1CallbackUrls(A, 'invalid'), [fail()]],
  ['getOAuth2CallbackUrls', (api) => u(api).getOAuth2CallbackUrls(A, 'google'), [r]],
  ['getOAuth2CallbackUrls refused', (api) => u(api).getOAuth2CallbackUrls(A, 'invalid'), [fail()]],
  ['getAuth0Configuration', (api) => u(api).getAuth0Configuration(A), [r]],
  ['getAuth0Configuration refused', (api) => u(api).getAuth0Configuration(A), [fail()]],
  [
    'updateAuth0Configuration',
    (api) =>
      u(api).updateAuth0Configuration(A, {
        domain: 'my-tenant.auth0.com',
        clientId: 'test-client-id',
        clientSecret: 'test-client-secret',
        audience: 'https://api.example.com',
      }),
    [r],
  ],
  [
    'updateAuth0Configuration refused',
    (api) => u(api).updateAuth0Configuration(A, { domain: 'invalid' }),
    [fail('Invalid Auth0 configuration', 422)],
  ],
  [
    'createAuth0ScopeBinding',
    (api) =>
      u(api).createAuth0ScopeBinding(A, {
        scope: 'read:users',
        role: 'admin',
        description: 'Admin access to user data',
      }),
    [r],
  ],
  [
    'createAuth0ScopeBinding refused',
    (api) => u(api).createAuth0ScopeBinding(A, { scope: 'invalid' }),
    [fail('Invalid scope binding', 422)],
  ],
  [
    'updateAuth0ScopeBinding puts it at its id',
    (api) =>
      u(api).updateAuth0ScopeBinding(A, {
        id: 'binding-123',
        scope: 'write:users',
        role: 'superadmin',
        description: 'Super admin access',
      }),
    [r],
  ],
  [
    'updateAuth0ScopeBinding refused',
    (api) => u(api).updateAuth0ScopeBinding(A, { id: 'test-id', scope: 'invalid' }),
    [fail('Binding update failed', 422)],
  ],
  ['getAuth0ScopeBindings', (api) => u(api).getAuth0ScopeBindings(A), [r]],
  ['getAuth0ScopeBindings refused', (api) => u(api).getAuth0ScopeBindings(A), [fail()]],
  ['deleteAuth0ScopeBinding', (api) => u(api).deleteAuth0ScopeBinding(A, 'binding-123'), [r]],
  [
    'deleteAuth0ScopeBinding refused',
    (api) => u(api).deleteAuth0ScopeBinding(A, 'non-existent'),
    [fail('Binding not found', 404)],
  ],
]);
