import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

const base = '/:appId/console';
/** Caller objects pass through to the service, which validates them and names the bad field. */
const Obj = Type.Object({}, { additionalProperties: true });
const oauth = (v: 1 | 2) => `${base}/users/oauth${v}`;
const OAUTH = DevOperations.OAUTH_PROVIDERS;

/** Users configuration of an application (`users` group of the reference client). */
export const usersRoutes = {
  getUsersRegs: defineRoute({ name: 'users.getUsersRegs', method: 'GET', path: `${base}/userregistration`, auth: 'developer' }),
  updateUsersRegs: defineRoute({
    name: 'users.updateUsersRegs', method: 'PUT', path: `${base}/userregistration`, auth: 'developer', devPermission: DevOperations.USERS_REGISTRATION, body: Obj,
    summary: 'Registration properties: `{enabled, emailConfirmationRequired, defaultRole}`',
  }),
  getUsersLogin: defineRoute({ name: 'users.getUsersLogin', method: 'GET', path: `${base}/userlogin`, auth: 'developer' }),
  logoutAllUsers: defineRoute({
    name: 'users.logoutAllUsers', method: 'POST', path: `${base}/userlogin/logout/all`, auth: 'developer', devPermission: DevOperations.LOGOUT_ALL_USERS,
    summary: 'Every user token issued before now stops being valid',
  }),
  getUserSocialLogin: defineRoute({
    name: 'users.getUserSocialLogin', method: 'GET', path: '/console/social/oauth/:provider/request_url', auth: 'public',
    summary: 'Same route as `user.loginSocial` (served by its handler)',
  }),
  updateUsersLogin: defineRoute({
    name: 'users.updateUsersLogin', method: 'POST', path: `${base}/userlogin`, auth: 'developer', devPermission: DevOperations.USERS_LOGIN, body: Obj,
    summary: 'Login properties: `{identityColumn, multipleLogins, maxConcurrentLogins, sessionTimeout, failedLoginsLock}`',
  }),
  getUsersProps: defineRoute({ name: 'users.getUsersProps', method: 'GET', path: `${base}/userproperties`, auth: 'developer' }),
  updateUsersProps: defineRoute({
    name: 'users.updateUsersProps', method: 'PUT', path: `${base}/userproperties/:propertyName`, auth: 'developer', devPermission: DevOperations.USERS_REGISTRATION, body: Obj,
    summary: 'One user property: `{name, identity, required, visibleOnRegistration}`',
  }),
  updateSocialParams: defineRoute({
    name: 'users.updateSocialParams', method: 'POST', path: `${base}/socialparams`, auth: 'developer', devPermission: OAUTH, body: Obj,
    summary: 'Same route as `settings.updateSocialParams`: `{provider, key, secret, enabled}`',
  }),
  getOAuth1ProviderTemplates: defineRoute({ name: 'users.getOAuth1ProviderTemplates', method: 'GET', path: `${base}/users/oauth1-templates`, auth: 'developer' }),
  getOAuth2ProviderTemplates: defineRoute({ name: 'users.getOAuth2ProviderTemplates', method: 'GET', path: `${base}/users/oauth2-templates`, auth: 'developer' }),
  getOAuth1Providers: defineRoute({ name: 'users.getOAuth1Providers', method: 'GET', path: oauth(1), auth: 'developer' }),
  getOAuth2Providers: defineRoute({ name: 'users.getOAuth2Providers', method: 'GET', path: oauth(2), auth: 'developer' }),
  getOAuth1Provider: defineRoute({ name: 'users.getOAuth1Provider', method: 'GET', path: `${oauth(1)}/:providerId`, auth: 'developer' }),
  getOAuth2Provider: defineRoute({ name: 'users.getOAuth2Provider', method: 'GET', path: `${oauth(2)}/:providerId`, auth: 'developer' }),
  createOAuth2Provider: defineRoute({ name: 'users.createOAuth2Provider', method: 'POST', path: oauth(2), auth: 'developer', devPermission: OAUTH, body: Obj }),
  updateOAuth1Provider: defineRoute({ name: 'users.updateOAuth1Provider', method: 'PUT', path: `${oauth(1)}/:providerId`, auth: 'developer', devPermission: OAUTH, body: Obj }),
  updateOAuth2Provider: defineRoute({ name: 'users.updateOAuth2Provider', method: 'PUT', path: `${oauth(2)}/:providerId`, auth: 'developer', devPermission: OAUTH, body: Obj }),
  createOAuth1ProviderFromTemplate: defineRoute({
    name: 'users.createOAuth1ProviderFromTemplate', method: 'POST', path: `${oauth(1)}/create-from-template`, auth: 'developer', devPermission: OAUTH, body: Obj,
    summary: '`{templateCode, consumerKey, consumerSecret, ...}`',
  }),
  createOAuth2ProviderFromTemplate: defineRoute({
    name: 'users.createOAuth2ProviderFromTemplate', method: 'POST', path: `${oauth(2)}/create-from-template`, auth: 'developer', devPermission: OAUTH, body: Obj,
    summary: '`{templateCode, clientId, clientSecret, ...}`',
  }),
  removeOAuth1Provider: defineRoute({ name: 'users.removeOAuth1Provider', method: 'DELETE', path: `${oauth(1)}/:providerId`, auth: 'developer', devPermission: OAUTH }),
  removeOAuth2Provider: defineRoute({ name: 'users.removeOAuth2Provider', method: 'DELETE', path: `${oauth(2)}/:providerId`, auth: 'developer', devPermission: OAUTH }),
  getOAuth1CallbackUrls: defineRoute({ name: 'users.getOAuth1CallbackUrls', method: 'GET', path: `${oauth(1)}/:providerCode/callback-url`, auth: 'developer' }),
  getOAuth2CallbackUrls: defineRoute({ name: 'users.getOAuth2CallbackUrls', method: 'GET', path: `${oauth(2)}/:providerCode/callback-url`, auth: 'developer' }),
  getAuth0Configuration: defineRoute({ name: 'users.getAuth0Configuration', method: 'GET', path: `${base}/security/auth0/config`, auth: 'developer' }),
  updateAuth0Configuration: defineRoute({
    name: 'users.updateAuth0Configuration', method: 'PUT', path: `${base}/security/auth0/config`, auth: 'developer', devPermission: OAUTH, body: Obj,
    summary: '`{enabled, domain, clientId, clientSecret, audience, identityClaim, defaultRole}`',
  }),
  createAuth0ScopeBinding: defineRoute({
    name: 'users.createAuth0ScopeBinding', method: 'POST', path: `${base}/security/auth0/scope-to-role`, auth: 'developer', devPermission: OAUTH, body: Obj,
    summary: '`{scope, roleName}`',
  }),
  updateAuth0ScopeBinding: defineRoute({
    name: 'users.updateAuth0ScopeBinding', method: 'PUT', path: `${base}/security/auth0/scope-to-role/:bindingId`, auth: 'developer', devPermission: OAUTH, body: Obj,
  }),
  getAuth0ScopeBindings: defineRoute({ name: 'users.getAuth0ScopeBindings', method: 'GET', path: `${base}/security/auth0/scope-to-role`, auth: 'developer' }),
  deleteAuth0ScopeBinding: defineRoute({
    name: 'users.deleteAuth0ScopeBinding', method: 'DELETE', path: `${base}/security/auth0/scope-to-role/:bindingId`, auth: 'developer', devPermission: OAUTH,
  }),
};

