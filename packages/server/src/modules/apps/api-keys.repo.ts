import crypto from 'node:crypto';
import type { Databases } from '../../db/dialect.js';
import type { ApiKeysTable } from '../../db/system-schema.js';
import { forgetConsoleAccess } from '../../http/access-cache.js';

/** The device type of keys the developer makes (system keys carry ANDROID … BL). */
export const CUSTOM_DEVICE_TYPE = 'CUSTOM';

/** A fresh key value: an upper-case UUID, the shape clients know from Backendless. */
export function newApiKeyValue(): string {
  return crypto.randomUUID().toUpperCase();
}

/**
 * The client kind a key gives its calls, as the security module reads it: the device type for
 * system keys (JS gives JSUser …), and for a custom key with a role `CUSTOM:<roleId>`. It travels
 * where a device type travels (app API callers, real-time clients, OAuth sign-ins in progress), so
 * the key's role reaches every permission decision without a second lookup.
 */
export function clientKindOf(deviceType: string, roleId: string | null | undefined): string {
  return deviceType === CUSTOM_DEVICE_TYPE && roleId ? `${CUSTOM_DEVICE_TYPE}:${roleId}` : deviceType;
}

/** The role id a client kind carries (custom keys with a role), else undefined. */
export function roleOfClientKind(kind: string): string | undefined {
  return kind.startsWith(`${CUSTOM_DEVICE_TYPE}:`) ? kind.slice(CUSTOM_DEVICE_TYPE.length + 1) || undefined : undefined;
}

/** The device type of a client kind, as stored with a user session (`CUSTOM` for every custom key). */
export function deviceOfClientKind(kind: string): string {
  return roleOfClientKind(kind) ? CUSTOM_DEVICE_TYPE : kind;
}

/**
 * SQL of the `api_keys` table; no HTTP errors here. Every write that replaces or removes a key
 * value (or changes the role a key gives) calls `forgetConsoleAccess()` once it is committed, so the
 * key memory of this process (apps/index.ts) answers from the table again on the next request.
 */
export class ApiKeysRepo {
  constructor(private readonly dbs: Databases) {}

  private get db() {
    return this.dbs.system;
  }

  /** Keys of an app, oldest first (system keys were made with the app). */
  list(appId: string): Promise<ApiKeysTable[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created')
      .orderBy('id')
      .execute();
  }

  /** The key of an app with that value (what every app API call starts with); undefined when none. */
  byValue(appId: string, apiKey: string) {
    return this.db
      .selectFrom('api_keys')
      .select(['app_id', 'device_type', 'role_id'])
      .where('app_id', '=', appId)
      .where('api_key', '=', apiKey)
      .executeTakeFirst();
  }

  find(appId: string, id: string): Promise<ApiKeysTable | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: ApiKeysTable): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** Answers whether the key existed in that app. */
  async update(
    appId: string,
    id: string,
    patch: Partial<Pick<ApiKeysTable, 'api_key' | 'name' | 'role_id'>>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ ...patch, updated: Date.now() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    forgetConsoleAccess();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Answers whether the key existed in that app. */
  async delete(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('api_keys')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    forgetConsoleAccess();
    return Number(res.numDeletedRows) > 0;
  }
}
