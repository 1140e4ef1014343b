import { RealtimeError, frameId, type SubscribeFrame, type SubscriptionResult } from './frames.js';

/** One live subscription of a connection. */
export interface Subscription {
  readonly id: string;
  readonly frame: SubscribeFrame;
  /** A subscription that may only be sent once this one is ready (a channel join). */
  readonly parent?: Subscription;
  readonly onData?: (data: unknown) => void;
  /** Settles once, on the first `SUB_READY` / `SUB_RES` or on refusal. */
  readonly ready: Promise<void>;
}

interface Entry extends Subscription {
  /** Ready in the current session (reset by every disconnect). */
  live: boolean;
  /** Sent in the current session. */
  sent: boolean;
  settle?: { resolve(): void; reject(err: Error): void; timer: ReturnType<typeof setTimeout> };
}

/** What the book needs from the connection. */
export interface BookDeps {
  /** Emits a frame if the socket is connected and says whether it did (`resend` covers the rest). */
  send(event: 'SUB_ON' | 'SUB_OFF', frame: SubscribeFrame | { id: string }): boolean;
  /** A live subscription the server ended. */
  onError(error: RealtimeError): void;
  /** Milliseconds a new subscription waits for its first answer. */
  timeout: number;
}

/**
 * The subscriptions of one connection, by frame id. It sends `SUB_ON` in the order the protocol
 * asks (a channel's message subscription only after its join is ready, in every session), drops a
 * subscription the server refuses together with the ones that depend on it, and re-sends the
 * live ones after a reconnect with their ids unchanged.
 */
export class SubscriptionBook {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: BookDeps) {}

  /** Registers a subscription and sends it when it can be sent. */
  add(spec: {
    name: string;
    options: Record<string, unknown>;
    parent?: Subscription;
    onData?: (data: unknown) => void;
  }): Subscription {
    const id = frameId();
    let settle!: Entry['settle'];
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.fail(
            id,
            new RealtimeError(`No answer to subscription ${spec.name} within ${this.deps.timeout} ms`, 'TIMEOUT'),
          ),
        this.deps.timeout,
      );
      settle = { resolve, reject, timer };
    });
    // A refusal is delivered through `ready`; keep an unobserved one from being reported as unhandled.
    ready.catch(() => undefined);
    const entry: Entry = {
      id,
      frame: { id, name: spec.name, options: spec.options },
      parent: spec.parent,
      onData: spec.onData,
      ready,
      live: false,
      sent: false,
      settle,
    };
    this.entries.set(id, entry);
    this.sendIfPossible(entry);
    return entry;
  }

  /** Stops a subscription and everything that depends on it (children first). */
  remove(sub: Subscription): void {
    for (const child of this.children(sub.id)) this.remove(child);
    const entry = this.entries.get(sub.id);
    if (!entry) return;
    this.entries.delete(sub.id);
    if (entry.settle) this.settle(entry, new RealtimeError('Unsubscribed before the server answered', 'UNSUBSCRIBED'));
    if (entry.sent) this.deps.send('SUB_OFF', { id: entry.id });
  }

  /** `SUB_READY`. */
  ready(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.live) return;
    entry.live = true;
    this.settle(entry);
    for (const child of this.children(id)) this.sendIfPossible(child);
  }

  /** `SUB_RES`: an event (the first one also means ready) or a refusal. */
  result(frame: SubscriptionResult): void {
    const entry = this.entries.get(frame.id);
    if (!entry) return;
    if (frame.error) return this.fail(entry.id, RealtimeError.from(frame.error), true);
    this.ready(entry.id);
    entry.onData?.(frame.data);
  }

  /** The socket dropped: nothing is sent or ready in the next session yet. */
  disconnected(): void {
    for (const entry of this.entries.values()) {
      entry.live = false;
      entry.sent = false;
    }
  }

  /** The socket (re)connected: send again what may be sent now; the rest follows on `SUB_READY`. */
  resend(): void {
    for (const entry of this.entries.values()) this.sendIfPossible(entry);
  }

  /** Ends every subscription with `error` (connection refused or closed). */
  failAll(error: RealtimeError): void {
    for (const id of [...this.entries.keys()]) this.fail(id, error);
  }

  /** Number of live subscriptions (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private fail(id: string, error: RealtimeError, fromServer = false): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const wasPending = !!entry.settle;
    for (const child of this.children(id)) {
      this.entries.delete(child.id);
      if (child.settle) this.settle(child, error);
    }
    this.entries.delete(id);
    if (wasPending) this.settle(entry, error);
    // A refusal of something already running is news the caller has no promise for.
    else if (fromServer) this.deps.onError(error);
  }

  private settle(entry: Entry, error?: Error): void {
    const settle = entry.settle;
    if (!settle) return;
    entry.settle = undefined;
    clearTimeout(settle.timer);
    if (error) settle.reject(error);
    else settle.resolve();
  }

  private sendIfPossible(entry: Entry): void {
    if (entry.sent) return;
    const parent = entry.parent && this.entries.get(entry.parent.id);
    if (entry.parent && !parent?.live) return;
    entry.sent = this.deps.send('SUB_ON', entry.frame);
  }

  private children(id: string): Entry[] {
    return [...this.entries.values()].filter((e) => e.parent?.id === id);
  }
}
