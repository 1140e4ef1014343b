import crypto from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestServer } from '../test-helpers.js';

export interface Frame {
  event: string;
  payload: any;
}

/** A socket.io client speaking the `backendless` real-time frames, recording what it receives. */
export class FrameClient {
  readonly frames: Frame[] = [];

  constructor(readonly socket: Socket) {
    for (const event of ['SUB_READY', 'SUB_RES', 'MET_RES'])
      socket.on(event, (payload: unknown) => this.frames.push({ event, payload }));
  }

  /** Connects to an app's namespace the way the SDK does (path `/{appId}`, handshake query). */
  static async open(
    origin: string,
    appId: string,
    apiKey: string,
    userToken: string | null = null,
  ): Promise<FrameClient> {
    const socket = connect(`${origin}/${appId}`, {
      path: `/${appId}`,
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      query: { apiKey, clientId: crypto.randomUUID().toUpperCase(), userToken: userToken ?? 'null' },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new FrameClient(socket);
  }

  /** `SUB_ON`, resolved with the first answer for it (SUB_READY, or SUB_RES with an error). */
  async subscribe(
    name: string,
    options: Record<string, unknown>,
  ): Promise<{ id: string; ready: boolean; error?: { code: string; message: string } }> {
    const id = `${crypto.randomBytes(4).toString('hex')}${Date.now()}`;
    this.socket.emit('SUB_ON', { id, name, options });
    const first = await this.next((f) => f.payload?.id === id);
    return { id, ready: first.event === 'SUB_READY', error: first.payload.error };
  }

  /** `SUB_ON` that must be accepted; answers the subscription id. */
  async ready(name: string, options: Record<string, unknown>): Promise<string> {
    const sub = await this.subscribe(name, options);
    if (!sub.ready) throw new Error(`${name} refused: ${JSON.stringify(sub.error)}`);
    return sub.id;
  }

  /** `MET_REQ`, resolved with the `MET_RES` payload (`{id, result}` or `{id, error}`). */
  async call(name: string, options: Record<string, unknown>): Promise<any> {
    const id = `${crypto.randomBytes(4).toString('hex')}${Date.now()}`;
    this.socket.emit('MET_REQ', { id, name, options });
    return (await this.next((f) => f.event === 'MET_RES' && f.payload.id === id)).payload;
  }

  /** Data delivered so far to one subscription. */
  data(id: string): any[] {
    return this.frames
      .filter((f) => f.event === 'SUB_RES' && f.payload.id === id && 'data' in f.payload)
      .map((f) => f.payload.data);
  }

  /** Waits until `count` data frames arrived for `id`, then a little longer so extra ones would show. */
  async settle(id: string, count: number): Promise<any[]> {
    await this.next(() => this.data(id).length >= count);
    await new Promise((r) => setTimeout(r, 150));
    return this.data(id);
  }

  async next(test: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const started = Date.now();
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() - started > timeoutMs)
        throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 2000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Makes the test server listen on a free port (real time needs a real socket); answers its origin. */
export async function listenOrigin(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
