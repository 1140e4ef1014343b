import {
  isBridgeMessage,
  unknownMethodMessage,
  type BridgeMessage,
  type RequestMessage,
  type ResponseMessage,
} from './messages.js';

/** The window (or frame) messages are sent to: `iframe.contentWindow`, `window.parent`, `window.opener`. */
export interface BridgeTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What arrives in a `message` listener (a browser `MessageEvent` fits). */
export interface BridgeMessageEvent {
  data: unknown;
  origin?: string;
  source?: unknown;
}

/** Where messages are received: the own `window`. */
export interface BridgeHost {
  addEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
}

/** Options of `createBridge`. */
export interface BridgeOptions {
  /** The other window. */
  target: BridgeTarget;
  /** The own window; defaults to the global `window`. */
  host?: BridgeHost;
  /** Origin the other window must have for messages to reach it; `'*'` (default) means any. */
  targetOrigin?: string;
  /** Origins accepted from the other side; defaults to `[targetOrigin]` unless that is `'*'`. */
  allowedOrigins?: string[];
  /** Name shared by both sides; messages of other channels are ignored. Default `basalt-bridge`. */
  channel?: string;
  /** How long `connect()` keeps knocking before it fails. Default 10 000 ms. */
  connectTimeout?: number;
  /** Interval between handshake attempts while the other side is not listening yet. Default 100 ms. */
  connectRetryInterval?: number;
  /** A request without an answer after this many ms rejects; 0 (default) waits as long as it takes. */
  requestTimeout?: number;
}

/** A method the other side may call; it may answer a value or a promise. */
export type BridgeHandler = (...args: any[]) => unknown;

/** A listener of events sent by the other side. */
export type BridgeListener = (data: any) => void;

/** One end of a cross-window conversation. */
export interface Bridge {
  /** Starts the handshake and resolves once the other side answered it. */
  connect(): Promise<void>;
  /** Resolves when the handshake is done, whichever side started it. */
  ready(): Promise<void>;
  /** Whether the handshake is done. */
  readonly connected: boolean;
  /** Makes `method` callable from the other side; answers a function that removes it again. */
  register(method: string, handler: BridgeHandler): () => void;
  /** Calls a method registered on the other side (after the handshake) and answers its result. */
  request<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  /** Sends an event to the other side's listeners. */
  emit(event: string, data?: unknown): void;
  /** Listens to an event from the other side; answers a function that stops listening. */
  on(event: string, callback: BridgeListener): () => void;
  /** Stops one listener. */
  off(event: string, callback: BridgeListener): void;
  /** Stops listening; pending requests reject. */
  destroy(): void;
}

/** Rejection of requests still pending when their bridge is destroyed. */
export const BRIDGE_DESTROYED_MESSAGE = 'Bridge has been destroyed';

function checkName(value: unknown, what: 'event' | 'method'): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new TypeError(
      `Bridge ${what} must be a non-empty string, got ${value === '' ? 'an empty string' : typeof value}`,
    );
  }
}

function checkCallback(value: unknown): void {
  if (typeof value !== 'function')
    throw new TypeError(`Bridge callback must be a function, got ${value === null ? 'null' : typeof value}`);
}

