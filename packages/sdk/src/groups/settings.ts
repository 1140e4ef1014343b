import { Routes, type AndroidMobileSettings, type AppleMobileSettings, type MobileSettings } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.settings;
const seg = (text: string) => encodeURIComponent(text);

/** What the console sends for Android (FCM) credentials. */
export interface AndroidSettingsInput {
  /** The Firebase service-account JSON file (text or parsed), or the three fields below. */
  serviceAccount?: string | Record<string, unknown>;
  projectId?: string;
  clientEmail?: string;
  privateKey?: string;
  [field: string]: unknown;
}

/** What the console sends for Apple (APNs, token-based) credentials. */
export interface AppleSettingsInput {
  keyId?: string;
  teamId?: string;
  privateKey?: string;
  bundleId?: string;
  production?: boolean;
  [field: string]: unknown;
}

/** Mobile (push) credentials: the mobile-settings methods of the reference client's `settings` group. */
export function createSettingsGroup({ request }: GroupContext) {
  return {
    /** Each platform's push credentials, secrets masked. */
    getMobileSettings(appId: string): Promise<MobileSettings> {
      return request.route(r.getMobileSettings, [appId]);
    },

    /** Stores Android (FCM) credentials; deliveries waiting for them are sent. */
    createAndroidMobileSettings(appId: string, settings: AndroidSettingsInput): Promise<AndroidMobileSettings> {
      return request.route(r.createAndroidMobileSettings, [appId], { body: settings });
    },

    /** Replaces Android (FCM) credentials; an omitted private key keeps the stored one. */
    updateAndroidMobileSettings(appId: string, settings: AndroidSettingsInput, id: string): Promise<AndroidMobileSettings> {
      return request.route(r.updateAndroidMobileSettings, [appId, seg(id)], { body: settings });
    },

    /** Deletes Android (FCM) credentials. */
    deleteAndroidMobileSettings(appId: string, id: string): Promise<{ deleted: boolean }> {
      return request.route(r.deleteAndroidMobileSettings, [appId, seg(id)]);
    },

    /** Stores Apple (APNs) credentials; `deviceType` is `ios` or `osx`. */
    createAppleMobileSettings(appId: string, settings: AppleSettingsInput, deviceType: string): Promise<AppleMobileSettings> {
      return request.route(r.createAppleMobileSettings, [appId, seg(deviceType)], { body: settings });
    },

    /** Replaces Apple (APNs) credentials; an omitted private key keeps the stored one. */
    updateAppleMobileSettings(appId: string, settings: AppleSettingsInput, id: string, deviceType: string): Promise<AppleMobileSettings> {
      return request.route(r.updateAppleMobileSettings, [appId, seg(deviceType), seg(id)], { body: settings });
    },

    /** Deletes Apple (APNs) credentials. */
    deleteAppleMobileCertificate(appId: string, id: string, deviceType: string): Promise<{ deleted: boolean }> {
      return request.route(r.deleteAppleMobileCertificate, [appId, seg(deviceType), seg(id)]);
    },
  };
}

/** The `settings` group's methods. */
export type SettingsGroup = ReturnType<typeof createSettingsGroup>;
