import crypto from 'node:crypto';
import { DeviceTypes, type AppSummary, type DeviceType } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { AppsTable } from '../../db/system-schema.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import { AppsRepo } from './apps.repo.js';
import { newApiKeyValue } from './api-keys.repo.js';
import { translateError } from '../../db/db-errors.js';

const MAX_LOGO_BYTES = 512 * 1024;

function duplicateName(name: string): ApiError {
  return ApiError.field('CONFLICT', 'appName', `An application named '${name}' already exists`);
}

/** The system keys (one per device type) in device order; custom keys are listed by the settings routes. */
function sortKeys(keys: Array<{ device_type: string; api_key: string }>) {
  return keys
    .filter((k) => DeviceTypes.includes(k.device_type as DeviceType))
    .sort((a, b) => DeviceTypes.indexOf(a.device_type as DeviceType) - DeviceTypes.indexOf(b.device_type as DeviceType))
    .map((k) => ({ deviceType: k.device_type as DeviceType, apiKey: k.api_key }));
}

export class AppsService {
  readonly repo: AppsRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new AppsRepo(ctx.dbs);
  }

  private summary(
    app: AppsTable,
    role: 'owner' | 'member',
    keys?: Array<{ device_type: string; api_key: string }>,
  ): AppSummary {
    return {
      id: app.id,
      appName: app.name,
      zone: app.zone,
      logo: app.logo,
      info: app.info,
      ownerId: app.owner_id,
      created: app.created,
      role,
      ...(keys ? { apiKeys: sortKeys(keys) } : {}),
    };
  }

  async list(developerId: string): Promise<AppSummary[]> {
    const apps = await this.repo.listForDeveloper(developerId);
    return apps.map((a) => this.summary(a, a.role));
  }

  /** Creates the app row, its API keys (one per device type) and its data store, migrated. */
  async create(developerId: string, appName: string, info = ''): Promise<AppSummary> {
    const name = appName.trim();
    if (await this.repo.findOwnedByName(developerId, name)) throw duplicateName(name);
    const now = Date.now();
    const app: AppsTable = {
      id: newId(),
      name,
      owner_id: developerId,
      zone: 'LOCAL',
      info,
      logo: null,
      dev_options: '{}',
      created: now,
      updated: now,
    };
    const keys = DeviceTypes.map((device_type) => ({ id: newId(), device_type, api_key: newApiKeyValue() }));
    // The store first: an app row must never point at a store that does not exist. If anything
    // fails after the store was made, the store goes again so no orphan stays on disk.
    try {
      await this.ctx.dbs.migrateApp(app.id, this.ctx.appMigrations);
      await this.repo.insert(app, keys);
    } catch (err) {
      await this.ctx.dbs
        .dropAppStore(app.id)
        .catch((dropErr: unknown) =>
          this.ctx.log.error({ err: dropErr, appId: app.id }, 'Removing a half-created app store failed'),
        );
      throw translateError(err, { unique: duplicateName(name) });
    }
    try {
      for (const hook of this.ctx.appCreatedHooks) await hook(app.id);
    } catch (err) {
      // An app without its system roles or default channel is broken: undo it whole.
      await this.delete(app.id).catch((delErr: unknown) =>
        this.ctx.log.error({ err: delErr, appId: app.id }, 'Removing a half-created app failed'),
      );
      throw err;
    }
    this.ctx.bus.emit('app.created', { appId: app.id, ownerId: developerId });
    return this.summary(app, 'owner', keys);
  }

  /** Renames within the owner's apps (a team member with the permission renames the owner's app). */
  async rename(current: AppsTable, appName: string, developerId: string, origin?: object): Promise<AppSummary> {
    const appId = current.id;
    const name = appName.trim();
    const clash = await this.repo.findOwnedByName(current.owner_id, name);
    if (clash && clash.id !== appId) throw duplicateName(name);
    try {
      await this.repo.update(appId, { name });
    } catch (err) {
      throw translateError(err, { unique: duplicateName(name) });
    }
    this.ctx.bus.emit('app.renamed', { appId, appName: name });
    this.ctx.bus.emit('console.changed', {
      appId,
      developerId,
      action: 'app.rename',
      target: appId,
      summary: `Renamed application to ${name}`,
      origin,
    });
    return this.summary({ ...current, name }, current.owner_id === developerId ? 'owner' : 'member');
  }

  /**
   * Removes the app, its keys and team rows (cascade), its audit log and its whole data store. The
   * log goes after the app row, so entries written meanwhile go too; the entry recording this
   * deletion is written after it (the audit log has no foreign key to apps, decision 0021).
   */
  async delete(appId: string): Promise<void> {
    await this.repo.delete(appId);
    await this.ctx.audit.purgeApp(appId);
    await this.ctx.dbs.dropAppStore(appId);
    this.ctx.bus.emit('app.deleted', { appId });
  }

  async deleteOwnedBy(developerId: string): Promise<void> {
    for (const { id } of await this.repo.idsOwnedBy(developerId)) await this.delete(id);
  }

  async info(app: AppsTable, role: 'owner' | 'member'): Promise<AppSummary> {
    return this.summary(app, role, await this.repo.apiKeys(app.id));
  }

  async updateInfo(appId: string, info: string): Promise<void> {
    await this.repo.update(appId, { info });
  }

  async updateLogo(appId: string, logo: string | null): Promise<void> {
    if (logo !== null) {
      // Size first: it is cheap, and a huge string need not be scanned to be refused.
      if (typeof logo === 'string' && logo.length > (MAX_LOGO_BYTES * 4) / 3 + 64)
        throw ApiError.tooLarge('The logo must be at most 512 KB');
      if (
        typeof logo !== 'string' ||
        !/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/.test(logo)
      ) {
        throw ApiError.field(
          'BAD_REQUEST',
          'logo',
          'The logo must be a data URL of a PNG, JPEG, GIF, WebP or SVG image',
        );
      }
    }
    await this.repo.update(appId, { logo });
  }

  async setDevOptions(appId: string, options: Record<string, unknown>): Promise<Record<string, unknown>> {
    const text = JSON.stringify(options);
    if (text.length > 64 * 1024) throw ApiError.tooLarge('Developer options must be at most 64 KB');
    await this.repo.update(appId, { dev_options: text });
    return options;
  }
}

const ADJECTIVES = [
  'amber',
  'brisk',
  'calm',
  'dusty',
  'eager',
  'fancy',
  'gentle',
  'hasty',
  'icy',
  'jolly',
  'keen',
  'lucky',
  'mellow',
  'noble',
  'olive',
  'proud',
  'quiet',
  'rapid',
  'sunny',
  'tidy',
];
const NOUNS = [
  'basin',
  'cliff',
  'delta',
  'ember',
  'fjord',
  'grove',
  'harbor',
  'island',
  'jungle',
  'knoll',
  'lagoon',
  'mesa',
  'nebula',
  'oasis',
  'prairie',
  'quarry',
  'ridge',
  'summit',
  'tundra',
  'valley',
];

/** Readable random subdomain suggestions (`brisk-harbor-412`). */
export function suggestSubdomains(count = 5): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    out.add(
      `${ADJECTIVES[crypto.randomInt(ADJECTIVES.length)]}-${NOUNS[crypto.randomInt(NOUNS.length)]}-${crypto.randomInt(100, 1000)}`,
    );
  }
  return [...out];
}
