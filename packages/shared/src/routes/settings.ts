import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema } from '../schemas.js';

const base = '/:appId/console/mobilesettings';

/** PEM keys and service-account files are a few kilobytes; anything far larger is not one. */
/** Empty on an update means "keep the stored key". */
const Secret = Type.String({ maxLength: 16_384 });
const Short = Type.String({ minLength: 1, maxLength: 300 });

/**
 * Android (FCM) credentials: either the Firebase service-account JSON file (`serviceAccount`, as
 * text or object) or its three fields. `endpoint`/`tokenUri` point the client elsewhere (tests,
 * proxies). Checked field by field by the server, which names the missing one.
 */
const AndroidSettingsBody = Type.Object(
  {
    serviceAccount: Type.Optional(Type.Union([Secret, Type.Record(Type.String(), Type.Unknown())])),
    projectId: Type.Optional(Short),
    clientEmail: Type.Optional(Short),
    privateKey: Type.Optional(Secret),
    tokenUri: Type.Optional(Type.String({ maxLength: 500 })),
    endpoint: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true },
);

/** Apple (APNs) token-based credentials: .p8 key, its key id, the team id and the app's bundle id. */
const AppleSettingsBody = Type.Object(
  {
    keyId: Type.Optional(Short),
    teamId: Type.Optional(Short),
    privateKey: Type.Optional(Secret),
    bundleId: Type.Optional(Short),
    production: Type.Optional(Type.Boolean()),
    certificate: Type.Optional(Type.String({ maxLength: 65_536 })),
    certificatePassword: Type.Optional(Type.String({ maxLength: 300 })),
    endpoint: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true },
);

/**
 * Google Play (purchase checks of the app API's Commerce group): a Google Cloud service account
 * that the app's Play Console account grants access to, as the JSON file or its fields.
 * `endpoint`/`tokenUri` point the checks elsewhere (tests, proxies).
 */
const GooglePlaySettingsBody = Type.Object(
  {
    serviceAccount: Type.Optional(Type.Union([Secret, Type.Record(Type.String(), Type.Unknown())])),
    clientEmail: Type.Optional(Short),
    privateKey: Type.Optional(Secret),
    tokenUri: Type.Optional(Type.String({ maxLength: 500 })),
    endpoint: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true },
);

