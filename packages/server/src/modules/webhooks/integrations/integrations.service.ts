import {
  IntegrationTypes,
  WEBHOOK_MASK,
  type Integration,
  type IntegrationInput,
  type IntegrationType,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { SecretBox } from '../../../http/secret-box.js';
import { checkUrl } from '../validate.js';
import { IntegrationsRepo, type IntegrationRow } from './integrations.repo.js';

/** Integrations one app may keep. */
const MAX_INTEGRATIONS = 50;
const MAX_VALUE = 2000;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;
/** Fields holding a URL the server may call one day: checked like a webhook's URL. */
const URL_FIELDS = new Set(['webhookUrl', 'hookUrl', 'endpoint']);

/**
 * Stored third-party configurations (Integrations page): a Slack incoming webhook, a Zapier-style
 * catch hook, a log shipping service. Each type names its fields and which of them are secret;
 * the whole configuration is sealed at rest and the secret fields are masked in answers (a masked
 * value sent back keeps the stored one).
 */
export class IntegrationsService {
  private readonly repo: IntegrationsRepo;
  private readonly box: SecretBox;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new IntegrationsRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  private wire(row: IntegrationRow): Integration {
    const type = row.type as IntegrationType;
    const config = JSON.parse(this.box.open(row.config)) as Record<string, unknown>;
    const secrets = new Set<string>(IntegrationTypes[type]?.secrets ?? []);
    return {
      name: row.name,
      type,
      enabled: Number(row.enabled) === 1,
      config: Object.fromEntries(Object.entries(config).map(([k, v]) => [k, secrets.has(k) && v ? WEBHOOK_MASK : v])),
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  /** The configuration to store: known fields only, text values, secrets kept when masked, URLs checked. */
  private async config(
    type: IntegrationType,
    raw: unknown,
    stored: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
      throw ApiError.field('VALIDATION', 'config', "'config' must be an object");
    const def = IntegrationTypes[type];
    const given = (raw ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(given).filter((k) => !(def.fields as readonly string[]).includes(k));
    if (unknown.length)
      throw ApiError.field(
        'VALIDATION',
        'config',
        `${def.title} has no field '${unknown[0].slice(0, 100)}'; its fields are ${def.fields.join(', ')}`,
      );
    const out: Record<string, unknown> = { ...stored };
    for (const [k, v] of Object.entries(given)) {
      if ((def.secrets as readonly string[]).includes(k) && v === WEBHOOK_MASK && stored[k] !== undefined) continue;
      if (k === 'events') {
        if (!Array.isArray(v) || v.length > 100 || v.some((e) => typeof e !== 'string' || e.length > 300))
          throw ApiError.field('VALIDATION', `config.${k}`, "'events' is a list of event names");
        out[k] = v;
        continue;
      }
      if (v === null || v === '') {
        delete out[k];
        continue;
      }
      if (typeof v !== 'string' || v.length > MAX_VALUE)
        throw ApiError.field('VALIDATION', `config.${k}`, `'${k}' must be text of at most ${MAX_VALUE} characters`);
      out[k] = URL_FIELDS.has(k) ? await checkUrl(v, this.ctx.config.remoteFetchPrivate) : v;
    }
    for (const s of def.secrets)
      if (!out[s]) throw ApiError.field('VALIDATION', `config.${s}`, `${def.title} needs '${s}' in its configuration`);
    return out;
  }

  async list(appId: string): Promise<Integration[]> {
    const rows = await this.repo.list(appId);
    return rows.map((r) => this.wire(r));
  }

  async create(appId: string, body: IntegrationInput): Promise<Integration> {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!NAME.test(name))
      throw ApiError.field(
        'VALIDATION',
        'name',
        "'name' is required: 1 to 100 letters, digits, spaces, _ . or -, starting with a letter or digit",
      );
    const type = String(body.type ?? '').toUpperCase();
    if (!(type in IntegrationTypes))
      throw ApiError.field(
        'VALIDATION',
        'type',
        `'type' is one of ${Object.keys(IntegrationTypes).join(', ')}, not '${String(body.type ?? '').slice(0, 40)}'`,
      );
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw ApiError.field('VALIDATION', 'enabled', "'enabled' is true or false");
    const config = await this.config(type as IntegrationType, body.config, {});
    if (await this.repo.get(appId, name)) throw ApiError.conflict(`An integration named '${name}' exists already`);
    if ((await this.repo.count(appId)) >= MAX_INTEGRATIONS)
      throw ApiError.badRequest(`An app keeps at most ${MAX_INTEGRATIONS} integrations; delete one first`);
    const now = Date.now();
    const row: IntegrationRow = {
      app_id: appId,
      name,
      type,
      enabled: body.enabled === false ? 0 : 1,
      config: this.box.seal(JSON.stringify(config)),
      created: now,
      updated: now,
    };
    await this.repo.insert(row);
    return this.wire(row);
  }

  async update(appId: string, name: string, body: IntegrationInput): Promise<Integration> {
    const row = await this.repo.get(appId, name);
    if (!row) throw ApiError.notFound(`No integration '${name.slice(0, 100)}' in this app`);
    if (body.type !== undefined && String(body.type).toUpperCase() !== row.type)
      throw ApiError.field('VALIDATION', 'type', "An integration's type cannot change; add a new one");
    if (body.name !== undefined && body.name !== name)
      throw ApiError.field('VALIDATION', 'name', "An integration's name cannot change; add a new one");
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw ApiError.field('VALIDATION', 'enabled', "'enabled' is true or false");
    const stored = JSON.parse(this.box.open(row.config)) as Record<string, unknown>;
    const config = await this.config(row.type as IntegrationType, body.config, stored);
    const change = {
      enabled: body.enabled === undefined ? Number(row.enabled) : body.enabled ? 1 : 0,
      config: this.box.seal(JSON.stringify(config)),
      updated: Date.now(),
    };
    await this.repo.update(appId, name, change);
    return this.wire({ ...row, ...change });
  }

  async remove(appId: string, name: string): Promise<{ success: boolean }> {
    if (!(await this.repo.remove(appId, name)))
      throw ApiError.notFound(`No integration '${name.slice(0, 100)}' in this app`);
    return { success: true };
  }
}
