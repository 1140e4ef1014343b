import type { DeviceRegistration } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { checkChannelName, DEFAULT_CHANNEL, newId, type ChannelsService } from './channels.service.js';

const OS = /^[A-Z][A-Z0-9_]{0,31}$/;

/** Control characters (C0 and DEL) have no place in identifiers; they break logs and consoles. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
const MAX_CHANNELS_PER_DEVICE = 100;

function text(value: unknown, field: string, max: number, required = true): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw ApiError.field('BAD_REQUEST', field, `'${field}' is required`);
    return null;
  }
  if (typeof value !== 'string' || value.length > max || hasControlCharacters(value)) {
    throw ApiError.field(
      'BAD_REQUEST',
      field,
      `'${field}' must be text of at most ${max} characters without control characters`,
    );
  }
  return value;
}

/**
 * The SDK sends `expiration` as given when it is a number and as epoch seconds (maybe fractional)
 * when it was a Date; a value too small to be milliseconds of this era is read as seconds.
 */
function expirationMs(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Date.parse(value) : Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw ApiError.field(
      'BAD_REQUEST',
      'expiration',
      "'expiration' must be a date or a time in seconds or milliseconds",
    );
  return Math.round(n < 1e11 ? n * 1000 : n);
}

/** Device registrations from the app API (`Messaging.registerDevice` and friends). */
export class DevicesService {
  constructor(private readonly channels: ChannelsService) {}

  async register(
    appId: string,
    body: Record<string, unknown> | undefined,
  ): Promise<DeviceRegistration & { registrationId: string }> {
    const b = body ?? {};
    const os = String(text(b.os, 'os', 32)).toUpperCase();
    if (!OS.test(os)) throw ApiError.field('BAD_REQUEST', 'os', "'os' must be a platform name such as ANDROID or IOS");
    const list = b.channels === undefined || b.channels === null ? [DEFAULT_CHANNEL] : b.channels;
    if (!Array.isArray(list) || list.length > MAX_CHANNELS_PER_DEVICE)
      throw ApiError.field(
        'BAD_REQUEST',
        'channels',
        `'channels' must be a list of at most ${MAX_CHANNELS_PER_DEVICE} channel names`,
      );
    const channels = [...new Set(list.map((c) => checkChannelName(c)))];
    const now = Date.now();
    const saved = await this.channels.repo.saveDevice(
      {
        id: newId(),
        app_id: appId,
        device_id: String(text(b.deviceId, 'deviceId', 200)),
        device_token: String(text(b.deviceToken, 'deviceToken', 4096)),
        os,
        os_version: text(b.osVersion, 'osVersion', 64, false),
        expiration: expirationMs(b.expiration),
        created: now,
        updated: null,
      },
      channels,
    );
    const [out] = await this.channels.describe([saved]);
    return { registrationId: saved.id, ...out };
  }

  async get(appId: string, deviceId: string): Promise<DeviceRegistration> {
    const row = await this.channels.repo.deviceByDeviceId(appId, deviceId);
    if (!row) throw ApiError.notFound(`Device ${deviceId} is not registered`);
    const [out] = await this.channels.describe([row]);
    return out;
  }

  async unregister(appId: string, deviceId: string): Promise<boolean> {
    if (!(await this.channels.repo.deleteDevice(appId, deviceId)))
      throw ApiError.notFound(`Device ${deviceId} is not registered`);
    return true;
  }
}
