/**
 * Test support: a small socket.io server that answers the real-time protocol like Basalt's server
 * does (namespace and path `/{appId}`, API key checked at connect, `SUB_ON` → `SUB_READY`, refusal
 * → `SUB_RES` with an error, `MET_REQ` → `MET_RES`), and records every frame it gets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

export const APP_ID = 'app-1';
export const API_KEY = 'KEY';

export interface ReceivedFrame {
  event: 'SUB_ON' | 'SUB_OFF' | 'MET_REQ';
  frame: { id: string; name?: string; options?: Record<string, unknown> };
  query: Record<string, unknown>;
}

export interface FakeRealtimeServer {
  url: string;
  port: number;
  frames: ReceivedFrame[];
  /** Subscriptions live right now, by id. */
  live: Map<string, { socket: Socket; name: string; options: Record<string, unknown> }>;
  /** Sends `data` to every live subscription `name` whose options match `where`. */
  push(name: string, match: (options: Record<string, unknown>) => boolean, data: unknown): number;
  /** Ends a live subscription with an error, as the server does when a permission is lost. */
  refuse(id: string, error: { code: string; message: string }): void;
  close(): Promise<void>;
}

/** Starts the fake server (port 0: any free port). Channel `secret` is refused at subscribe time. */
export async function startFakeRealtime(port = 0): Promise<FakeRealtimeServer> {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { path: `/${APP_ID}` });
  const frames: ReceivedFrame[] = [];
  const live: FakeRealtimeServer['live'] = new Map();
  const nsp = io.of(`/${APP_ID}`);
  nsp.use((socket, next) =>
    socket.handshake.query.apiKey === API_KEY ? next() : next(new Error('Invalid application id or API key')),
  );
  nsp.on('connection', (socket) => {
    const query = { ...socket.handshake.query };
    socket.on('SUB_ON', (frame: { id: string; name: string; options: Record<string, unknown> }) => {
      frames.push({ event: 'SUB_ON', frame, query });
      if (frame.options?.channel === 'secret')
        return void socket.emit('SUB_RES', {
          id: frame.id,
          error: { code: 'FORBIDDEN', message: 'Not allowed to subscribe' },
        });
      live.set(frame.id, { socket, name: frame.name, options: frame.options });
      socket.emit('SUB_READY', { id: frame.id });
    });
    socket.on('SUB_OFF', (frame: { id: string }) => {
      frames.push({ event: 'SUB_OFF', frame, query });
      live.delete(frame.id);
    });
    socket.on('MET_REQ', (frame: { id: string; name: string; options: Record<string, unknown> }) => {
      frames.push({ event: 'MET_REQ', frame, query });
      socket.emit('MET_RES', { id: frame.id, result: null });
    });
    socket.on('disconnect', () => {
      for (const [id, sub] of live) if (sub.socket === socket) live.delete(id);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const actual = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    frames,
    live,
    push(name, match, data) {
      let n = 0;
      for (const [id, sub] of live) {
        if (sub.name !== name || !match(sub.options)) continue;
        sub.socket.emit('SUB_RES', { id, data });
        n++;
      }
      return n;
    },
    refuse(id, error) {
      const sub = live.get(id);
      live.delete(id);
      sub?.socket.emit('SUB_RES', { id, error });
    },
    close: async () => {
      await io.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** Waits until `check` answers truthy (polling), or fails after `ms`. */
export async function until<T>(check: () => T, ms = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
