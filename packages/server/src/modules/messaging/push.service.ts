import type { MessagingTemplate, PublishedMessage, PushOutboxEntry, PushResult } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { MessagingRepo, type DeviceFilter, type DeviceRow, type OutboxRow } from './messaging.repo.js';
import { newId } from './channels.service.js';
import { parseDeviceWhere } from './device-where.js';
import { hasControlCharacters } from './devices.service.js';
import {
  createProvider,
  providerForOs,
  validateProviderConfig,
  type PushDelivery,
  type PushProvider,
} from './push-providers.js';
import { SecretBox } from '../../http/secret-box.js';

export type TemplateKind = 'push' | 'button' | 'channel';
const MAX_TEMPLATE_BYTES = 64 * 1024;
/** Platforms as the app API registers them (`os`, upper-cased by the SDK). */
const PLATFORMS = ['IOS', 'ANDROID', 'WP', 'OSX', 'JS'];
/** The SDK's broadcast mask bits. */
const BROADCAST_BITS: Record<string, number> = { IOS: 1, ANDROID: 2, WP: 4, OSX: 8 };
/** Deliveries claimed per round when credentials arrive; rounds repeat until none waits. */
export const RETRY_BATCH = 200;

export interface SendPushInput {
  name?: string;
  channelName?: string;
  platforms?: string[];
  message?: unknown;
  where?: string;
  options?: Record<string, unknown>;
}

function outboxOut(r: OutboxRow): PushOutboxEntry {
  return {
    objectId: r.id,
    messageId: r.message_id,
    deviceId: r.device_id,
    os: r.os,
    provider: r.provider,
    status: r.status as PushOutboxEntry['status'],
    error: r.error,
    payload: JSON.parse(r.payload),
    created: r.created,
    updated: r.updated,
  };
}

/** What a notification says, from a console push message (text or {title, body, ...}). */
function notification(message: unknown): Pick<PushDelivery['payload'], 'title' | 'body' | 'data'> {
  if (message === null || message === undefined) return {};
  if (typeof message !== 'object') return { body: String(message) };
  const m = message as Record<string, unknown>;
  const text = (v: unknown) =>
    v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
  const { title, body, message: inner, ...data } = m;
  return { title: text(title), body: text(body ?? inner), ...(Object.keys(data).length ? { data } : {}) };
}

/** The job kind that sends deliveries which waited for credentials (decision 0033). */
export const PUSH_RETRY_JOB = 'messaging.push-retry';

