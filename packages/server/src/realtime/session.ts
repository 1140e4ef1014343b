import type { Socket } from 'socket.io';
import type { ServerContext } from '../context.js';
import type { FanOut } from './fan-out.js';
import { checkRealtimeSubscribePermission, type RealtimeClient, type RealtimeTarget } from './permissions.js';
import { keyFor, type Subscription, type SubscriptionRegistry } from './subscriptions.js';
import { parseFilter, WhereSyntaxError, type Condition } from './where-filter.js';

/** What the session needs from the rest of the server. */
export interface SessionDeps {
  ctx: ServerContext;
  registry: SubscriptionRegistry;
  fanOut: FanOut;
  /** Whether the app has this channel (channels belong to messaging). */
  channelExists(appId: string, channel: string): Promise<boolean>;
}

/** Error sent in `SUB_RES`/`MET_RES`; the SDK reads `code` and `message`. */
interface WireError { code: string; message: string }

/** Refusal raised while handling a frame; becomes the frame's error answer. */
class Refusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const MAX_SUBSCRIPTIONS_PER_SOCKET = 500;
const MAX_NAME = 200;
const DATA_EVENTS = new Set(['created', 'updated', 'deleted']);
const CHANNEL_SUBSCRIPTIONS = new Set(['PUB_SUB_CONNECT', 'PUB_SUB_MESSAGES', 'PUB_SUB_COMMANDS', 'PUB_SUB_USERS']);

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME) throw new Refusal('BAD_REQUEST', `${what} must be a non-empty string of at most ${MAX_NAME} characters`);
  return value;
}

function filterOf(where: unknown, what: string): Condition | undefined {
  if (where === undefined || where === null || where === '') return undefined;
  if (typeof where !== 'string') throw new Refusal('BAD_REQUEST', `${what} must be a string`);
  try {
    return parseFilter(where);
  } catch (err) {
    if (err instanceof WhereSyntaxError) throw new Refusal('BAD_REQUEST', `Invalid ${what}: ${err.message}`);
    throw err;
  }
}

/**
 * One connected client speaking the real-time protocol of the `backendless` SDK: `SUB_ON` /
 * `SUB_OFF` / `MET_REQ` in, `SUB_READY` / `SUB_RES` / `MET_RES` out. Every subscription is checked
 * (channel exists, permission hook) before it is registered; a refused one gets `SUB_RES` with an
 * error, which makes the SDK drop it.
 */
export class RealtimeSession {
  /** Subscriptions whose checks are still running; `SUB_OFF` during that time cancels them. */
  private readonly pending = new Set<string>();

  constructor(private readonly deps: SessionDeps, private readonly socket: Socket, private readonly client: RealtimeClient) {
    socket.on('SUB_ON', (frame: unknown) => void this.subscribe(frame));
    socket.on('SUB_OFF', (frame: unknown) => this.unsubscribe(frame));
    socket.on('MET_REQ', (frame: unknown) => void this.method(frame));
    socket.on('disconnect', () => this.closed());
  }

  private async subscribe(frame: unknown): Promise<void> {
    const { id, name, options } = (frame ?? {}) as { id?: unknown; name?: unknown; options?: Record<string, unknown> };
    if (typeof id !== 'string' || id.length === 0 || id.length > 100) return;
    this.pending.add(id);
    try {
      const sub = await this.build(id, text(name, 'Subscription name'), options ?? {});
      if (!this.pending.has(id) || !this.socket.connected) return;
      this.deps.registry.add(sub);
      this.socket.emit('SUB_READY', { id });
      if (name === 'PUB_SUB_CONNECT' && sub.channel) this.userStatus(sub.channel, 'JOINED');
    } catch (err) {
      this.socket.emit('SUB_RES', { id, error: this.wireError(err) });
    } finally {
      this.pending.delete(id);
    }
  }

