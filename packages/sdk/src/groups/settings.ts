import {
  DeviceTypes,
  Routes,
  type ApiKeyInput,
  type AppApiKey,
  type AppLogging,
  type AppLoggingConfig,
  type LogIntegrationInput,
  type AppSettings,
  type BodyOf,
  type DataValidator,
  type GooglePlaySettings,
  type Open,
  type ResponseOf,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';
import { createSettingsDomainMethods } from './settings-domains.js';
import { landingPageMethods } from './landing-page.js';

const r = Routes.settings;
const logging = Routes.logging;

/** What `setAppLogging` prints on every call, as the reference client does. */
export const SET_APP_LOGGING_DEPRECATION =
  '"ApiClient.settings.setAppLogging" is deprecated method, will be removed when fixed BKNDLSS-18585';
const seg = (text: string) => encodeURIComponent(text);

/** What the console sends for Android (FCM) credentials: the service-account file or its fields. */
export type AndroidSettingsInput = Open<BodyOf<typeof r.createAndroidMobileSettings>>;

/** What the console sends for the Google Play service account (purchase checks). */
export type GooglePlaySettingsInput = Open<BodyOf<typeof r.saveGooglePlaySettings>>;

/** What the console sends for Apple (APNs, token-based) credentials. */
export type AppleSettingsInput = Open<BodyOf<typeof r.createAppleMobileSettings>>;

/**
 * The reference client's reading of `getAppSettings`: system keys first in device order (ANDROID,
 * IOS, JS, REST, WP, AS, BL; a missing one leaves no gap), then every other key in the order the
 * server sent it, and `apiKeysMap` rebuilt from the system keys.
 */
export function normalizeAppSettings<T extends { apiKeys: Array<{ deviceType: string; apiKey: string }> }>(
  settings: T,
): T & { apiKeysMap: Record<string, string> } {
  const system: Array<T['apiKeys'][number]> = [];
  const custom: Array<T['apiKeys'][number]> = [];
  const apiKeysMap: Record<string, string> = {};
  for (const key of settings.apiKeys ?? []) {
    const at = (DeviceTypes as readonly string[]).indexOf(key.deviceType);
    if (at < 0) {
      custom.push(key);
      continue;
    }
    system[at] = key;
    apiKeysMap[key.deviceType] = key.apiKey;
  }
  return { ...settings, apiKeys: [...system, ...custom].filter(Boolean), apiKeysMap };
}

/**
 * The reference client's `settings` group: mobile (push) credentials, the app settings with its API
 * keys, and the API key methods.
 */
export function createSettingsGroup(context: GroupContext) {
  const { request } = context;
  return {
    ...createSettingsDomainMethods(context),
    ...landingPageMethods(context),
    /** Each platform's push credentials, secrets masked. */
    getMobileSettings(appId: string): Promise<ResponseOf<typeof r.getMobileSettings>> {
      return request.route(r.getMobileSettings, [appId]);
    },

    /** Stores Android (FCM) credentials; deliveries waiting for them are sent. */
    createAndroidMobileSettings(
      appId: string,
      settings: AndroidSettingsInput,
    ): Promise<ResponseOf<typeof r.createAndroidMobileSettings>> {
      return request.route(r.createAndroidMobileSettings, [appId], { body: settings });
    },

    /** Replaces Android (FCM) credentials; an omitted private key keeps the stored one. */
    updateAndroidMobileSettings(
      appId: string,
      settings: AndroidSettingsInput,
      id: string,
    ): Promise<ResponseOf<typeof r.updateAndroidMobileSettings>> {
      return request.route(r.updateAndroidMobileSettings, [appId, seg(id)], { body: settings });
    },

    /** Deletes Android (FCM) credentials. */
    deleteAndroidMobileSettings(appId: string, id: string): Promise<ResponseOf<typeof r.deleteAndroidMobileSettings>> {
      return request.route(r.deleteAndroidMobileSettings, [appId, seg(id)]);
    },

    /** Stores Apple (APNs) credentials; `deviceType` is `ios` or `osx`. */
    createAppleMobileSettings(
      appId: string,
      settings: AppleSettingsInput,
      deviceType: string,
    ): Promise<ResponseOf<typeof r.createAppleMobileSettings>> {
      return request.route(r.createAppleMobileSettings, [appId, seg(deviceType)], { body: settings });
    },

    /** Replaces Apple (APNs) credentials; an omitted private key keeps the stored one. */
    updateAppleMobileSettings(
      appId: string,
      settings: AppleSettingsInput,
      id: string,
      deviceType: string,
    ): Promise<ResponseOf<typeof r.updateAppleMobileSettings>> {
      return request.route(r.updateAppleMobileSettings, [appId, seg(deviceType), seg(id)], { body: settings });
    },

    /** Deletes Apple (APNs) credentials. */
    deleteAppleMobileCertificate(
      appId: string,
      id: string,
      deviceType: string,
    ): Promise<ResponseOf<typeof r.deleteAppleMobileCertificate>> {
      return request.route(r.deleteAppleMobileCertificate, [appId, seg(deviceType), seg(id)]);
    },

    /** Basalt's own: the Google Play service account of the app's purchase checks, or null. */
    getGooglePlaySettings(appId: string): Promise<GooglePlaySettings | null> {
      return request.route(r.getGooglePlaySettings, [appId]);
    },

    /** Stores or replaces the Google Play service account; an omitted private key keeps the stored one. */
    saveGooglePlaySettings(appId: string, settings: GooglePlaySettingsInput): Promise<GooglePlaySettings> {
      return request.route(r.saveGooglePlaySettings, [appId], { body: settings });
    },

    /** Deletes the Google Play service account: purchase checks stop until another is saved. */
    deleteGooglePlaySettings(appId: string): Promise<{ deleted: boolean }> {
      return request.route(r.deleteGooglePlaySettings, [appId]);
    },

    /** The app with its API keys in device order, then custom keys, and `apiKeysMap` (device type → key). */
    async getAppSettings(appId: string): Promise<AppSettings> {
      return normalizeAppSettings(await request.route(r.getAppSettings, [appId]));
    },

    /** A new value for a key (no body); the old value stops working at once. Answers the key. */
    regenerateAPIKey(appId: string, apiKeyId: string): Promise<AppApiKey> {
      return request.route(r.regenerateAPIKey, [appId, seg(apiKeyId)]);
    },

    /** One key by id. */
    getAPIKey(appId: string, apiKeyId: string): Promise<AppApiKey> {
      return request.route(r.getAPIKey, [appId, seg(apiKeyId)]);
    },

    /** A custom key: `{name, deviceType: 'CUSTOM', roleId | roleName | role}`. Answers the key with its value. */
    createAPIKey(appId: string, apiKey: ApiKeyInput): Promise<AppApiKey> {
      return request.route(r.createAPIKey, [appId], { body: apiKey });
    },

    /** Renames a custom key or changes its role (`null` takes the role away). */
    updateAPIKey(appId: string, apiKeyId: string, apiKey: ApiKeyInput): Promise<AppApiKey> {
      return request.route(r.updateAPIKey, [appId, seg(apiKeyId)], { body: apiKey });
    },

    /** The app's loggers and their levels (`Global logger` applies to every line) and its log integration. */
    getAppLogging(appId: string): Promise<AppLogging> {
      return request.route(logging.getAppLogging, [appId]);
    },

    /** Replaces the app's loggers and levels: `{loggers: [{name, level}]}`. Answers the stored configuration. */
    setAppLoggingConfig(appId: string, config: AppLoggingConfig): Promise<AppLogging> {
      return request.route(logging.setAppLoggingConfig, [appId], { body: config });
    },

    /** The reference client's older name of `setAppLoggingConfig`; warns on every call, as it does. */
    setAppLogging(appId: string, config: AppLoggingConfig): Promise<AppLogging> {
      console.warn(SET_APP_LOGGING_DEPRECATION);
      return request.route(logging.setAppLoggingConfig, [appId], { body: config });
    },

    /** Forwards the app's kept lines to an http(s) endpoint: `{enabled, url, headers?}`. Answers the logging settings. */
    setAppLoggingIntegration(appId: string, integration: LogIntegrationInput): Promise<AppLogging> {
      return request.route(logging.setAppLoggingIntegration, [appId], { body: integration });
    },

    /** Removes every logger's own level (the Global logger keeps its) and the app's stored log lines. */
    clearLoggers(appId: string): Promise<{ removedLoggers: number }> {
      return request.route(logging.clearLoggers, [appId]);
    },

    /**
     * The predefined column validators (the same for every app): `{name, title, regex, example}`.
     * A text column stores the picked one's `regex` as its `customRegex`.
     */
    getDataValidators(): Promise<DataValidator[]> {
      return request.route(Routes.dataValidators.getDataValidators, []);
    },

    /** Deletes a custom key (a system key is refused with 400). */
    deleteAPIKey(appId: string, apiKeyId: string): Promise<{ success: true; id: string }> {
      return request.route(r.deleteAPIKey, [appId, seg(apiKeyId)]);
    },
  };
}

/** The `settings` group's methods. */
export type SettingsGroup = ReturnType<typeof createSettingsGroup>;
