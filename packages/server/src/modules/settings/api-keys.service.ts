import { DeviceTypes, type ApiKeyInput, type AppApiKey, type AppSettings, type DeviceType } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { ApiKeysTable, AppsTable } from '../../db/system-schema.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import { ApiKeysRepo, CUSTOM_DEVICE_TYPE, newApiKeyValue } from '../apps/index.js';
import { CLIENT_ROLE_BY_DEVICE } from '../security/index.js';

/** What the console shows for each system key (the same names as its API key card). */
const SYSTEM_KEY_NAMES: Record<DeviceType, string> = {
  ANDROID: 'Android',
  IOS: 'iOS',
  JS: 'JavaScript',
  REST: 'REST',
  WP: 'Windows Phone',
  AS: 'ActionScript',
  BL: 'Business Logic',
};

/** Plenty for separate partners or integrations; a runaway script cannot fill the table. */
export const MAX_CUSTOM_KEYS = 50;

/** Roles that describe the user behind a call, not its client: a key cannot give them. */
const USER_STATE_ROLES = new Set(['AuthenticatedUser', 'NotAuthenticatedUser', 'GuestUser', 'SocialUser']);

type RoleRow = { id: string; name: string; system: boolean };
/** Who changes keys, for the audit log: the developer and the console request. */
export interface KeyChangeBy {
  developerId: string;
  origin?: object;
}

const isSystem = (row: ApiKeysTable) => DeviceTypes.includes(row.device_type as DeviceType);
const rank = (row: ApiKeysTable) =>
  isSystem(row) ? DeviceTypes.indexOf(row.device_type as DeviceType) : DeviceTypes.length;
const shortId = (id: string) => id.slice(0, 64);

/**
 * API keys of an app (the settings routes): the seven system keys made with the app, which can be
 * regenerated, and custom keys with a name and the role their calls get. Key memory is forgotten
 * by the repo after every write (apps/index.ts), so a retired value is refused at once.
 */