/** One API key of an app, as `getAppSettings` lists it and the key routes answer it. */
export const AppApiKeySchema = Type.Object({
  id: Type.String(),
  /** A system key's client name (`JavaScript`), or the name given to a custom key. */
  name: Type.String(),
  /** ANDROID, IOS, JS, REST, WP, AS, BL for system keys; `CUSTOM` for custom keys. */
  deviceType: Type.String(),
  apiKey: Type.String(),
  /** System keys (one per device type) can be regenerated but not deleted, renamed or given a role. */
  system: Type.Boolean(),
  /** The role every call with this key gets (a system key's client role, e.g. `JSUser`). */
  roleId: NullableSchema(Type.String()),
  /** Null when the key has no role, or when its role was deleted (then `roleMissing` is true). */
  roleName: NullableSchema(Type.String()),
  roleMissing: Type.Optional(Type.Boolean()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type AppApiKey = Static<typeof AppApiKeySchema>;

/** `getAppSettings`: the app's identity and its API keys. */
export const AppSettingsSchema = Type.Object({
  appId: Type.String(),
  appName: Type.String(),
  apiKeys: Type.Array(AppApiKeySchema),
  /** System keys by device type (the reference client rebuilds it from `apiKeys`). */
  apiKeysMap: Type.Record(Type.String(), Type.String()),
});
export type AppSettings = Static<typeof AppSettingsSchema>;

/** Android push credentials as the console sees them: secrets masked, never returned whole. */
export const AndroidMobileSettingsSchema = Type.Object({
  id: Type.String(),
  provider: Type.Literal('FCM'),
  projectId: Type.String(),
  clientEmail: Type.String(),
  /** e.g. `•••• (1704 characters)`: tells that a key is stored without revealing it. */
  privateKey: Type.String(),
  updated: Type.Number(),
});
export type AndroidMobileSettings = Static<typeof AndroidMobileSettingsSchema>;

/** Apple push credentials as the console sees them. */
export const AppleMobileSettingsSchema = Type.Object({
  id: Type.String(),
  provider: Type.Literal('APNS'),
  keyId: Type.String(),
  teamId: Type.String(),
  bundleId: Type.String(),
  production: Type.Boolean(),
  privateKey: Type.String(),
  hasCertificate: Type.Boolean(),
  updated: Type.Number(),
});
export type AppleMobileSettings = Static<typeof AppleMobileSettingsSchema>;

/** `getMobileSettings`: each platform's credentials, or null where none are stored. */
export const MobileSettingsSchema = Type.Object({
  android: NullableSchema(AndroidMobileSettingsSchema),
  ios: NullableSchema(AppleMobileSettingsSchema),
});
export type MobileSettings = Static<typeof MobileSettingsSchema>;

/** Answer of a credentials delete: whether a stored row went. */
const MobileSettingsDeletedSchema = Type.Object({ deleted: Type.Boolean() });

/** `getGooglePlaySettings` (null when none is stored): the service account without its key. */
export const GooglePlaySettingsSchema = Type.Object({
  clientEmail: Type.String(),
  /** Masked: shows only that a key is stored and its length. */
  privateKey: Type.String(),
  endpoint: NullableSchema(Type.String()),
  tokenUri: NullableSchema(Type.String()),
  updated: Type.Number(),
});

const perm = DevOperations.MOBILE_SETTINGS;
const keys = DevOperations.API_KEYS;
const keyBase = '/:appId/console/apikey';

/** A role by id or by name; `null` on an update takes the key's role away. */
const RoleRef = Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]);

/**
 * A custom API key as the reference client sends it (`{deviceType: 'CUSTOM', name}`), with the role
 * that every call made with the key gets, named by `roleId`, `roleName` or `role` (an id or a name).
 */
const ApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    deviceType: Type.Optional(Type.String({ maxLength: 32 })),
    roleId: Type.Optional(RoleRef),
    roleName: Type.Optional(RoleRef),
    role: Type.Optional(RoleRef),
  },
  { additionalProperties: true },
);

/**
 * The reference client's `settings` group: mobile (push) credentials, the app settings with its API
 * keys, and the API key rows. Changing keys needs developer operation API_KEYS (4).
 */
