import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../cluster/redis.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudLogLine, PublishedMessage } from '@basalt/shared';
import type { BulkChange, RelationChange } from '../events/bus.js';

/** Something real-time subscribers may receive; the same shape travels between server processes. */
export type RealtimeEvent =
  | { kind: 'message'; appId: string; channel: string; message: PublishedMessage }
  | { kind: 'command'; appId: string; channel: string; command: Record<string, unknown> }
  | { kind: 'user-status'; appId: string; channel: string; status: Record<string, unknown> }
  | {
      kind: 'data';
      appId: string;
      table: string;
      event: 'created' | 'updated' | 'deleted' | 'upserted';
      record: Record<string, unknown>;
    }
  | ({ kind: 'bulk' } & BulkChange)
  | ({ kind: 'relation' } & RelationChange)
  | { kind: 'rso'; appId: string; name: string; subscription: RsoSubscriptionName; data: unknown; targets?: string[] }
  /** A kept log line of an app, for every process's ring and `/cloudcode` sockets (modules/cloudcode/logs). */
  | { kind: 'log'; appId: string; line: CloudLogLine };

/** Shared-object subscriptions that receive events (RSO_CONNECT only opens the object). */
export type RsoSubscriptionName = 'RSO_CHANGES' | 'RSO_CLEARED' | 'RSO_COMMANDS' | 'RSO_USERS' | 'RSO_INVOKE';

interface Envelope {
  node: string;
  event: RealtimeEvent;
}

/**
 * Spreads real-time events to every server process. Each event is delivered to this process's own
 * subscribers at once and, with Redis configured, published on one Redis channel that every other
 * process of the deployment listens to. Subscribers live in the process that holds their socket,
 * so each process delivers only to its own; nothing is delivered twice because a process skips
 * the envelopes it sent itself.
 */
export class FanOut {
  readonly node = crypto.randomUUID();
  private pub?: Redis;
  private sub?: Redis;
  private readonly channel: string;

  constructor(
    private readonly opts: { redisUrl?: string; namespace: string; log: FastifyBaseLogger },
    private readonly deliver: (event: RealtimeEvent) => void,
  ) {
    // Namespaced by the deployment (its schema prefix), so several deployments can share a Redis.
    this.channel = `basalt:${opts.namespace}:realtime`;
  }

  async start(): Promise<void> {
    if (!this.opts.redisUrl) return;
    // Both connections or neither: a half-connected node would miss the others' events.
    const pub = await connectRedis(this.opts.redisUrl, this.opts.log, 'Real time', { maxRetriesPerRequest: 2 });
    try {
      this.sub = await connectRedis(this.opts.redisUrl, this.opts.log, 'Real time');
    } catch (err) {
      pub.disconnect();
      throw err;
    }
    this.pub = pub;
    this.sub.on('message', (_channel: string, raw: string) => this.receive(raw));
    await this.sub.subscribe(this.channel);
  }

  /** Whether events reach other processes (Redis configured and connected). */
  get shared(): boolean {
    return !!this.pub;
  }

  /** The command connection to Redis (not the subscriber one), for state shared between processes. */
  get redis(): Redis | undefined {
    return this.pub;
  }

  publish(event: RealtimeEvent): void {
    this.deliverSafely(event);
    if (!this.pub) return;
    const envelope: Envelope = { node: this.node, event };
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch((err: unknown) => {
      this.opts.log.error({ err }, 'real-time event could not reach the other server processes');
    });
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.node === this.node || !envelope.event) return;
    this.deliverSafely(envelope.event);
  }

  private deliverSafely(event: RealtimeEvent): void {
    try {
      this.deliver(event);
    } catch (err) {
      this.opts.log.error({ err }, 'real-time delivery failed');
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.pub?.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
    this.pub = undefined;
    this.sub = undefined;
  }
}