function globalHost(): BridgeHost | undefined {
  const g = globalThis as unknown as Partial<BridgeHost>;
  return typeof g.addEventListener === 'function' && typeof g.removeEventListener === 'function'
    ? (g as BridgeHost)
    : undefined;
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/**
 * Creates one end of a bridge between two windows (the console and an embedded preview). Both ends
 * create a bridge naming each other; either (or both) calls `connect()`.
 */
export function createBridge(options: BridgeOptions): Bridge {
  const host = options.host ?? globalHost();
  if (!host) throw new TypeError('Bridge needs a host window to listen on (options.host)');
  if (!options.target || typeof options.target.postMessage !== 'function')
    throw new TypeError('Bridge target must be a window with postMessage');
  const target = options.target;
  const channel = options.channel ?? 'basalt-bridge';
  const targetOrigin = options.targetOrigin ?? '*';
  const allowed = options.allowedOrigins ?? (targetOrigin === '*' ? undefined : [targetOrigin]);
  const peer = randomId();
  const handlers = new Map<string, BridgeHandler>();
  const listeners = new Map<string, Set<BridgeListener>>();
  const pending = new Map<
    string,
    { resolve(value: unknown): void; reject(err: Error): void; timer?: ReturnType<typeof setTimeout> }
  >();
  let seq = 0;
  let connected = false;
  let destroyed = false;
  let markReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));
  let connecting: Promise<void> | undefined;
  // Knocking state of `connect()`, kept outside so `destroy()` can stop it.
  let stopKnocking: ((err?: Error) => void) | undefined;

  const post = (message: BridgeMessage) => target.postMessage(message, targetOrigin);
  const setConnected = () => {
    if (connected) return;
    connected = true;
    markReady();
  };

  async function answer(msg: RequestMessage): Promise<void> {
    const reply: ResponseMessage = { channel, kind: 'response', id: msg.id };
    const handler = handlers.get(msg.method);
    if (!handler) {
      reply.error = { message: unknownMethodMessage(msg.method) };
    } else {
      try {
        reply.result = await handler(...(Array.isArray(msg.args) ? msg.args : []));
      } catch (err) {
        const e = err as { message?: unknown; code?: unknown };
        reply.error = { message: typeof e?.message === 'string' ? e.message : String(err) };
        if (typeof e?.code === 'string' || typeof e?.code === 'number') reply.error.code = e.code;
      }
    }
    if (!destroyed) post(reply);
  }

  function onMessage(event: BridgeMessageEvent): void {
    if (destroyed || !isBridgeMessage(event.data, channel)) return;
    if (event.source !== undefined && event.source !== null && event.source !== target) return;
    if (allowed && !allowed.includes(event.origin ?? '')) return;
    const msg = event.data;
    switch (msg.kind) {
      case 'connect':
        if (msg.peer === peer) return;
        post({ channel, kind: 'connected', peer });
        setConnected();
        return;
      case 'connected':
        if (msg.peer !== peer) setConnected();
        return;
      case 'request':
        void answer(msg);
        return;
      case 'response': {
        const call = pending.get(msg.id);
        if (!call) return;
        pending.delete(msg.id);
        if (call.timer) clearTimeout(call.timer);
        if (msg.error)
          call.reject(
            Object.assign(new Error(msg.error.message), msg.error.code !== undefined ? { code: msg.error.code } : {}),
          );
        else call.resolve(msg.result);
        return;
      }
      case 'event':
        for (const cb of [...(listeners.get(msg.event) ?? [])]) cb(msg.data);
        return;
    }
  }
  host.addEventListener('message', onMessage);

  const bridge: Bridge = {
    get connected() {
      return connected;
    },

    connect() {
      if (destroyed) return Promise.reject(new Error(BRIDGE_DESTROYED_MESSAGE));
      if (connected) return Promise.resolve();
      const attempt = (connecting ??= new Promise<void>((resolve, reject) => {
        const timeout = options.connectTimeout ?? 10_000;
        const knock = () => post({ channel, kind: 'connect', peer });
        const interval = setInterval(knock, options.connectRetryInterval ?? 100);
        const timer = setTimeout(
          () =>
            stopKnocking?.(
              new Error(`Bridge could not connect within ${timeout} ms: the other window does not answer`),
            ),
          timeout,
        );
        stopKnocking = (err) => {
          clearInterval(interval);
          clearTimeout(timer);
          stopKnocking = undefined;
          connecting = undefined;
          if (err) reject(err);
          else resolve();
        };
        void readyPromise.then(() => stopKnocking?.());
        knock();
      }));
      return attempt;
    },

    ready: () => readyPromise,

    register(method, handler) {
      checkName(method, 'method');
      checkCallback(handler);
      handlers.set(method, handler);
      return () => {
        if (handlers.get(method) === handler) handlers.delete(method);
      };
    },

    async request<T>(method: string, ...args: unknown[]): Promise<T> {
      checkName(method, 'method');
      if (destroyed) throw new Error(BRIDGE_DESTROYED_MESSAGE);
      await readyPromise;
      if (destroyed) throw new Error(BRIDGE_DESTROYED_MESSAGE);
      const id = `${peer}-${++seq}`;
      return new Promise<T>((resolve, reject) => {
        const entry: {
          resolve(value: unknown): void;
          reject(err: Error): void;
          timer?: ReturnType<typeof setTimeout>;
        } = { resolve: resolve as (v: unknown) => void, reject };
        if (options.requestTimeout) {
          entry.timer = setTimeout(() => {
            pending.delete(id);
            reject(new Error(`Bridge request '${method}' got no answer within ${options.requestTimeout} ms`));
          }, options.requestTimeout);
        }
        pending.set(id, entry);
        post({ channel, kind: 'request', id, method, args });
      });
    },

    emit(event, data) {
      checkName(event, 'event');
      if (destroyed) throw new Error(BRIDGE_DESTROYED_MESSAGE);
      post({ channel, kind: 'event', event, data });
    },

    on(event, callback) {
      checkName(event, 'event');
      checkCallback(callback);
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(callback);
      return () => bridge.off(event, callback);
    },

    off(event, callback) {
      checkName(event, 'event');
      checkCallback(callback);
      listeners.get(event)?.delete(callback);
    },

    destroy() {
      if (destroyed) return;
      destroyed = true;
      host.removeEventListener('message', onMessage);
      stopKnocking?.(new Error(BRIDGE_DESTROYED_MESSAGE));
      for (const call of pending.values()) {
        if (call.timer) clearTimeout(call.timer);
        call.reject(new Error(BRIDGE_DESTROYED_MESSAGE));
      }
      pending.clear();
      listeners.clear();
      handlers.clear();
    },
  };
  return bridge;
}
