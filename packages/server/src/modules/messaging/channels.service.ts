import crypto from 'node:crypto';
import type { DeviceRegistration, MessagingChannel, PublishAnswer, PublishedMessage } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Condition } from '../../realtime/index.js';
import { MessagingRepo, type ChannelRow, type DeviceRow, type MessageRow } from './messaging.repo.js';
import type { PushService } from './push.service.js';
import { PublishJobsRepo, type PublishJob } from './schedule/publish-jobs.repo.js';
import { readSchedule, type Schedule } from './schedule/schedule-input.js';

/** The channel every application starts with; it cannot be renamed or deleted. */
export const DEFAULT_CHANNEL = 'default';
/** Largest message (JSON of message, headers and options) accepted by publish. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Messages kept per channel for the console's history; older ones are pruned. */
export const MESSAGE_HISTORY = 1000;
/** Scheduled or repeating publishes an app may have waiting at once. */
export const MAX_PENDING_SCHEDULES = 1000;
const CHANNEL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
/** Literal path parts of the app and console messaging APIs; a channel of that name is unreachable. */
const RESERVED = new Set([
  'channels',
  'registrations',
  'push',
  'pushsize',
  'pushtemplates',
  'email',
  'button-templates',
  'channel-templates',
]);
const SETTINGS = { polling: true, rtmp: 0, websocket: 8888 };

export const newId = () => crypto.randomUUID().toUpperCase();

/**
 * Why a text cannot name a channel, or undefined when it can. The one rule for channel names: the
 * console's create and rename, and publish and subscribe (which create channels on first use).
 */
export function channelNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !CHANNEL_NAME.test(name))
    return 'A channel name is 1 to 100 letters, digits, _, . or -, starting with a letter or digit';
  if (RESERVED.has(name.toLowerCase())) return `'${name}' is a reserved name and cannot name a channel`;
  return undefined;
}

export function checkChannelName(name: unknown): string {
  const problem = channelNameProblem(name);
  if (problem) throw ApiError.field('BAD_REQUEST', 'name', problem);
  return name as string;
}

function channelOut(row: ChannelRow): MessagingChannel {
  return {
    channelid: row.id,
    name: row.name,
    settings: { ...SETTINGS, ...(JSON.parse(row.settings) as object) },
    created: row.created,
    updated: row.updated,
  };
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
  repeatExpiresAt?: unknown;
  templateValues?: unknown;
}

/** How a scheduled firing is stamped on the message subscribers receive. */
type Firing = { messageId: string; publishAt: number; repeatEvery: number; repeatExpiresAt: number };

/** Channels, their message history, publishing and device registrations. */
export class ChannelsService {
  readonly repo: MessagingRepo;
  readonly jobs: PublishJobsRepo;
  private publishes = 0;
  private lastOrderKey = 0;

  constructor(
    private readonly ctx: ServerContext,
    private readonly push: PushService,
  ) {
    this.repo = new MessagingRepo(ctx.dbs);
    this.jobs = new PublishJobsRepo(ctx.jobs);
  }

  /** Creates an app's `default` channel; app creation awaits it (ctx.appCreatedHooks). */
  async seedDefaultChannel(appId: string): Promise<void> {
    await this.channelForUse(appId, DEFAULT_CHANNEL);
  }

  /**
   * The channel a publish or a real-time subscription names. As in Backendless, a channel that does
   * not exist yet is created on first use, with the default settings; the caller's Publish or
   * Subscribe permission has been decided before (by name: a new channel has no rules of its own
   * yet, so the role-wide ones decide, as they will for the created channel). Two first uses at
   * once make one channel: the insert gives way to the row the other one wrote.
   */
  async channelForUse(appId: string, name: string): Promise<ChannelRow> {
    const found = await this.repo.channelByName(appId, name);
    if (found) return found;
    const row: ChannelRow = {
      id: newId(),
      app_id: appId,
      name: checkChannelName(name),
      settings: JSON.stringify(SETTINGS),
      created: Date.now(),
      updated: null,
    };
    if (await this.repo.insertChannelIfAbsent(row)) return row;
    const other = await this.repo.channelByName(appId, name);
    // Only a delete between the two statements leaves nothing; the caller may simply try again.
    if (!other) throw ApiError.conflict(`Channel '${name}' was deleted while it was being created; try again`);
    return other;
  }

