import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, OpenObjectSchema, SuccessSchema } from '../schemas.js';

const base = '/:appId/console';
/** Caller objects pass through to the service, which validates them and names the bad field. */
const Obj = Type.Object({}, { additionalProperties: true });
const oauth = <V extends 1 | 2>(v: V) => `${base}/users/oauth${v}` as const;
const OAUTH = DevOperations.OAUTH_PROVIDERS;

/** Registration properties of an app's users (a stored settings document, so open). */
export const UsersRegistrationSettingsSchema = OpenObjectSchema({
  enabled: Type.Boolean(),
  emailConfirmationRequired: Type.Boolean(),
  defaultRole: NullableSchema(Type.String()),
});
export type UsersRegistrationSettings = Static<typeof UsersRegistrationSettingsSchema>;

/** Login properties of an app's users; the app API's login follows them. */
export const UsersLoginSettingsSchema = OpenObjectSchema({
  identityColumn: Type.String(),
  multipleLogins: Type.Boolean(),
  /** Sessions a user may hold at once when `multipleLogins` is on (0 = no limit). */
  maxConcurrentLogins: Type.Integer(),
  /** Seconds of inactivity after which a user token expires (0 = never). */
  sessionTimeout: Type.Integer(),
  failedLoginsLock: Type.Object({ enabled: Type.Boolean(), attempts: Type.Integer(), lockMinutes: Type.Integer() }),
  /** Tokens issued before this time (epoch ms) are no longer valid (set by "log out all users"). */
  sessionsNotBefore: Type.Number(),
});
export type UsersLoginSettings = Static<typeof UsersLoginSettingsSchema>;

/** One user property (a column of the Users table as registration and login see it). */
export const UserPropertySchema = Type.Object({
  name: Type.String(),
  identity: Type.Boolean(),
  required: Type.Boolean(),
  visibleOnRegistration: Type.Boolean(),
});
export type UserProperty = Static<typeof UserPropertySchema>;

/** Endpoints, scopes and field mapping of a provider, as a template offers them. */
const providerShape = {
  name: Type.String(),
  authorizationUrl: Type.String(),
  tokenUrl: Type.String(),
  userInfoUrl: Type.String(),
  /** OAuth 1 only. */
  requestTokenUrl: Type.Optional(Type.String()),
  scope: Type.Array(Type.String()),
  /** Provider field → Users column. */
  fieldsMapping: Type.Record(Type.String(), Type.String()),
};

/** An OAuth 1 or OAuth 2 login provider of an app. */
export const OAuthProviderSchema = Type.Object({
  id: Type.String(),
  version: Type.Union([Type.Literal(1), Type.Literal(2)]),
  code: Type.String(),
  enabled: Type.Boolean(),
  clientId: Type.String(),
  clientSecret: Type.String(),
  ...providerShape,
  created: Type.Number(),
  updated: Type.Number(),
});
export type OAuthProvider = Static<typeof OAuthProviderSchema>;

/** Ready-made provider settings the console offers (`create-from-template`). */
export const OAuthTemplateSchema = Type.Object({
  code: Type.String(),
  version: Type.Union([Type.Literal(1), Type.Literal(2)]),
  ...providerShape,
});
export type OAuthTemplate = Static<typeof OAuthTemplateSchema>;

/** Auth0 login of an app (a stored settings document, so open). */
export const Auth0SettingsSchema = OpenObjectSchema({
  enabled: Type.Boolean(),
  domain: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String(),
  audience: Type.String(),
  identityClaim: Type.String(),
  defaultRole: NullableSchema(Type.String()),
});
export type Auth0Settings = Static<typeof Auth0SettingsSchema>;

/** An Auth0 scope mapped onto an app role. */
export const ScopeBindingSchema = Type.Object({ id: Type.String(), scope: Type.String(), roleName: Type.String() });
export type ScopeBinding = Static<typeof ScopeBindingSchema>;

/** Legacy social sign-in parameters of one provider, as saved. */
export const SocialParamsSchema = Type.Object({
  provider: Type.String(),
  key: Type.String(),
  secret: Type.String(),
  enabled: Type.Boolean(),
});
export type SocialParams = Static<typeof SocialParamsSchema>;

const CallbackUrl = Type.Object({ callbackUrl: Type.String() });

