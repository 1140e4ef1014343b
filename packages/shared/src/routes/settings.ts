import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

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

const perm = DevOperations.MOBILE_SETTINGS;

/** Mobile (push) credentials: the mobile-settings rows of the reference client's `settings` group. */
export const settingsRoutes = {
  getMobileSettings: defineRoute({ name: 'settings.getMobileSettings', method: 'GET', path: base, auth: 'developer' }),
  createAndroidMobileSettings: defineRoute({
    name: 'settings.createAndroidMobileSettings', method: 'POST', path: `${base}/android`, auth: 'developer', devPermission: perm, body: AndroidSettingsBody,
  }),
  updateAndroidMobileSettings: defineRoute({
    name: 'settings.updateAndroidMobileSettings', method: 'PUT', path: `${base}/android/:id`, auth: 'developer', devPermission: perm, body: AndroidSettingsBody,
  }),
  deleteAndroidMobileSettings: defineRoute({ name: 'settings.deleteAndroidMobileSettings', method: 'DELETE', path: `${base}/android/:id`, auth: 'developer', devPermission: perm }),
  createAppleMobileSettings: defineRoute({
    name: 'settings.createAppleMobileSettings', method: 'POST', path: `${base}/:deviceType`, auth: 'developer', devPermission: perm, body: AppleSettingsBody,
    summary: 'deviceType: ios or osx; both address the one APNs configuration of the app',
  }),
  updateAppleMobileSettings: defineRoute({
    name: 'settings.updateAppleMobileSettings', method: 'PUT', path: `${base}/:deviceType/:id`, auth: 'developer', devPermission: perm, body: AppleSettingsBody,
  }),
  deleteAppleMobileCertificate: defineRoute({
    name: 'settings.deleteAppleMobileCertificate', method: 'DELETE', path: `${base}/:deviceType/:id`, auth: 'developer', devPermission: perm,
    summary: 'Removes the Apple (APNs) credentials',
  }),
};

/** Android push credentials as the console sees them: secrets masked, never returned whole. */
export interface AndroidMobileSettings {
  id: string;
  provider: 'FCM';
  projectId: string;
  clientEmail: string;
  /** e.g. `•••• (1704 characters)`: tells that a key is stored without revealing it. */
  privateKey: string;
  updated: number;
}

/** Apple push credentials as the console sees them. */
export interface AppleMobileSettings {
  id: string;
  provider: 'APNS';
  keyId: string;
  teamId: string;
  bundleId: string;
  production: boolean;
  privateKey: string;
  hasCertificate: boolean;
  updated: number;
}

/** `getMobileSettings`: each platform's credentials, or null where none are stored. */
export interface MobileSettings {
  android: AndroidMobileSettings | null;
  ios: AppleMobileSettings | null;
}