/** Registration properties of an app's users. */
export interface UsersRegistrationSettings {
  enabled: boolean;
  emailConfirmationRequired: boolean;
  defaultRole: string | null;
}

/** Login properties of an app's users; the app API's login follows them. */
export interface UsersLoginSettings {
  identityColumn: string;
  multipleLogins: boolean;
  /** Sessions a user may hold at once when `multipleLogins` is on (0 = no limit). */
  maxConcurrentLogins: number;
  /** Seconds of inactivity after which a user token expires (0 = never). */
  sessionTimeout: number;
  failedLoginsLock: { enabled: boolean; attempts: number; lockMinutes: number };
  /** Tokens issued before this time (epoch ms) are no longer valid (set by "log out all users"). */
  sessionsNotBefore: number;
}

/** One user property (a column of the Users table as registration and login see it). */
export interface UserProperty {
  name: string;
  identity: boolean;
  required: boolean;
  visibleOnRegistration: boolean;
}

/** An OAuth 1 or OAuth 2 login provider of an app. */
export interface OAuthProvider {
  id: string;
  version: 1 | 2;
  code: string;
  name: string;
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  scope: string[];
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** OAuth 1 only. */
  requestTokenUrl?: string;
  /** Provider field → Users column. */
  fieldsMapping: Record<string, string>;
  created: number;
  updated: number;
}