/** Users configuration of an application (`users` group of the reference client). */
export const usersRoutes = {
  getUsersRegs: defineRoute({
    name: 'users.getUsersRegs',
    method: 'GET',
    path: `${base}/userregistration`,
    auth: 'developer',
    response: UsersRegistrationSettingsSchema,
  }),
  updateUsersRegs: defineRoute({
    name: 'users.updateUsersRegs',
    method: 'PUT',
    path: `${base}/userregistration`,
    auth: 'developer',
    response: UsersRegistrationSettingsSchema,
    devPermission: DevOperations.USERS_REGISTRATION,
    body: Obj,
    summary: 'Registration properties: `{enabled, emailConfirmationRequired, defaultRole}`',
  }),
  getUsersLogin: defineRoute({
    name: 'users.getUsersLogin',
    method: 'GET',
    path: `${base}/userlogin`,
    auth: 'developer',
    response: UsersLoginSettingsSchema,
  }),
  logoutAllUsers: defineRoute({
    name: 'users.logoutAllUsers',
    method: 'POST',
    path: `${base}/userlogin/logout/all`,
    auth: 'developer',
    response: Type.Object({ sessionsNotBefore: Type.Number() }),
    devPermission: DevOperations.LOGOUT_ALL_USERS,
    summary: 'Every user token issued before now stops being valid',
  }),
  getUserSocialLogin: defineRoute({
    name: 'users.getUserSocialLogin',
    method: 'GET',
    path: '/console/social/oauth/:provider/request_url',
    auth: 'public',
    response: Type.String(),
    summary: 'Same route as `user.loginSocial` (served by its handler)',
  }),
  updateUsersLogin: defineRoute({
    name: 'users.updateUsersLogin',
    method: 'POST',
    path: `${base}/userlogin`,
    auth: 'developer',
    response: UsersLoginSettingsSchema,
    devPermission: DevOperations.USERS_LOGIN,
    body: Obj,
    summary:
      'Login properties: `{identityColumn, multipleLogins, maxConcurrentLogins, sessionTimeout, failedLoginsLock}`',
  }),
  getUsersProps: defineRoute({
    name: 'users.getUsersProps',
    method: 'GET',
    path: `${base}/userproperties`,
    auth: 'developer',
    response: Type.Array(UserPropertySchema),
  }),
  updateUsersProps: defineRoute({
    name: 'users.updateUsersProps',
    method: 'PUT',
    path: `${base}/userproperties/:propertyName`,
    auth: 'developer',
    response: UserPropertySchema,
    devPermission: DevOperations.USERS_REGISTRATION,
    body: Obj,
    summary: 'One user property: `{name, identity, required, visibleOnRegistration}`',
  }),
  updateSocialParams: defineRoute({
    name: 'users.updateSocialParams',
    method: 'POST',
    path: `${base}/socialparams`,
    auth: 'developer',
    response: SocialParamsSchema,
    devPermission: OAUTH,
    body: Obj,
    summary: 'Same route as `settings.updateSocialParams`: `{provider, key, secret, enabled}`',
  }),
  getOAuth1ProviderTemplates: defineRoute({
    name: 'users.getOAuth1ProviderTemplates',
    method: 'GET',
    path: `${base}/users/oauth1-templates`,
    auth: 'developer',
    response: Type.Array(OAuthTemplateSchema),
  }),
  getOAuth2ProviderTemplates: defineRoute({
    name: 'users.getOAuth2ProviderTemplates',
    method: 'GET',
    path: `${base}/users/oauth2-templates`,
    auth: 'developer',
    response: Type.Array(OAuthTemplateSchema),
  }),
  getOAuth1Providers: defineRoute({
    name: 'users.getOAuth1Providers',
    method: 'GET',
    path: oauth(1),
    auth: 'developer',
    response: Type.Array(OAuthProviderSchema),
  }),
  getOAuth2Providers: defineRoute({
    name: 'users.getOAuth2Providers',
    method: 'GET',
    path: oauth(2),
    auth: 'developer',
    response: Type.Array(OAuthProviderSchema),
  }),
  getOAuth1Provider: defineRoute({
    name: 'users.getOAuth1Provider',
    method: 'GET',
    path: `${oauth(1)}/:providerId`,
    auth: 'developer',
    response: OAuthProviderSchema,
  }),
  getOAuth2Provider: defineRoute({
    name: 'users.getOAuth2Provider',
    method: 'GET',
    path: `${oauth(2)}/:providerId`,
    auth: 'developer',
    response: OAuthProviderSchema,
  }),
  createOAuth2Provider: defineRoute({
    name: 'users.createOAuth2Provider',
    method: 'POST',
    path: oauth(2),
    auth: 'developer',
    response: OAuthProviderSchema,
    devPermission: OAUTH,
    body: Obj,
  }),
  updateOAuth1Provider: defineRoute({
    name: 'users.updateOAuth1Provider',
    method: 'PUT',
    path: `${oauth(1)}/:providerId`,
    auth: 'developer',
    response: OAuthProviderSchema,
    devPermission: OAUTH,
    body: Obj,
  }),
  updateOAuth2Provider: defineRoute({
    name: 'users.updateOAuth2Provider',
    method: 'PUT',
    path: `${oauth(2)}/:providerId`,
    auth: 'developer',
    response: OAuthProviderSchema,
    devPermission: OAUTH,
    body: Obj,
  }),
  createOAuth1ProviderFromTemplate: defineRoute({
    name: 'users.createOAuth1ProviderFromTemplate',
    method: 'POST',
    path: `${oauth(1)}/create-from-template`,
    auth: 'developer',
    response: OAuthProviderSchema,
    devPermission: OAUTH,
    body: Obj,
    summary: '`{templateCode, consumerKey, consumerSecret, ...}`',
  }),
  createOAuth2ProviderFromTemplate: defineRoute({
    name: 'users.createOAuth2ProviderFromTemplate',
    method: 'POST',
    path: `${oauth(2)}/create-from-template`,
    auth: 'developer',
    response: OAuthProviderSchema,
    devPermission: OAUTH,
    body: Obj,
    summary: '`{templateCode, clientId, clientSecret, ...}`',
  }),
  removeOAuth1Provider: defineRoute({
    name: 'users.removeOAuth1Provider',
    method: 'DELETE',
    path: `${oauth(1)}/:providerId`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: OAUTH,
  }),
  removeOAuth2Provider: defineRoute({
    name: 'users.removeOAuth2Provider',
    method: 'DELETE',
    path: `${oauth(2)}/:providerId`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: OAUTH,
  }),
  getOAuth1CallbackUrls: defineRoute({
    name: 'users.getOAuth1CallbackUrls',
    method: 'GET',
    path: `${oauth(1)}/:providerCode/callback-url`,
    auth: 'developer',
    response: CallbackUrl,
  }),
  getOAuth2CallbackUrls: defineRoute({
    name: 'users.getOAuth2CallbackUrls',
    method: 'GET',
    path: `${oauth(2)}/:providerCode/callback-url`,
    auth: 'developer',
    response: CallbackUrl,
  }),
  getAuth0Configuration: defineRoute({
    name: 'users.getAuth0Configuration',
    method: 'GET',
    path: `${base}/security/auth0/config`,
    auth: 'developer',
    response: Auth0SettingsSchema,
  }),
  updateAuth0Configuration: defineRoute({
    name: 'users.updateAuth0Configuration',
    method: 'PUT',
    path: `${base}/security/auth0/config`,
    auth: 'developer',
    response: Auth0SettingsSchema,
    devPermission: OAUTH,
    body: Obj,
    summary: '`{enabled, domain, clientId, clientSecret, audience, identityClaim, defaultRole}`',
  }),
  createAuth0ScopeBinding: defineRoute({
    name: 'users.createAuth0ScopeBinding',
    method: 'POST',
    path: `${base}/security/auth0/scope-to-role`,
    auth: 'developer',
    response: ScopeBindingSchema,
    devPermission: OAUTH,
    body: Obj,
    summary: '`{scope, roleName}`',
  }),
  updateAuth0ScopeBinding: defineRoute({
    name: 'users.updateAuth0ScopeBinding',
    method: 'PUT',
    path: `${base}/security/auth0/scope-to-role/:bindingId`,
    auth: 'developer',
    response: ScopeBindingSchema,
    devPermission: OAUTH,
    body: Obj,
  }),
  getAuth0ScopeBindings: defineRoute({
    name: 'users.getAuth0ScopeBindings',
    method: 'GET',
    path: `${base}/security/auth0/scope-to-role`,
    auth: 'developer',
    response: Type.Array(ScopeBindingSchema),
  }),
  deleteAuth0ScopeBinding: defineRoute({
    name: 'users.deleteAuth0ScopeBinding',
    method: 'DELETE',
    path: `${base}/security/auth0/scope-to-role/:bindingId`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: OAUTH,
  }),
} satisfies Record<string, RouteDef>;