  async list(appId: string): Promise<MessagingChannel[]> {
    return (await this.repo.listChannels(appId)).map(channelOut);
  }

  async create(appId: string, name: unknown): Promise<MessagingChannel> {
    const channelName = checkChannelName(name);
    if (await this.repo.channelByName(appId, channelName))
      throw ApiError.field('CONFLICT', 'name', `A channel named '${channelName}' already exists`);
    const row: ChannelRow = {
      id: newId(),
      app_id: appId,
      name: channelName,
      settings: JSON.stringify(SETTINGS),
      created: Date.now(),
      updated: null,
    };
    // A publish or subscription may create the same name meanwhile: a 409 then, not a unique violation.
    if (!(await this.repo.insertChannelIfAbsent(row)))
      throw ApiError.field('CONFLICT', 'name', `A channel named '${channelName}' already exists`);
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
    if (await this.repo.channelByName(appId, newName))
      throw ApiError.field('CONFLICT', 'name', `A channel named '${newName}' already exists`);
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
   * channel's devices. A channel that does not exist yet is created (see `channelForUse`), once the
   * input has passed its checks: a refused publish leaves no channel behind.
   */
  async publish(appId: string, channelName: string, input: PublishInput): Promise<PublishAnswer> {
    checkChannelName(channelName);
    const size = Buffer.byteLength(JSON.stringify(input ?? {}));
    if (size > MAX_MESSAGE_BYTES)
      throw ApiError.tooLarge(`A message may be at most ${MAX_MESSAGE_BYTES} bytes; this one is ${size}`);
    const headers = input.headers ?? {};
    if (typeof headers !== 'object' || Array.isArray(headers))
      throw ApiError.field('BAD_REQUEST', 'headers', 'headers must be an object');
    const schedule = readSchedule(input, Date.now());
    const channel = await this.channelForUse(appId, channelName);
    if (schedule) return this.schedule(appId, channel.name, input, schedule);
    return this.publishNow(appId, channel, input);
  }

  /**
   * Keeps a publish with a future publishAt or a repeatEvery as a job that the publish scheduler
   * fires when due (in whichever server process claims it first). The job id is the message id.
   */
  private async schedule(
    appId: string,
    channelName: string,
    input: PublishInput,
    schedule: Schedule,
  ): Promise<PublishAnswer> {
    if ((await this.jobs.countPending(appId)) >= MAX_PENDING_SCHEDULES) {
      throw ApiError.field(
        'BAD_REQUEST',
        'publishAt',
        `An application may have at most ${MAX_PENDING_SCHEDULES} scheduled publishes waiting; cancel some first`,
      );
    }
    const { publishAt: _at, repeatEvery: _every, repeatExpiresAt: _until, ...rest } = input;
    const id = newId();
    await this.jobs.insert({
      id,
      app_id: appId,
      channel_name: channelName,
      input: JSON.stringify(rest),
      next_at: schedule.firstAt,
      repeat_every_ms: schedule.repeatEveryMs,
      expires_at: schedule.expiresAt,
    });
    return { messageId: id, status: 'scheduled', errorMessage: null };
  }

  /** Publishes one claimed firing of a job: its first firing carries the job's id. */
  async fireScheduled(job: PublishJob): Promise<void> {
    const channel = await this.repo.channelByName(job.app_id, job.channel_name);
    if (!channel) {
      await this.jobs.recordError(job.id, `Channel '${job.channel_name}' no longer exists`);
      return;
    }
    await this.publishNow(job.app_id, channel, JSON.parse(job.input) as PublishInput, {
      messageId: job.fired === 0 ? job.id : newId(),
      publishAt: job.next_at,
      repeatEvery: job.repeat_every_ms ? job.repeat_every_ms / 1000 : 0,
      repeatExpiresAt: job.expires_at ?? 0,
    });
  }

  private async publishNow(
    appId: string,
    channel: ChannelRow,
    input: PublishInput,
    firing?: Firing,
  ): Promise<PublishAnswer> {
    const now = Date.now();
    const message: PublishedMessage = {
      messageId: firing?.messageId ?? newId(),
      timestamp: now,
      message: input.message ?? null,
      headers: input.headers ?? {},
      publisherId: input.publisherId ?? null,
      subtopic: input.subtopic ?? null,
      pushSinglecast: input.pushSinglecast ?? null,
      pushBroadcast: input.pushBroadcast ?? null,
      publishPolicy: input.publishPolicy ?? 'PUBSUB',
      templateValues: input.templateValues ?? null,
      query: null,
      publishAt: firing?.publishAt ?? 0,
      repeatEvery: firing?.repeatEvery ?? 0,
      repeatExpiresAt: firing?.repeatExpiresAt ?? 0,
    };
    const wantsPush =
      message.publishPolicy === 'PUSH' ||
      message.publishPolicy === 'BOTH' ||
      (input.publishPolicy == null && (input.pushBroadcast != null || input.pushSinglecast != null));
    let status = 'published';
    if (wantsPush) status = (await this.push.pushMessage(appId, channel.name, message)).status;
    // The history's order key never repeats within this process: two publishes in one millisecond
    // must still list newest first (message ids are random and cannot break the tie).
    this.lastOrderKey = Math.max(now, this.lastOrderKey + 1);
    const row: MessageRow = {
      id: message.messageId,
      app_id: appId,
      channel_id: channel.id,
      status,
      body: JSON.stringify(message),
      published: this.lastOrderKey,
    };
    await this.repo.insertMessage(row);
    if (message.publishPolicy !== 'PUSH')
      this.ctx.bus.emit('message.published', { appId, channel: channel.name, message });
    if (++this.publishes % 100 === 0) await this.repo.pruneMessages(channel.id, MESSAGE_HISTORY);
    return { messageId: message.messageId, status, errorMessage: null };
  }

  /** Cancels a scheduled or repeating publish (app API `cancel`). */
  async cancel(appId: string, messageId: string): Promise<boolean> {
    if (await this.jobs.cancel(appId, messageId, Date.now())) return true;
    const job = await this.jobs.byId(appId, messageId);
    if (!job) throw ApiError.notFound(`No scheduled message ${messageId}`);
    throw ApiError.field(
      'CONFLICT',
      'messageId',
      `Message ${messageId} is ${job.state === 'cancelled' ? 'cancelled already' : 'published and no longer scheduled'}`,
    );
  }

  async messageStatus(appId: string, messageId: string): Promise<PublishAnswer> {
    // A scheduled message is known by its job until its last firing.
    const job = await this.jobs.byId(appId, messageId);
    if (job && (job.state !== 'done' || job.last_error)) {
      return {
        messageId,
        status: job.state === 'pending' ? 'scheduled' : job.state === 'cancelled' ? 'cancelled' : 'failed',
        errorMessage: job.last_error,
      };
    }
    const row = await this.repo.messageById(appId, messageId);
    if (!row) throw ApiError.notFound(`Message ${messageId} not found`);
    return { messageId: row.id, status: row.status, errorMessage: null };
  }

  // Devices

  async devices(
    appId: string,
    channelId: string,
    where: Condition | undefined,
    offset: number,
    limit: number,
  ): Promise<DeviceRegistration[]> {
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
      objectId: r.id,
      deviceId: r.device_id,
      deviceToken: r.device_token,
      os: r.os,
      osVersion: r.os_version,
      channels: channels.get(r.id) ?? [],
      expiration: r.expiration,
      created: r.created,
      updated: r.updated,
    }));
  }
}
