import crypto from 'node:crypto';
import type { DeviceRegistration, MessagingChannel, PublishedMessage } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Condition } from '../../realtime/index.js';
import { MessagingRepo, type ChannelRow, type DeviceRow, type MessageRow } from './messaging.repo.js';
import type { PushService } from './push.service.js';

/** The channel every application starts with; it cannot be renamed or deleted. */
export const DEFAULT_CHANNEL = 'default';
/** Largest message (JSON of message, headers and options) accepted by publish. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Messages kept per channel for the console's history; older ones are pruned. */
export const MESSAGE_HISTORY = 1000;
const CHANNEL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
/** Literal path parts of the app and console messaging APIs; a channel of that name is unreachable. */
const RESERVED = new Set(['channels', 'registrations', 'push', 'pushsize', 'pushtemplates', 'email', 'button-templates', 'channel-templates']);
const SETTINGS = { polling: true, rtmp: 0, websocket: 8888 };

export const newId = () => crypto.randomUUID().toUpperCase();

export function checkChannelName(name: unknown): string {
  if (typeof name !== 'string' || !CHANNEL_NAME.test(name)) {
    throw ApiError.badRequest('A channel name is 1 to 100 letters, digits, _, . or -, starting with a letter or digit', { field: 'name' });
  }
  if (RESERVED.has(name.toLowerCase())) throw ApiError.badRequest(`'${name}' is a reserved name and cannot name a channel`, { field: 'name' });
  return name;
}

function channelOut(row: ChannelRow): MessagingChannel {
  return { channelid: row.id, name: row.name, settings: { ...SETTINGS, ...(JSON.parse(row.settings) as object) }, created: row.created, updated: row.updated };
}

export interface PublishInput {
  message?: unknown;
  publisherId?: string | null;
  headers?: Record<string, unknown> | null;
  subtopic?: string | null;
  publishPolicy?: 'PUSH' | 'PUBSUB' | 'BOTH' | null;
  pushBroadcast?: unknown;
  pushSinglecast?: unknown;
  publishAt?: number | null;
  repeatEvery?: unknown;
  templateValues?: unknown;
}

/** Channels, their message history, publishing and device registrations. */
export class ChannelsService {
  readonly repo: MessagingRepo;
  private publishes = 0;

  constructor(private readonly ctx: ServerContext, private readonly push: PushService) {
    this.repo = new MessagingRepo(ctx.dbs);
  }

  /** Creates an app's `default` channel; app creation awaits it (ctx.appCreatedHooks). */
  async seedDefaultChannel(appId: string): Promise<void> {
    if (await this.repo.channelByName(appId, DEFAULT_CHANNEL)) return;
    await this.repo.insertChannel({ id: newId(), app_id: appId, name: DEFAULT_CHANNEL, settings: JSON.stringify(SETTINGS), created: Date.now(), updated: null });
  }

  async list(appId: string): Promise<MessagingChannel[]> {
    return (await this.repo.listChannels(appId)).map(channelOut);
  }

  async create(appId: string, name: unknown): Promise<MessagingChannel> {
    const channelName = checkChannelName(name);
    if (await this.repo.channelByName(appId, channelName)) throw ApiError.conflict(`A channel named '${channelName}' already exists`, { field: 'name' });
    const row: ChannelRow = { id: newId(), app_id: appId, name: channelName, settings: JSON.stringify(SETTINGS), created: Date.now(), updated: null };
    await this.repo.insertChannel(row);
    return channelOut(row);
  }

  async channel(appId: string, channelId: string): Promise<ChannelRow> {
    const row = await this.repo.channelById(appId, channelId);
    if (!row) throw ApiError.notFound(`Channel ${channelId} not found`);
    return row;
  }

  async rename(appId: string, channelId: string, name: unknown): Promise<MessagingChannel> {
    const row = await this.channel(appId, channelId);
    const newName = checkChannelName(name);
    if (newName === row.name) return channelOut(row);
    if (row.name === DEFAULT_CHANNEL) throw ApiError.badRequest('The default channel cannot be renamed');
    if (await this.repo.channelByName(appId, newName)) throw ApiError.conflict(`A channel named '${newName}' already exists`, { field: 'name' });
    const updated = Date.now();
    await this.repo.updateChannel(appId, channelId, { name: newName, updated });
    // Devices registered on the channel follow it to its new name.
    await this.repo.renameDeviceChannel(appId, row.name, newName);
    return channelOut({ ...row, name: newName, updated });
  }

  async delete(appId: string, channelId: string): Promise<void> {
    const row = await this.channel(appId, channelId);
    if (row.name === DEFAULT_CHANNEL) throw ApiError.badRequest('The default channel cannot be deleted');
    await this.repo.deleteChannel(appId, channelId);
  }