export class ApiKeysService {
  readonly repo: ApiKeysRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new ApiKeysRepo(ctx.dbs);
  }

  private roles(appId: string): Promise<RoleRow[]> {
    return this.ctx.security.roles.rows(appId);
  }

  private toWire(row: ApiKeysTable, roles: RoleRow[]): AppApiKey {
    const system = isSystem(row);
    const role = system
      ? roles.find((r) => r.name === CLIENT_ROLE_BY_DEVICE[row.device_type])
      : row.role_id
        ? roles.find((r) => r.id === row.role_id)
        : undefined;
    return {
      id: row.id,
      name: system ? SYSTEM_KEY_NAMES[row.device_type as DeviceType] : (row.name ?? ''),
      deviceType: row.device_type,
      apiKey: row.api_key,
      system,
      roleId: role?.id ?? row.role_id ?? null,
      roleName: role?.name ?? null,
      ...(!system && row.role_id && !role ? { roleMissing: true } : {}),
      created: Number(row.created),
      updated: Number(row.updated ?? row.created),
    };
  }

  /** Every key in device order (ANDROID, IOS, JS, REST, WP, AS, BL), then custom keys oldest first. */
  async list(appId: string): Promise<AppApiKey[]> {
    const [rows, roles] = await Promise.all([this.repo.list(appId), this.roles(appId)]);
    return rows
      .map((row, i) => ({ row, i }))
      .sort((a, b) => rank(a.row) - rank(b.row) || a.i - b.i)
      .map(({ row }) => this.toWire(row, roles));
  }

  /** `getAppSettings`: the app and its keys, with the system keys by device type. */
  async settings(app: AppsTable): Promise<AppSettings> {
    const apiKeys = await this.list(app.id);
    const apiKeysMap: Record<string, string> = {};
    for (const k of apiKeys) if (k.system) apiKeysMap[k.deviceType] = k.apiKey;
    return { appId: app.id, appName: app.name, apiKeys, apiKeysMap };
  }

  private async row(appId: string, id: string): Promise<ApiKeysTable> {
    const row = await this.repo.find(appId, id);
    if (!row) throw ApiError.notFound(`API key '${shortId(id)}' does not exist`);
    return row;
  }

  async get(appId: string, id: string): Promise<AppApiKey> {
    return this.toWire(await this.row(appId, id), await this.roles(appId));
  }

  /** The role a body names (`roleId`, `roleName` or `role`): undefined when none is named, null to clear. */
  private async roleOf(appId: string, body: ApiKeyInput): Promise<RoleRow | null | undefined> {
    const field =
      body.roleId !== undefined
        ? 'roleId'
        : body.roleName !== undefined
          ? 'roleName'
          : body.role !== undefined
            ? 'role'
            : undefined;
    if (!field) return undefined;
    const ref = body[field];
    if (ref === null || ref === '') return null;
    if (typeof ref !== 'string') throw ApiError.field('BAD_REQUEST', field, `${field} must be a role id or name`);
    const roles = await this.roles(appId);
    const role =
      field === 'roleName'
        ? roles.find((r) => r.name === ref)
        : (roles.find((r) => r.id === ref) ?? roles.find((r) => r.name === ref));
    if (!role) throw ApiError.field('BAD_REQUEST', field, `Role '${ref.slice(0, 100)}' does not exist`);
    if (USER_STATE_ROLES.has(role.name)) {
      throw ApiError.field(
        'BAD_REQUEST',
        field,
        `'${role.name}' follows from the user behind a call and cannot be given by a key; choose a client role or one of your roles`,
      );
    }
    return role;
  }

  private cleanName(name: unknown): string {
    const clean = typeof name === 'string' ? name.trim() : '';
    // eslint-disable-next-line no-control-regex
    if (!clean || clean.length > 100 || /[\u0000-\u001f\u007f]/.test(clean)) {
      throw ApiError.field('BAD_REQUEST', 'name', 'Give the key a name of 1 to 100 characters');
    }
    return clean;
  }

  private async assertNameFree(appId: string, name: string, exceptId?: string): Promise<void> {
    const rows = await this.repo.list(appId);
    if (rows.some((r) => r.id !== exceptId && !isSystem(r) && (r.name ?? '').toLowerCase() === name.toLowerCase())) {
      throw ApiError.field('CONFLICT', 'name', `An API key named '${name}' already exists`);
    }
    if (!exceptId && rows.filter((r) => !isSystem(r)).length >= MAX_CUSTOM_KEYS) {
      throw ApiError.badRequest(`An app has at most ${MAX_CUSTOM_KEYS} custom API keys; delete one first`);
    }
  }

  private audit(appId: string, by: KeyChangeBy, action: string, target: string, summary: string): void {
    this.ctx.bus.emit('console.changed', {
      appId,
      developerId: by.developerId,
      action,
      target,
      summary,
      origin: by.origin,
    });
  }

  /** A custom key: a name and, optionally, the role every call made with it gets. */
  async create(appId: string, body: ApiKeyInput, by: KeyChangeBy): Promise<AppApiKey> {
    const deviceType =
      typeof body.deviceType === 'string' && body.deviceType ? body.deviceType.toUpperCase() : CUSTOM_DEVICE_TYPE;
    if (deviceType !== CUSTOM_DEVICE_TYPE) {
      const why = DeviceTypes.includes(deviceType as DeviceType)
        ? `the ${deviceType} key was made with the app (regenerate it for a new value)`
        : `'${String(body.deviceType).slice(0, 32)}' is not a key type`;
      throw ApiError.field('BAD_REQUEST', 'deviceType', `Only custom keys can be created (deviceType CUSTOM): ${why}`);
    }
    const name = this.cleanName(body.name);
    const role = await this.roleOf(appId, body);
    await this.assertNameFree(appId, name);
    const now = Date.now();
    const row: ApiKeysTable = {
      id: newId(),
      app_id: appId,
      device_type: CUSTOM_DEVICE_TYPE,
      api_key: newApiKeyValue(),
      created: now,
      name,
      role_id: role?.id ?? null,
      updated: now,
    };
    await this.repo.insert(row);
    this.audit(
      appId,
      by,
      'apikey.create',
      row.id,
      `Created API key ${name}${role ? ` with role ${role.name}` : ' without a role'}`,
    );
    return this.toWire(row, await this.roles(appId));
  }

  /** Renames a custom key or changes its role; the next call with it gets the new role. */
  async update(appId: string, id: string, body: ApiKeyInput, by: KeyChangeBy): Promise<AppApiKey> {
    const row = await this.row(appId, id);
    if (isSystem(row)) {
      throw ApiError.badRequest(
        `The ${row.device_type} key is a system key: its name and role follow from its device type (regenerate it for a new value)`,
      );
    }
    const patch: Partial<Pick<ApiKeysTable, 'name' | 'role_id'>> = {};
    if (body.name !== undefined) {
      patch.name = this.cleanName(body.name);
      await this.assertNameFree(appId, patch.name, row.id);
    }
    const role = await this.roleOf(appId, body);
    if (role !== undefined) patch.role_id = role?.id ?? null;
    if (!(await this.repo.update(appId, row.id, patch)))
      throw ApiError.notFound(`API key '${shortId(id)}' does not exist`);
    const changes = [
      patch.name !== undefined && patch.name !== row.name ? `renamed to ${patch.name}` : '',
      role !== undefined ? (role ? `role ${role.name}` : 'no role') : '',
    ].filter(Boolean);
    this.audit(
      appId,
      by,
      'apikey.update',
      row.id,
      `Changed API key ${row.name ?? row.id}${changes.length ? `: ${changes.join(', ')}` : ''}`,
    );
    return this.get(appId, row.id);
  }

  /** A new value for any key; calls with the old value are refused from the next request on. */
  async regenerate(appId: string, id: string, by: KeyChangeBy): Promise<AppApiKey> {
    const row = await this.row(appId, id);
    if (!(await this.repo.update(appId, row.id, { api_key: newApiKeyValue() })))
      throw ApiError.notFound(`API key '${shortId(id)}' does not exist`);
    const label = isSystem(row) ? `${row.device_type} (system)` : (row.name ?? row.id);
    this.audit(appId, by, 'apikey.regenerate', row.id, `Regenerated API key ${label}`);
    return this.get(appId, row.id);
  }

  /** Deletes a custom key; system keys stay (they can be regenerated instead). */
  async remove(appId: string, id: string, by: KeyChangeBy): Promise<{ success: true; id: string }> {
    const row = await this.row(appId, id);
    if (isSystem(row)) {
      throw ApiError.badRequest(
        `The ${row.device_type} key is a system key and cannot be deleted; regenerate it to retire its value`,
        { apiKeyId: row.id, deviceType: row.device_type },
      );
    }
    if (!(await this.repo.delete(appId, row.id))) throw ApiError.notFound(`API key '${shortId(id)}' does not exist`);
    this.audit(appId, by, 'apikey.delete', row.id, `Deleted API key ${row.name ?? row.id}`);
    return { success: true, id: row.id };
  }
}