export const settingsRoutes = {
  getMobileSettings: defineRoute({
    name: 'settings.getMobileSettings',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: MobileSettingsSchema,
  }),
  createAndroidMobileSettings: defineRoute({
    name: 'settings.createAndroidMobileSettings',
    method: 'POST',
    path: `${base}/android`,
    auth: 'developer',
    devPermission: perm,
    body: AndroidSettingsBody,
    response: AndroidMobileSettingsSchema,
  }),
  updateAndroidMobileSettings: defineRoute({
    name: 'settings.updateAndroidMobileSettings',
    method: 'PUT',
    path: `${base}/android/:id`,
    auth: 'developer',
    devPermission: perm,
    body: AndroidSettingsBody,
    response: AndroidMobileSettingsSchema,
  }),
  deleteAndroidMobileSettings: defineRoute({
    name: 'settings.deleteAndroidMobileSettings',
    method: 'DELETE',
    path: `${base}/android/:id`,
    auth: 'developer',
    devPermission: perm,
    response: MobileSettingsDeletedSchema,
  }),
  createAppleMobileSettings: defineRoute({
    name: 'settings.createAppleMobileSettings',
    method: 'POST',
    path: `${base}/:deviceType`,
    auth: 'developer',
    devPermission: perm,
    body: AppleSettingsBody,
    summary: 'deviceType: ios or osx; both address the one APNs configuration of the app',
    response: AppleMobileSettingsSchema,
  }),
  updateAppleMobileSettings: defineRoute({
    name: 'settings.updateAppleMobileSettings',
    method: 'PUT',
    path: `${base}/:deviceType/:id`,
    auth: 'developer',
    devPermission: perm,
    body: AppleSettingsBody,
    response: AppleMobileSettingsSchema,
  }),
  deleteAppleMobileCertificate: defineRoute({
    name: 'settings.deleteAppleMobileCertificate',
    method: 'DELETE',
    path: `${base}/:deviceType/:id`,
    auth: 'developer',
    devPermission: perm,
    summary: 'Removes the Apple (APNs) credentials',
    response: MobileSettingsDeletedSchema,
  }),
  /** Basalt's own: the Google Play service account that checks the app's purchases (app API Commerce). */
  getGooglePlaySettings: defineRoute({
    name: 'settings.getGooglePlaySettings',
    method: 'GET',
    path: `${base}/googleplay`,
    auth: 'developer',
    response: NullableSchema(GooglePlaySettingsSchema),
  }),
  saveGooglePlaySettings: defineRoute({
    name: 'settings.saveGooglePlaySettings',
    method: 'PUT',
    path: `${base}/googleplay`,
    auth: 'developer',
    devPermission: perm,
    body: GooglePlaySettingsBody,
    response: GooglePlaySettingsSchema,
  }),
  deleteGooglePlaySettings: defineRoute({
    name: 'settings.deleteGooglePlaySettings',
    method: 'DELETE',
    path: `${base}/googleplay`,
    auth: 'developer',
    devPermission: perm,
    response: Type.Object({ deleted: Type.Boolean() }),
  }),
  getAppSettings: defineRoute({
    name: 'settings.getAppSettings',
    method: 'GET',
    path: '/:appId/console/appsettings',
    auth: 'developer',
    response: AppSettingsSchema,
    summary:
      '`{appId, appName, apiKeys, apiKeysMap}`: keys in device order ANDROID, IOS, JS, REST, WP, AS, BL, then custom keys',
  }),
  getAPIKey: defineRoute({
    name: 'settings.getAPIKey',
    method: 'GET',
    path: `${keyBase}/:apiKeyId`,
    auth: 'developer',
    response: AppApiKeySchema,
  }),
  createAPIKey: defineRoute({
    name: 'settings.createAPIKey',
    response: AppApiKeySchema,
    method: 'POST',
    path: keyBase,
    auth: 'developer',
    devPermission: keys,
    body: ApiKeyBody,
    summary: 'A custom key with a name and the role its calls get; answers the key',
  }),
  updateAPIKey: defineRoute({
    name: 'settings.updateAPIKey',
    response: AppApiKeySchema,
    method: 'PUT',
    path: `${keyBase}/:apiKeyId`,
    auth: 'developer',
    devPermission: keys,
    body: ApiKeyBody,
    summary: 'Renames a custom key or changes its role (system keys keep theirs)',
  }),
  regenerateAPIKey: defineRoute({
    name: 'settings.regenerateAPIKey',
    response: AppApiKeySchema,
    method: 'POST',
    path: `${keyBase}/:apiKeyId/regenerate`,
    auth: 'developer',
    devPermission: keys,
    summary: 'A new value for the key; the old value is refused by the next app API call',
  }),
  deleteAPIKey: defineRoute({
    name: 'settings.deleteAPIKey',
    response: Type.Object({ success: Type.Literal(true), id: Type.String() }),
    method: 'DELETE',
    path: `${keyBase}/:apiKeyId`,
    auth: 'developer',
    devPermission: keys,
    summary: 'Custom keys only: a system key is a 400 naming it',
  }),
};

/** The device type of custom keys (system keys carry one of `DeviceTypes`). */
export const CUSTOM_KEY_TYPE = 'CUSTOM';

/** What the console sends to create or change a custom key (the role by `roleId`, `roleName` or `role`; `null` takes it away). */
export type ApiKeyInput = Static<typeof ApiKeyBody>;

export type GooglePlaySettings = Static<typeof GooglePlaySettingsSchema>;
