import { io as connect, type Socket } from 'socket.io-client';
import type { CloudLogLine } from '@basalt/shared';

/** A console-side client of the `/cloudcode` namespace, recording what it receives. */
export class LogClient {
  readonly lines: CloudLogLine[] = [];
  readonly histories: Array<{ appId: string; lines: CloudLogLine[] }> = [];

  private constructor(readonly socket: Socket) {
    socket.on('log', (line: CloudLogLine) => this.lines.push(line));
    socket.on('history', (h: { appId: string; lines: CloudLogLine[] }) => this.histories.push(h));
  }

  /** Connects with a developer's auth key (and an app to follow); rejects with the `connect_error`. */
  static async open(origin: string, auth: { authKey?: string; appId?: string }): Promise<LogClient> {
    const socket = connect(`${origin}/cloudcode`, {
      path: '/cloudcode',
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth,
    });
    const client = new LogClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
    return client;
  }

  /** `join` another app; answers the acknowledgement (`{ok: true}` or `{code, message}`). */
  join(appId: string): Promise<{ ok?: boolean; code?: string; message?: string }> {
    return new Promise((resolve) => this.socket.emit('join', appId, resolve));
  }

  /** Waits for a live line passing `test` (a bounded wait for delivery, not a speed check). */
  async line(test: (line: CloudLogLine) => boolean, timeoutMs = 5_000): Promise<CloudLogLine> {
    const started = Date.now();
    for (;;) {
      const found = this.lines.find(test);
      if (found) return found;
      if (Date.now() - started > timeoutMs)
        throw new Error(`no matching line within ${timeoutMs} ms; got ${JSON.stringify(this.lines).slice(0, 1000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async history(appId: string, timeoutMs = 5_000): Promise<CloudLogLine[]> {
    const started = Date.now();
    for (;;) {
      const found = this.histories.find((h) => h.appId === appId);
      if (found) return found.lines;
      if (Date.now() - started > timeoutMs) throw new Error(`no history of ${appId} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}