  async channelExists(appId: string, name: string): Promise<boolean> {
    return !!(await this.repo.channelByName(appId, name));
  }

  async messages(appId: string, channelId: string, offset: number, limit: number): Promise<PublishedMessage[]> {
    const channel = await this.channel(appId, channelId);
    return (await this.repo.listMessages(channel.id, offset, limit)).map((r) => JSON.parse(r.body) as PublishedMessage);
  }

  async countMessages(appId: string, channelId: string): Promise<number> {
    return this.repo.countMessages((await this.channel(appId, channelId)).id);
  }

  /**
   * Publishes to a channel: the message is kept in the channel's history, delivered to every
   * real-time subscriber (through the event bus) and, when the options ask for it, pushed to the
   * channel's devices.
   */
  async publish(appId: string, channelName: string, input: PublishInput): Promise<{ messageId: string; status: string; errorMessage: string | null }> {
    const channel = await this.repo.channelByName(appId, channelName);
    if (!channel) throw ApiError.notFound(`Channel '${channelName}' does not exist`);
    const size = Buffer.byteLength(JSON.stringify(input ?? {}));
    if (size > MAX_MESSAGE_BYTES) throw ApiError.tooLarge(`A message may be at most ${MAX_MESSAGE_BYTES} bytes; this one is ${size}`);
    const now = Date.now();
    if ((typeof input.publishAt === 'number' && input.publishAt > now + 1000) || (input.repeatEvery !== undefined && input.repeatEvery !== null && input.repeatEvery !== 0)) {
      throw ApiError.badRequest('Scheduled and repeated publishing (publishAt, repeatEvery) is not available yet: publish without them');
    }
    const headers = input.headers ?? {};
    if (typeof headers !== 'object' || Array.isArray(headers)) throw ApiError.badRequest('headers must be an object', { field: 'headers' });
    const message: PublishedMessage = {
      messageId: newId(),
      timestamp: now,
      message: input.message ?? null,
      headers,
      publisherId: input.publisherId ?? null,
      subtopic: input.subtopic ?? null,
      pushSinglecast: input.pushSinglecast ?? null,
      pushBroadcast: input.pushBroadcast ?? null,
      publishPolicy: input.publishPolicy ?? 'PUBSUB',
      templateValues: input.templateValues ?? null,
      query: null,
      publishAt: 0,
      repeatEvery: 0,
      repeatExpiresAt: 0,
    };
    const wantsPush = message.publishPolicy === 'PUSH' || message.publishPolicy === 'BOTH'
      || (input.publishPolicy == null && (input.pushBroadcast != null || input.pushSinglecast != null));
    let status = 'published';
    if (wantsPush) status = (await this.push.pushMessage(appId, channel.name, message)).status;
    const row: MessageRow = { id: message.messageId, app_id: appId, channel_id: channel.id, status, body: JSON.stringify(message), published: now };
    await this.repo.insertMessage(row);
    if (message.publishPolicy !== 'PUSH') this.ctx.bus.emit('message.published', { appId, channel: channel.name, message });
    if (++this.publishes % 100 === 0) await this.repo.pruneMessages(channel.id, MESSAGE_HISTORY);
    return { messageId: message.messageId, status, errorMessage: null };
  }

  async messageStatus(appId: string, messageId: string): Promise<{ messageId: string; status: string; errorMessage: string | null }> {
    const row = await this.repo.messageById(appId, messageId);
    if (!row) throw ApiError.notFound(`Message ${messageId} not found`);
    return { messageId: row.id, status: row.status, errorMessage: null };
  }

  // Devices

  async devices(appId: string, channelId: string, where: Condition | undefined, offset: number, limit: number): Promise<DeviceRegistration[]> {
    const channel = await this.channel(appId, channelId);
    return this.describe(await this.repo.listDevices(appId, { channel: channel.name, where }, offset, limit));
  }

  async countDevices(appId: string, channelId: string, where: Condition | undefined): Promise<number> {
    const channel = await this.channel(appId, channelId);
    return this.repo.countDevices(appId, { channel: channel.name, where });
  }

  async removeDevices(appId: string, channelId: string, ids: string[]): Promise<{ removed: number }> {
    const channel = await this.channel(appId, channelId);
    return { removed: await this.repo.removeFromChannel(appId, channel.name, ids) };
  }

  async describe(rows: DeviceRow[]): Promise<DeviceRegistration[]> {
    const channels = await this.repo.channelsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      objectId: r.id, deviceId: r.device_id, deviceToken: r.device_token, os: r.os, osVersion: r.os_version,
      channels: channels.get(r.id) ?? [], expiration: r.expiration, created: r.created, updated: r.updated,
    }));
  }
}
