import type { AndroidMobileSettings, AppleMobileSettings, MobileSettings } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import {
  maskSecret,
  optionalUrl,
  pemPrivateKey as privateKey,
  requiredText,
  serviceAccountCredentials,
  serviceAccountInput,
} from '../../../http/google-service-account.js';
import type { PushService } from '../push.service.js';

type Input = Record<string, unknown>;
/** Apple's key and team ids are 10 characters; bundle ids are reverse-DNS names. */
const APPLE_ID = /^[A-Za-z0-9]{1,64}$/;
const BUNDLE_ID = /^[A-Za-z0-9][A-Za-z0-9.-]{0,254}$/;
const MAX_CERTIFICATE_BASE64 = 65_536;

/** Shows that a secret is stored without revealing any of it. */
export const mask = maskSecret;

const text = requiredText;

/** The Apple segment of the routes: both Apple platforms share the app's one APNs configuration. */
export function appleDeviceType(deviceType: string): 'ios' | 'osx' {
  const t = deviceType.toLowerCase();
  if (t !== 'ios' && t !== 'osx')
    throw ApiError.field('BAD_REQUEST', 'deviceType', `Unknown Apple device type '${deviceType}': use ios or osx`);
  return t;
}

/**
 * Push credentials as the settings area presents them (mobile settings): validated console
 * shapes in, provider configurations stored through the push service, secrets masked out.
 */
export class MobileSettingsService {
  constructor(private readonly push: PushService) {}

  async get(appId: string): Promise<MobileSettings> {
    return { android: await this.android(appId), ios: await this.apple(appId) };
  }

  private async stored(appId: string, provider: 'FCM' | 'APNS') {
    const row = await this.push.repo.providerConfig(appId, provider);
    return row
      ? { id: row.id ?? provider.toLowerCase(), updated: row.updated, cfg: this.push.readConfig(row.config) }
      : undefined;
  }

  private async android(appId: string): Promise<AndroidMobileSettings | null> {
    const s = await this.stored(appId, 'FCM');
    if (!s) return null;
    return {
      id: s.id,
      provider: 'FCM',
      projectId: String(s.cfg.project_id),
      clientEmail: String(s.cfg.client_email),
      privateKey: mask(s.cfg.private_key),
      updated: s.updated,
    };
  }

  private async apple(appId: string): Promise<AppleMobileSettings | null> {
    const s = await this.stored(appId, 'APNS');
    if (!s) return null;
    return {
      id: s.id,
      provider: 'APNS',
      keyId: String(s.cfg.keyId),
      teamId: String(s.cfg.teamId),
      bundleId: String(s.cfg.bundleId),
      production: s.cfg.production === true,
      privateKey: mask(s.cfg.privateKey),
      hasCertificate: typeof s.cfg.certificate === 'string',
      updated: s.updated,
    };
  }

  /** Finds the stored row an update or delete names; a wrong id is a 404, not a silent create. */
  private async existing(appId: string, provider: 'FCM' | 'APNS', id: string) {
    const s = await this.stored(appId, provider);
    if (!s || s.id !== id)
      throw ApiError.notFound(`No ${provider === 'FCM' ? 'Android' : 'Apple'} push credentials with id ${id}`);
    return s;
  }

  async saveAndroid(appId: string, body: Input, id?: string): Promise<AndroidMobileSettings> {
    const current = id ? await this.existing(appId, 'FCM', id) : undefined;
    if (!id && (await this.stored(appId, 'FCM')))
      throw ApiError.field('CONFLICT', 'android', 'Android push credentials exist already: replace them instead');
    const input = serviceAccountInput(body ?? {}, 'Firebase service-account JSON file');
    const config = {
      project_id: text(input, 'projectId', 'Project id', /^[a-z0-9-]{1,100}$/),
      ...serviceAccountCredentials(input, current?.cfg),
      token_uri: optionalUrl(input, 'tokenUri'),
      endpoint: optionalUrl(input, 'endpoint'),
    };
    await this.push.setProviderConfig(appId, 'FCM', config);
    return (await this.android(appId))!;
  }

  async saveApple(appId: string, deviceType: string, body: Input, id?: string): Promise<AppleMobileSettings> {
    appleDeviceType(deviceType);
    const current = id ? await this.existing(appId, 'APNS', id) : undefined;
    if (!id && (await this.stored(appId, 'APNS')))
      throw ApiError.field('CONFLICT', 'ios', 'Apple push credentials exist already: replace them instead');
    const input: Input = body ?? {};
    if (input.production !== undefined && typeof input.production !== 'boolean')
      throw ApiError.field('BAD_REQUEST', 'production', 'production must be true or false');
    const keepKey =
      current &&
      (input.privateKey === undefined || input.privateKey === '' || input.privateKey === mask(current.cfg.privateKey));
    const certificate = input.certificate === undefined ? current?.cfg.certificate : input.certificate;
    if (
      certificate !== undefined &&
      certificate !== null &&
      (typeof certificate !== 'string' ||
        certificate.length > MAX_CERTIFICATE_BASE64 ||
        !/^[A-Za-z0-9+/=\s]+$/.test(certificate))
    ) {
      throw ApiError.field('BAD_REQUEST', 'certificate', 'certificate must be the .p12 file in base64 (at most 48 KB)');
    }
    const config = {
      keyId: text(input, 'keyId', 'Key id', APPLE_ID),
      teamId: text(input, 'teamId', 'Team id', APPLE_ID),
      bundleId: text(input, 'bundleId', 'Bundle id', BUNDLE_ID),
      production: input.production === undefined ? current?.cfg.production === true : input.production,
      privateKey: keepKey ? String(current.cfg.privateKey) : privateKey(input.privateKey, 'ec', 'The .p8 auth key'),
      endpoint: optionalUrl(input, 'endpoint'),
      // A .p12 certificate is kept for reference; sending uses the token key above.
      ...(typeof certificate === 'string' && certificate
        ? {
            certificate,
            certificatePassword:
              typeof input.certificatePassword === 'string'
                ? input.certificatePassword
                : current?.cfg.certificatePassword,
          }
        : {}),
    };
    await this.push.setProviderConfig(appId, 'APNS', config);
    return (await this.apple(appId))!;
  }

  async delete(appId: string, provider: 'FCM' | 'APNS', id: string): Promise<{ deleted: boolean }> {
    await this.existing(appId, provider, id);
    return { deleted: await this.push.repo.deleteProviderConfig(appId, provider) };
  }
}
