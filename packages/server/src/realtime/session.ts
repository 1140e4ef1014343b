import type { Socket } from 'socket.io';
import type { ServerContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import type { FanOut } from './fan-out.js';
import type { RealtimeOptions } from './realtime-server.js';
import { channelText, nestsTooDeep, Refusal, text, TOO_DEEP, type WireError } from './frames.js';
import {
  checkRealtimeSubscribePermission,
  sharedObjectUser,
  SubscriberViews,
  type RealtimeClient,
  type RealtimeTarget,
} from './permissions.js';
import { runSharedObjectMethod, SHARED_OBJECT_METHODS } from './shared-object-methods.js';
import type { SharedObjects } from './shared-objects.js';
import { planSubscription, targetOf } from './subscription-builder.js';
import type { Subscription, SubscriptionRegistry } from './subscriptions.js';
import { hiddenNamed } from './where-filter.js';

/** What the session needs from the rest of the server. */
export interface SessionDeps {
  ctx: ServerContext;
  registry: SubscriptionRegistry;
  fanOut: FanOut;
  sharedObjects: SharedObjects;
  /** Channel names and creation on first use (channels belong to messaging). */
  channels: RealtimeOptions;
}

const MAX_SUBSCRIPTIONS_PER_SOCKET = 500;

/**
 * One connected client speaking the real-time protocol of the `backendless` SDK: `SUB_ON` /
 * `SUB_OFF` / `MET_REQ` in, `SUB_READY` / `SUB_RES` / `MET_RES` out. Every subscription is checked
 * (channel name, permission hook; a new channel is then created) before it is registered; a
 * refused one gets `SUB_RES` with an error, which makes the SDK drop it.
 */
export class RealtimeSession {
  /** Subscriptions whose checks are still running; `SUB_OFF` during that time cancels them. */
  private readonly pending = new Set<string>();
  /** What this client may see of each table, shared by its table subscriptions (permissions.ts). */
  private readonly views: SubscriberViews;

  constructor(
    private readonly deps: SessionDeps,
    private readonly socket: Socket,
    private readonly client: RealtimeClient,
  ) {
    this.views = new SubscriberViews(deps.ctx, client);
    // Before any handler: a frame nested deeper than an HTTP body may be is answered with an error
    // and dropped (the connection stays), before recursive code (JSON.stringify of a shared-object
    // value, a where filter) could overflow the stack on it.
    socket.use((packet, next) => {
      if (!packet.slice(1).some((arg) => nestsTooDeep(arg))) return next();
      this.refuseFrame(packet[0], packet[1]);
    });
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
      this.presence(sub, 'JOINED');
    } catch (err) {
      this.socket.emit('SUB_RES', { id, error: this.wireError(err) });
    } finally {
      this.pending.delete(id);
    }
  }

  private async build(id: string, name: string, options: Record<string, unknown>): Promise<Subscription> {
    if (this.deps.registry.countForSocket(this.socket.id) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new Refusal('LIMIT', `A connection may hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions`);
    }
    const { sub, target } = planSubscription(
      { socket: this.socket, appId: this.client.appId, clientId: this.client.clientId },
      id,
      name,
      options,
    );
    if (target.kind === 'channel') await this.allowChannel(target.channel);
    else if (target.kind === 'shared-object') sub.userId = (await this.sharedObjectSender()).userId;
    else {
      await this.allow(target);
      await this.allowTable(sub, target.table);
    }
    return sub;
  }

  /**
   * A table subscription's events are cut to what the client may Find (subscriptions.ts). Its where
   * clause may not name a column hidden from the client, as a find may not: it would tell values of
   * that column by which events arrive.
   */
  private async allowTable(sub: Subscription, table: string): Promise<void> {
    sub.access = this.views;
    const hidden = hiddenNamed(sub.filter, (await this.views.load(table)).hidden);
    if (hidden) throw new Refusal('FORBIDDEN', `Permission denied: column '${hidden}' of table '${table}' is hidden`);
  }

  /**
   * A channel subscription or command: the name must be one a channel may have, the client needs
   * Subscribe, and then a channel that does not exist yet is created (as a publish creates it). A
   * client refused Subscribe by the role-wide rules therefore creates nothing.
   */
  private async allowChannel(channel: string): Promise<void> {
    const problem = this.deps.channels.channelNameProblem(channel);
    if (problem) throw new Refusal('BAD_REQUEST', problem);
    await this.allow({ kind: 'channel', channel });
    await this.deps.channels.openChannel(this.client.appId, channel);
  }

  private async allow(target: RealtimeTarget): Promise<void> {
    const answer = await checkRealtimeSubscribePermission(this.deps.ctx, this.client, target);
    if (!answer.allowed) throw new Refusal('FORBIDDEN', answer.message);
  }

  /** The shared-object permission rule (see permissions.ts) and who the sender is. */
  private async sharedObjectSender(): Promise<{ appId: string; connectionId: string; userId: string | null }> {
    const answer = await sharedObjectUser(this.deps.ctx, this.client);
    if (!answer.allowed) throw new Refusal('FORBIDDEN', answer.message);
    return { appId: this.client.appId, connectionId: this.socket.id, userId: answer.userId };
  }

  /** Answers a refused frame where the protocol has an answer for it (SUB_ON, MET_REQ). */
  private refuseFrame(event: unknown, frame: unknown): void {
    const id =
      frame !== null && typeof frame === 'object' && !Array.isArray(frame) ? (frame as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > 100) return;
    if (event === 'SUB_ON') this.socket.emit('SUB_RES', { id, error: TOO_DEEP });
    else if (event === 'MET_REQ') this.socket.emit('MET_RES', { id, error: TOO_DEEP });
  }

  private unsubscribe(frame: unknown): void {
    const id = (frame as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    this.pending.delete(id);
    const sub = this.deps.registry.remove(this.socket.id, id);
    if (sub) this.presence(sub, 'LEAVED');
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
    if (SHARED_OBJECT_METHODS.has(name)) {
      return runSharedObjectMethod(
        this.deps.sharedObjects,
        this.deps.fanOut,
        await this.sharedObjectSender(),
        name,
        options,
      );
    }
    switch (name) {
      case 'SET_USER_TOKEN': {
        const token = options.userToken;
        this.client.userToken = typeof token === 'string' && token !== 'null' && token.length <= 500 ? token : null;
        await this.recheck();
        return null;
      }
      case 'PUB_SUB_COMMAND': {
        const channel = channelText(options.channel);
        await this.allowChannel(channel);
        const command = {
          type: options.type ?? null,
          data: options.data ?? null,
          connectionId: this.socket.id,
          userId: null,
        };
        this.deps.fanOut.publish({ kind: 'command', appId: this.client.appId, channel, command });
        return null;
      }
      default:
        throw new Refusal('NOT_AVAILABLE_YET', `Real-time method '${name}' is not available yet`);
    }
  }

  /** After a token change the permission hook may answer differently: drop what is now refused. */
  private async recheck(): Promise<void> {
    this.views.reset();
    for (const sub of this.deps.registry.listSocket(this.socket.id)) {
      const target = targetOf(sub);
      // Shared-object subscriptions also learn the new user (invokeOn targets, user status).
      if (target.kind === 'shared-object') {
        const user = await sharedObjectUser(this.deps.ctx, this.client);
        if (user.allowed) sub.userId = user.userId;
      }
      let answer = await checkRealtimeSubscribePermission(this.deps.ctx, this.client, target);
      if (answer.allowed && target.kind === 'table')
        answer = await this.allowTable(sub, target.table).then(
          () => answer,
          (err: unknown) => {
            if (err instanceof Refusal) return { allowed: false, message: err.message };
            throw err;
          },
        );
      if (answer.allowed) continue;
      this.deps.registry.remove(this.socket.id, sub.id);
      this.socket.emit('SUB_RES', { id: sub.id, error: { code: 'FORBIDDEN', message: answer.message } });
    }
  }

  /** Channel and shared-object connects announce who joined and left to their user-status listeners. */
  private presence(sub: Subscription, status: 'JOINED' | 'LEAVED'): void {
    const data = { status, data: [{ connectionId: this.socket.id, userId: null }] };
    const { appId } = this.client;
    if (sub.name === 'PUB_SUB_CONNECT' && sub.channel)
      this.deps.fanOut.publish({ kind: 'user-status', appId, channel: sub.channel, status: data });
    if (sub.name === 'RSO_CONNECT' && sub.sharedObject) {
      const users = { status, data: [{ connectionId: this.socket.id, userId: sub.userId ?? null }] };
      this.deps.fanOut.publish({ kind: 'rso', appId, name: sub.sharedObject, subscription: 'RSO_USERS', data: users });
    }
  }

  private closed(): void {
    this.pending.clear();
    for (const sub of this.deps.registry.removeSocket(this.socket.id)) this.presence(sub, 'LEAVED');
  }

  private wireError(err: unknown): WireError {
    if (err instanceof Refusal) return { code: err.code, message: err.message };
    // A refusal of another area's service (a channel deleted while created: 409) is the client's to read.
    if (err instanceof ApiError && err.status < 500) return { code: err.code, message: err.message };
    this.deps.ctx.log.error({ err }, 'real-time frame failed');
    return { code: 'INTERNAL', message: 'Internal server error' };
  }
}