/** Push templates and options, push sending through providers, and the delivery outbox. */
export class PushService {
  readonly repo: MessagingRepo;
  /** Deliveries being sent; shutdown waits for them so no outcome goes unrecorded. */
  private readonly inflight = new Set<Promise<void>>();
  private closing = false;
  readonly secrets: SecretBox;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new MessagingRepo(ctx.dbs);
    this.secrets = new SecretBox(ctx.config.dataDir);
  }

  async drain(): Promise<void> {
    // Retry loops stop between batches; what they already claimed is finished and recorded.
    this.closing = true;
    await Promise.allSettled([...this.inflight]);
  }

  private background(work: Promise<void>): void {
    const job = work
      .catch((err: unknown) => this.ctx.log.error({ err }, 'push delivery failed'))
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  // Templates (push, button and channel templates share one store)

  private checkName(name: unknown): string {
    if (
      typeof name !== 'string' ||
      name.length < 1 ||
      name.length > 100 ||
      /[/\\]/.test(name) ||
      hasControlCharacters(name)
    )
      throw ApiError.field(
        'BAD_REQUEST',
        'name',
        'A template name is 1 to 100 characters without control characters or slashes',
      );
    return name;
  }

  private platformOf(kind: TemplateKind, platform: unknown): string {
    if (kind === 'push') return '';
    if (typeof platform !== 'string' || !platform.trim())
      throw ApiError.field(
        'BAD_REQUEST',
        'platform',
        `The ${kind} template's platform is required (query or body 'platform')`,
      );
    return platform.trim().toUpperCase();
  }

  async templates(appId: string, kind: TemplateKind, platform?: string): Promise<MessagingTemplate[]> {
    // Without a platform, button and channel templates of every platform are listed.
    const rows =
      kind !== 'push' && !platform
        ? (await Promise.all(PLATFORMS.map((p) => this.repo.listTemplates(appId, kind, p)))).flat()
        : await this.repo.listTemplates(appId, kind, this.platformOf(kind, platform));
    return rows.map((r) => JSON.parse(r.body) as MessagingTemplate);
  }

  async template(appId: string, kind: TemplateKind, name: string, platform?: string): Promise<MessagingTemplate> {
    const row = await this.repo.template(appId, kind, this.platformOf(kind, platform), name);
    if (!row) throw ApiError.notFound(`Template '${name}' not found`);
    return JSON.parse(row.body) as MessagingTemplate;
  }

  private encode(doc: Record<string, unknown>, name: string, platform: string, kind: TemplateKind): string {
    const body = JSON.stringify({ ...doc, name, ...(kind !== 'push' ? { platform } : {}) });
    if (Buffer.byteLength(body) > MAX_TEMPLATE_BYTES)
      throw ApiError.tooLarge(`A template may be at most ${MAX_TEMPLATE_BYTES} bytes`);
    return body;
  }

  async createTemplate(
    appId: string,
    kind: TemplateKind,
    doc: Record<string, unknown>,
    platformArg?: string,
  ): Promise<MessagingTemplate> {
    const name = this.checkName(doc.name);
    const platform = this.platformOf(kind, platformArg ?? doc.platform);
    if (await this.repo.template(appId, kind, platform, name))
      throw ApiError.field('CONFLICT', 'name', `A template named '${name}' already exists`);
    const body = this.encode(doc, name, platform, kind);
    await this.repo.insertTemplate({ app_id: appId, kind, platform, name, body, created: Date.now(), updated: null });
    return JSON.parse(body) as MessagingTemplate;
  }

  async updateTemplate(
    appId: string,
    kind: TemplateKind,
    current: string,
    doc: Record<string, unknown>,
    platformArg?: string,
  ): Promise<MessagingTemplate> {
    const platform = this.platformOf(kind, platformArg ?? doc.platform);
    if (!(await this.repo.template(appId, kind, platform, current)))
      throw ApiError.notFound(`Template '${current}' not found`);
    const name = this.checkName(doc.name ?? current);
    if (name !== current && (await this.repo.template(appId, kind, platform, name)))
      throw ApiError.field('CONFLICT', 'name', `A template named '${name}' already exists`);
    const body = this.encode(doc, name, platform, kind);
    await this.repo.updateTemplate(appId, kind, platform, current, { name, body, updated: Date.now() });
    return JSON.parse(body) as MessagingTemplate;
  }

  async deleteTemplates(
    appId: string,
    kind: TemplateKind,
    names: string[],
    platformArg?: string,
  ): Promise<{ deleted: number }> {
    const list = names.map((n) => n.trim()).filter(Boolean);
    if (!list.length) throw ApiError.field('BAD_REQUEST', 'names', 'Name at least one template');
    const deleted = await this.repo.deleteTemplates(appId, kind, this.platformOf(kind, platformArg), list);
    if (!deleted) throw ApiError.notFound(`No template named ${list.map((n) => `'${n}'`).join(', ')}`);
    return { deleted };
  }

  // Recipients and sending

  async recipientsCount(appId: string, where?: string): Promise<number> {
    return this.repo.countDevices(appId, { where: parseDeviceWhere(where), activeAt: Date.now() });
  }

  /** Console push: to a channel's devices or a where over devices, optionally from a template. */
  async send(appId: string, input: SendPushInput): Promise<PushResult> {
    let spec: SendPushInput = input;
    if (input.name) {
      const row = await this.repo.template(appId, 'push', '', input.name);
      if (row)
        spec = {
          ...(JSON.parse(row.body) as SendPushInput),
          ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
        };
    }
    const platforms = (spec.platforms ?? []).map((p) => String(p).toUpperCase());
    const filter: DeviceFilter = { where: parseDeviceWhere(spec.where), platforms, activeAt: Date.now() };
    if (spec.channelName) filter.channel = spec.channelName;
    if (!spec.channelName && !spec.where)
      throw ApiError.field(
        'BAD_REQUEST',
        'channelName',
        'Say who receives the push: a channelName or a where over devices',
      );
    if (spec.message === undefined || spec.message === '')
      throw ApiError.field('BAD_REQUEST', 'message', 'The push needs a message');
    const options = spec.options ?? {};
    return this.deliver(appId, newId(), filter, (os) => ({
      ...notification(spec.message),
      options: options[os.toLowerCase()] as Record<string, unknown> | undefined,
    }));
  }

  /** Push half of a publish whose policy asks for it: the channel's devices, by mask or ids. */
  async pushMessage(appId: string, channel: string, message: PublishedMessage): Promise<PushResult> {
    const filter: DeviceFilter = { channel, activeAt: Date.now() };
    if (Array.isArray(message.pushSinglecast)) filter.deviceIds = message.pushSinglecast.map(String);
    if (typeof message.pushBroadcast === 'number') {
      const mask = message.pushBroadcast;
      filter.platforms = Object.entries(BROADCAST_BITS)
        .filter(([, bit]) => (mask & bit) !== 0)
        .map(([os]) => os);
      if (!filter.platforms.length) filter.deviceIds = [];
    }
    const content = notification(message.message);
    return this.deliver(appId, message.messageId, filter, () => ({
      ...content,
      data: { ...(content.data ?? {}), ...message.headers },
    }));
  }

  /**
   * Writes one outbox row per recipient, then hands the rows whose provider is configured to it.
   * Rows without credentials stay in the outbox with status `no-credentials` (never dropped).
   */
  private async deliver(
    appId: string,
    messageId: string,
    filter: DeviceFilter,
    payloadFor: (os: string) => PushDelivery['payload'],
  ): Promise<PushResult> {
    const providers = await this.providers(appId);
    const now = Date.now();
    const rows: OutboxRow[] = [];
    for (let offset = 0; ; offset += 1000) {
      const devices: DeviceRow[] = await this.repo.listDevices(appId, filter, offset, 1000);
      for (const d of devices) {
        const provider = providerForOs(d.os);
        const ready = providers.has(provider);
        rows.push({
          id: newId(),
          app_id: appId,
          message_id: messageId,
          device_id: d.device_id,
          device_token: d.device_token,
          os: d.os,
          provider,
          status: ready ? 'pending' : 'no-credentials',
          error: ready ? null : `${provider} is not configured for this application: the delivery waits in the outbox`,
          payload: JSON.stringify(payloadFor(d.os)),
          created: now,
          updated: null,
        });
      }
      if (devices.length < 1000) break;
    }
    await this.repo.insertOutbox(rows);
    const pending = rows.filter((r) => r.status === 'pending');
    if (pending.length) this.background(this.flush(pending, providers));
    return {
      messageId,
      status: rows.length ? 'scheduled' : 'published',
      errorMessage: null,
      recipients: rows.length,
      waitingForCredentials: rows.length - pending.length,
    };
  }

  /** Sends pending deliveries a few at a time and records each outcome in the outbox. */
  private async flush(rows: OutboxRow[], providers: Map<string, PushProvider>): Promise<void> {
    const queue = [...rows];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const provider = providers.get(row.provider)!;
        let result;
        try {
          result = await provider.send({ deviceToken: row.device_token, os: row.os, payload: JSON.parse(row.payload) });
        } catch (err) {
          result = { ok: false as const, error: err instanceof Error ? err.message : String(err) };
        }
        await this.repo
          .updateOutbox(row.id, {
            status: result.ok ? 'sent' : 'failed',
            error: result.ok ? null : result.error.slice(0, 2000),
            updated: Date.now(),
          })
          .catch((err: unknown) => this.ctx.log.error({ err }, 'push outbox update failed'));
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }

  private async providers(appId: string): Promise<Map<string, PushProvider>> {
    const out = new Map<string, PushProvider>();
    for (const row of await this.repo.providerConfigs(appId)) {
      const provider = createProvider(row.provider, this.readConfig(row.config), {
        allowPrivate: this.ctx.config.remoteFetchPrivate,
      });
      if (provider) out.set(row.provider, provider);
    }
    return out;
  }

  /** A stored provider configuration, decrypted. */
  readConfig(stored: string): Record<string, unknown> {
    return JSON.parse(this.secrets.open(stored)) as Record<string, unknown>;
  }

  /**
   * Stores a provider's credentials (encrypted), keeping the row's id across replacements, then
   * sends in the background the deliveries that waited for them. Answers the row id.
   */
  async setProviderConfig(appId: string, provider: string, config: unknown): Promise<string> {
    const name = provider.toUpperCase();
    const checked = validateProviderConfig(name, config);
    const id = (await this.repo.providerConfig(appId, name))?.id ?? newId();
    await this.repo.saveProviderConfig(appId, name, this.secrets.seal(JSON.stringify(checked)), Date.now(), id);
    await this.retryWaiting(appId, name);
    return id;
  }

  /**
   * Sends the deliveries of one provider that waited for credentials, as a job of the general
   * scheduler (PUSH_RETRY_JOB, at least once): whichever process claims it sweeps the outbox, and
   * if that process stops or dies mid-sweep another one takes the job over. Each delivery is
   * claimed by its own status change, so two sweeps never send one twice.
   */
  async retryWaiting(appId: string, provider: string): Promise<void> {
    await this.ctx.jobs.add({ kind: PUSH_RETRY_JOB, appId, payload: { provider }, runAt: Date.now() });
  }

  /** The sweep itself, run by the job. Throws when the process stops meanwhile, so the job is not counted done. */
  async sweepWaiting(appId: string, provider: string): Promise<void> {
    const providers = await this.providers(appId);
    if (!providers.has(provider)) return;
    for (;;) {
      if (this.closing) throw new Error('The server is stopping: the rest of the sweep is left to another process');
      const batch = await this.repo.outboxByStatus(appId, provider, 'no-credentials', RETRY_BATCH);
      if (!batch.length) return;
      const mine: OutboxRow[] = [];
      for (const row of batch) if (await this.repo.claimOutbox(row.id, 'no-credentials', Date.now())) mine.push(row);
      await this.flush(mine, providers);
    }
  }

  /** The console's Retry on one failed or waiting delivery: claims it and sends it again. */
  async retryDelivery(appId: string, id: string): Promise<PushOutboxEntry> {
    const row = await this.repo.outboxById(appId, id);
    if (!row) throw ApiError.notFound(`Delivery ${id} not found`);
    if (row.status !== 'failed' && row.status !== 'no-credentials') {
      throw ApiError.field(
        'CONFLICT',
        'deliveryId',
        `Only failed or waiting deliveries can be retried; this one is ${row.status}`,
      );
    }
    const providers = await this.providers(appId);
    if (!providers.has(row.provider)) {
      throw ApiError.field(
        'CONFLICT',
        'provider',
        `${row.provider} credentials are not configured: add them in Settings › Mobile, then retry`,
      );
    }
    if (!(await this.repo.claimOutbox(row.id, row.status, Date.now())))
      throw ApiError.field('CONFLICT', 'deliveryId', 'The delivery changed meanwhile: reload the outbox');
    this.background(this.flush([row], providers));
    return outboxOut({ ...row, status: 'pending', error: null, updated: Date.now() });
  }

  async outbox(appId: string, status: string | undefined, offset: number, limit: number): Promise<PushOutboxEntry[]> {
    return (await this.repo.listOutbox(appId, status, offset, limit)).map(outboxOut);
  }

  countOutbox(appId: string, status?: string): Promise<number> {
    return this.repo.countOutbox(appId, status);
  }
}