  private async build(id: string, name: string, options: Record<string, unknown>): Promise<Subscription> {
    const { appId } = this.client;
    if (this.deps.registry.countForSocket(this.socket.id) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new Refusal('LIMIT', `A connection may hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions`);
    }
    const base = { id, socket: this.socket, appId, name };
    if (CHANNEL_SUBSCRIPTIONS.has(name)) {
      const channel = text(options.channel, 'channel');
      await this.allowChannel(channel);
      const filter = name === 'PUB_SUB_MESSAGES' ? filterOf(options.selector, 'selector') : undefined;
      return { ...base, key: keyFor.channel(appId, name, channel), channel, filter };
    }
    if (name === 'OBJECTS_CHANGES') {
      const table = text(options.tableName, 'tableName');
      const event = text(options.event, 'event');
      if (!DATA_EVENTS.has(event)) {
        throw new Refusal('NOT_AVAILABLE_YET', `Data-change event '${event}' is not available yet: subscribe to created, updated or deleted`);
      }
      const filter = filterOf(options.whereClause, 'whereClause');
      await this.allow({ kind: 'table', table });
      return { ...base, key: keyFor.table(appId, table, event), table, filter };
    }
    throw new Refusal('NOT_AVAILABLE_YET', `Real-time subscription '${name}' is not available yet`);
  }

  private async allowChannel(channel: string): Promise<void> {
    if (!(await this.deps.channelExists(this.client.appId, channel))) throw new Refusal('NOT_FOUND', `Channel '${channel}' does not exist`);
    await this.allow({ kind: 'channel', channel });
  }

  private async allow(target: RealtimeTarget): Promise<void> {
    const answer = await checkRealtimeSubscribePermission(this.deps.ctx, this.client, target);
    if (!answer.allowed) throw new Refusal('FORBIDDEN', answer.message);
  }

  private unsubscribe(frame: unknown): void {
    const id = (frame as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    this.pending.delete(id);
    const sub = this.deps.registry.remove(this.socket.id, id);
    if (sub?.name === 'PUB_SUB_CONNECT' && sub.channel) this.userStatus(sub.channel, 'LEAVED');
  }

  private async method(frame: unknown): Promise<void> {
    const { id, name, options } = (frame ?? {}) as { id?: unknown; name?: unknown; options?: Record<string, unknown> };
    if (typeof id !== 'string' || id.length === 0 || id.length > 100) return;
    try {
      const result = await this.run(text(name, 'Method name'), options ?? {});
      this.socket.emit('MET_RES', { id, result });
    } catch (err) {
      this.socket.emit('MET_RES', { id, error: this.wireError(err) });
    }
  }

  private async run(name: string, options: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'SET_USER_TOKEN': {
        const token = options.userToken;
        this.client.userToken = typeof token === 'string' && token !== 'null' && token.length <= 500 ? token : null;
        await this.recheck();
        return null;
      }
      case 'PUB_SUB_COMMAND': {
        const channel = text(options.channel, 'channel');
        await this.allowChannel(channel);
        const command = { type: options.type ?? null, data: options.data ?? null, connectionId: this.socket.id, userId: null };
        this.deps.fanOut.publish({ kind: 'command', appId: this.client.appId, channel, command });
        return null;
      }
      default:
        throw new Refusal('NOT_AVAILABLE_YET', `Real-time method '${name}' is not available yet`);
    }
  }

  /** After a token change the permission hook may answer differently: drop what is now refused. */
  private async recheck(): Promise<void> {
    for (const sub of this.deps.registry.listSocket(this.socket.id)) {
      const target: RealtimeTarget = sub.channel ? { kind: 'channel', channel: sub.channel } : { kind: 'table', table: sub.table ?? '' };
      const answer = await checkRealtimeSubscribePermission(this.deps.ctx, this.client, target);
      if (answer.allowed) continue;
      this.deps.registry.remove(this.socket.id, sub.id);
      this.socket.emit('SUB_RES', { id: sub.id, error: { code: 'FORBIDDEN', message: answer.message } });
    }
  }

  private userStatus(channel: string, status: 'JOINED' | 'LEAVED'): void {
    this.deps.fanOut.publish({
      kind: 'user-status', appId: this.client.appId, channel,
      status: { status, data: [{ connectionId: this.socket.id, userId: null }] },
    });
  }

  private closed(): void {
    this.pending.clear();
    for (const sub of this.deps.registry.removeSocket(this.socket.id)) {
      if (sub.name === 'PUB_SUB_CONNECT' && sub.channel) this.userStatus(sub.channel, 'LEAVED');
    }
  }

  private wireError(err: unknown): WireError {
    if (err instanceof Refusal) return { code: err.code, message: err.message };
    this.deps.ctx.log.error({ err }, 'real-time frame failed');
    return { code: 'INTERNAL', message: 'Internal server error' };
  }
}
