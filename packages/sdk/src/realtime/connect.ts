import { io, type Socket } from 'socket.io-client';
import type { PublishedMessage } from '@basalt/shared';
import {
  MethodNames,
  RealtimeError,
  SubscriptionNames,
  clientId,
  frameId,
  type MethodResult,
  type SubscriptionResult,
} from './frames.js';
import { SubscriptionBook, type Subscription } from './subscriptions.js';

/** What `connectRealtime` needs: the server, the application and one of its API keys. */
export interface RealtimeOptions {
  /** Origin of the server (`http://localhost:8080`); empty in a browser page served by it. */
  serverUrl: string;
  appId: string;
  apiKey: string;
  /** A signed-in app user's token; subscriptions are then checked as that user. */
  userToken?: string | null;
  /** A subscription the server ended (permission lost, table deleted) or a refused connection. */
  onError?: (error: RealtimeError) => void;
  /** Connection changes; after `connected` following a drop, every live subscription is re-sent. */
  onStatus?: (status: RealtimeStatus) => void;
  /** Milliseconds a subscribe or method call waits for its answer (default 15 000). */
  timeout?: number;
  /** First reconnect delay (default 400 ms), doubling up to `reconnectDelayMax` (default 60 000 ms). */
  reconnectDelay?: number;
  reconnectDelayMax?: number;
  /** Engine.IO transports (default polling, then upgrade to websocket). */
  transports?: Array<'polling' | 'websocket' | 'webtransport'>;
}

/** State of the connection. */
export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected' | 'closed';

/** Stops a subscription (safe to call twice). */
export type Unsubscribe = () => void;

/** Record events of `onDataChange`. */
export type DataChangeEvent = 'created' | 'updated' | 'deleted';

/** One record change delivered to an `onDataChange` handler. */
export interface DataChange<T = Record<string, unknown>> {
  event: DataChangeEvent;
  table: string;
  record: T;
}

/** Options of a channel subscription. */
export interface ChannelSubscribeOptions {
  /** A where condition over the message headers; only matching messages arrive. */
  selector?: string;
}

/** What `connectRealtime` answers. */
export interface RealtimeConnection {
  /** Joins a channel and delivers every published message; resolves once the server accepted it. */
  subscribe<T = PublishedMessage>(
    channel: string,
    handler: (message: T) => void,
    options?: ChannelSubscribeOptions,
  ): Promise<Unsubscribe>;
  /** Delivers created, updated and deleted records of a table (only those matching `where`). */
  onDataChange<T = Record<string, unknown>>(
    table: string,
    handler: (change: DataChange<T>) => void,
    where?: string,
    events?: DataChangeEvent[],
  ): Promise<Unsubscribe>;
  /** Changes the user the connection acts for (`null`: anonymous); subscriptions are re-checked. */
  setUserToken(userToken: string | null): Promise<void>;
  /** Whether the socket is connected right now. */
  readonly connected: boolean;
  /** Disconnects for good; pending calls reject, handlers get nothing more. */
  close(): void;
}

const DATA_EVENTS: DataChangeEvent[] = ['created', 'updated', 'deleted'];

/** Where to connect: the namespace URL `{origin}/{appId}` (engine path `/{appId}` too). */
function namespaceUrl(serverUrl: string, appId: string): string {
  if (!serverUrl) return `/${appId}`;
  return `${new URL(serverUrl).origin}/${appId}`;
}

/**
 * Opens the real-time connection of an application (lazily: the socket opens with the first
 * subscription). It speaks the `backendless` SDK's protocol, reconnects by itself with a growing
 * delay, and re-subscribes everything live after each reconnect.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const { appId, apiKey, timeout = 15_000 } = options;
  const query = { apiKey, clientId: clientId(), userToken: options.userToken ?? 'null' };
  const socket: Socket = io(namespaceUrl(options.serverUrl, appId), {
    path: `/${appId}`,
    query,
    forceNew: true,
    autoConnect: false,
    reconnection: true,
    reconnectionDelay: options.reconnectDelay ?? 400,
    reconnectionDelayMax: options.reconnectDelayMax ?? 60_000,
    ...(options.transports ? { transports: options.transports } : {}),
  });
  let closed = false;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  const status = (s: RealtimeStatus) => options.onStatus?.(s);
  const book = new SubscriptionBook({
    send: (event, frame) => {
      if (!socket.connected) return false;
      socket.emit(event, frame);
      return true;
    },
    onError: (err) => options.onError?.(err),
    timeout,
  });
  const methods = new Map<
    string,
    {
      resolve(v: unknown): void;
      reject(e: Error): void;
      frame: { id: string; name: string; options: Record<string, unknown> };
      timer: ReturnType<typeof setTimeout>;
    }
  >();

  const open = () => {
    if (closed) throw new RealtimeError('The real-time connection is closed', 'CLOSED');
    if (!socket.connected && !socket.active) {
      status('connecting');
      socket.connect();
    }
  };

  socket.on('connect', () => {
    status('connected');
    // The server treats every connection as a fresh session: send every live subscription again
    // (same ids) and every unanswered method call.
    book.resend();
    for (const call of methods.values()) socket.emit('MET_REQ', call.frame);
  });
  socket.on('disconnect', (reason) => {
    book.disconnected();
    if (closed) return;
    status('disconnected');
    // socket.io does not come back by itself after a server-side disconnect; we do, after a pause.
    if (reason === 'io server disconnect')
      rejoinTimer = setTimeout(() => !closed && socket.connect(), options.reconnectDelay ?? 400);
  });
  socket.on('connect_error', (err: Error) => {
    // While `active`, socket.io keeps retrying (server down); otherwise the server refused us.
    if (socket.active) return;
    const error = new RealtimeError(err.message || 'Real-time connection refused', 'CONNECT');
    book.failAll(error);
    for (const [id, call] of methods) settleMethod(id, () => call.reject(error));
    status('disconnected');
    options.onError?.(error);
  });
  socket.on('SUB_READY', (frame: { id?: string }) => frame?.id && book.ready(frame.id));
  socket.on('SUB_RES', (frame: SubscriptionResult) => frame?.id && book.result(frame));
  socket.on('MET_RES', (frame: MethodResult) => {
    const call = frame?.id ? methods.get(frame.id) : undefined;
    if (!call) return;
    settleMethod(frame.id, () =>
      frame.error ? call.reject(RealtimeError.from(frame.error)) : call.resolve(frame.result),
    );
  });

  function settleMethod(id: string, settle: () => void) {
    const call = methods.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    methods.delete(id);
    settle();
  }

  function callMethod(name: string, opts: Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      open();
      const frame = { id: frameId(), name, options: opts };
      const timer = setTimeout(
        () =>
          settleMethod(frame.id, () =>
            reject(new RealtimeError(`No answer to ${name} within ${timeout} ms`, 'TIMEOUT')),
          ),
        timeout,
      );
      methods.set(frame.id, { resolve, reject, frame, timer });
      if (socket.connected) socket.emit('MET_REQ', frame);
    });
  }

  return {
    async subscribe<T>(channel: string, handler: (message: T) => void, opts: ChannelSubscribeOptions = {}) {
      open();
      const join = book.add({ name: SubscriptionNames.CHANNEL_CONNECT, options: { channel } });
      const messages = book.add({
        name: SubscriptionNames.CHANNEL_MESSAGES,
        options: opts.selector ? { channel, selector: opts.selector } : { channel },
        parent: join,
        onData: (data) => handler(data as T),
      });
      try {
        await Promise.all([join.ready, messages.ready]);
      } catch (err) {
        book.remove(join);
        throw err;
      }
      return () => book.remove(join);
    },

    async onDataChange<T>(
      table: string,
      handler: (change: DataChange<T>) => void,
      where?: string,
      events: DataChangeEvent[] = DATA_EVENTS,
    ) {
      open();
      const subs: Subscription[] = events.map((event) =>
        book.add({
          name: SubscriptionNames.OBJECTS_CHANGES,
          options: where ? { event, tableName: table, whereClause: where } : { event, tableName: table },
          onData: (record) => handler({ event, table, record: record as T }),
        }),
      );
      const stop = () => subs.forEach((s) => book.remove(s));
      try {
        await Promise.all(subs.map((s) => s.ready));
      } catch (err) {
        stop();
        throw err;
      }
      return stop;
    },

    async setUserToken(userToken: string | null) {
      // The next handshake (after a reconnect) must carry the new token as well.
      query.userToken = userToken ?? 'null';
      if (socket.connected) await callMethod(MethodNames.SET_USER_TOKEN, { userToken });
    },

    get connected() {
      return socket.connected;
    },

    close() {
      if (closed) return;
      closed = true;
      clearTimeout(rejoinTimer);
      const error = new RealtimeError('The real-time connection is closed', 'CLOSED');
      book.failAll(error);
      for (const [id, call] of methods) settleMethod(id, () => call.reject(error));
      socket.disconnect();
      status('closed');
    },
  };
}
