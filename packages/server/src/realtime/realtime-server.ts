import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server as EngineServer } from 'engine.io';
import { Server as SocketServer } from 'socket.io';
import type { ServerContext } from '../context.js';
import { resolveApiKey } from '../modules/apps/index.js';
import { FanOut, type RealtimeEvent } from './fan-out.js';
import { RealtimeSession } from './session.js';
import { SharedObjects } from './shared-objects.js';
import { SubscriptionRegistry } from './subscriptions.js';
import { recordLookup } from './record-lookup.js';
import { LOG_NAMESPACE, serveLogNamespace } from '../modules/cloudcode/logs/index.js';
import { FLOW_DEBUG_NAMESPACE, serveFlowDebugNamespace } from '../modules/flows/observe/debug-namespace.js';

const APP_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The Engine.IO endpoint of an app is `/{appId}/` (the SDK connects with `path: "/{appId}"`), which
 * is also the first segment of every REST call `/{appId}/{apiKey}/…`. So only a request whose
 * path is exactly `/{appId}/` (or `/{appId}`) and that carries Engine.IO's `EIO` query key goes to
 * real time; everything else stays with the HTTP routes.
 */
export function isRealtimeRequest(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf('?');
  if (q < 0) return false;
  const pathname = url.slice(0, q).replace(/\/$/, '');
  if (!pathname.startsWith('/') || !APP_ID.test(pathname.slice(1))) return false;
  return new URLSearchParams(url.slice(q + 1)).has('EIO');
}

/** What real time needs of channels, which belong to the messaging area. */
export interface RealtimeOptions {
  /** Why a text cannot name a channel (the channel name rule), or undefined when it can. */
  channelNameProblem(name: string): string | undefined;
  /** Makes sure the app has the channel: one that does not exist yet is created on first use. */
  openChannel(appId: string, channel: string): Promise<void>;
}

/**
 * The real-time server: socket.io on the HTTP server's own port, one namespace per app
 * (`/{appId}`, API key checked at connect), the `backendless` SDK's frame protocol, data-change
 * events from the bus, and fan-out across processes through Redis when it is configured.
 */
export class RealtimeServer {
  readonly registry: SubscriptionRegistry;
  readonly fanOut: FanOut;
  readonly sharedObjects: SharedObjects;
  private readonly engine: EngineServer;
  private readonly io: SocketServer;
  private readonly unsubscribeBus: Array<() => void> = [];
  private detach?: () => void;

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: RealtimeOptions,
  ) {
    // Each data event reaches a subscriber only as far as its permissions let it see (session.ts).
    this.registry = new SubscriptionRegistry(recordLookup(ctx), (err) =>
      ctx.log.warn({ err }, 'a real-time event was not delivered: its permission decision failed'),
    );
    this.fanOut = new FanOut(
      { redisUrl: ctx.config.redisUrl, namespace: ctx.config.pgSchemaPrefix, log: ctx.log },
      (e) => (e.kind === 'log' ? ctx.cloudLogs.receive(e.appId, e.line) : this.registry.deliver(e)),
    );
    this.sharedObjects = new SharedObjects(() => this.fanOut.redis, `basalt:${ctx.config.pgSchemaPrefix}`);
    // Frames are small JSON objects; a large one is a misbehaving client.
    const limits = { maxHttpBufferSize: 512 * 1024, pingInterval: 25_000, pingTimeout: 20_000 };
    // SDK 7.x speaks Engine.IO 3; it costs nothing to accept it. CORS: any origin, the API key is
    // the credential (the SDK sends no cookies).
    this.engine = new EngineServer({ ...limits, allowEIO3: true, cors: { origin: true, credentials: false } });
    this.io = new SocketServer({ ...limits, serveClient: false });
    this.io.bind(this.engine as never);
    // The console's live cloud-code logs: a namespace of their own on the same endpoint, their lines
    // spread to every process by the same fan-out (modules/cloudcode/logs). Made before the app
    // namespaces' pattern exists: `of()` would otherwise make it a child of that pattern, with the
    // app namespaces' API-key check.
    this.unsubscribeBus.push(serveLogNamespace(this.io.of(LOG_NAMESPACE), ctx, ctx.cloudLogs));
    // The console's live flow debugging, made before the app namespaces' pattern for the same reason.
    this.unsubscribeBus.push(serveFlowDebugNamespace(this.io.of(FLOW_DEBUG_NAMESPACE), ctx));
    this.unsubscribeBus.push(
      ctx.cloudLogs.useTransport((appId, line) => this.fanOut.publish({ kind: 'log', appId, line })),
    );
    this.io
      .of(/^\/[A-Za-z0-9-]{1,64}$/)
      .use((socket, next) => {
        void this.authenticate(socket.nsp.name.slice(1), socket.handshake.query)
          .then((client) => {
            socket.data.client = client;
            next();
          })
          .catch((err: Error) => next(err));
      })
      .on('connection', (socket) => {
        const deps = {
          ctx,
          registry: this.registry,
          fanOut: this.fanOut,
          sharedObjects: this.sharedObjects,
          channels: options,
        };
        new RealtimeSession(deps, socket, socket.data.client);
      });
    // The empty main namespace serves no one.
    this.io.of('/').use((_socket, next) => next(new Error('Connect to the namespace of your application: /{appId}')));

    for (const event of ['created', 'updated', 'deleted', 'upserted'] as const) {
      this.unsubscribeBus.push(
        ctx.bus.on(`record.${event}`, ({ appId, table, record }) =>
          this.publish({ kind: 'data', appId, table, event, record }),
        ),
      );
    }
    this.unsubscribeBus.push(ctx.bus.on('records.bulk', (change) => this.publish({ kind: 'bulk', ...change })));
    this.unsubscribeBus.push(ctx.bus.on('relation.changed', (change) => this.publish({ kind: 'relation', ...change })));
    // A deleted app's shared objects would otherwise stay in memory (or Redis) for good.
    this.unsubscribeBus.push(
      ctx.bus.on('app.deleted', ({ appId }) => {
        this.sharedObjects
          .dropApp(appId)
          .catch((err: unknown) => ctx.log.warn({ err }, 'shared objects of a deleted app were not dropped'));
      }),
    );
    this.unsubscribeBus.push(
      ctx.bus.on('message.published', ({ appId, channel, message }) =>
        this.publish({ kind: 'message', appId, channel, message }),
      ),
    );
  }

  private async authenticate(appId: string, query: Record<string, unknown>) {
    const apiKey = typeof query.apiKey === 'string' ? query.apiKey : '';
    const key = await resolveApiKey(this.ctx, appId, apiKey);
    if (!key) throw new Error('Invalid application id or API key');
    const token =
      typeof query.userToken === 'string' && query.userToken !== 'null' && query.userToken.length <= 500
        ? query.userToken
        : null;
    const clientId = typeof query.clientId === 'string' ? query.clientId.slice(0, 100) : '';
    return { appId, deviceType: key.deviceType, clientId, userToken: token };
  }

  /** Sends an event to every subscriber in every server process. */
  publish(event: RealtimeEvent): void {
    this.fanOut.publish(event);
  }

  /**
   * Routes the app's Engine.IO requests and upgrades to socket.io and leaves the rest to the HTTP
   * routes: the listeners already installed (Fastify's) are wrapped, not replaced.
   */
  async attach(server: HttpServer): Promise<void> {
    await this.fanOut.start();
    const previous = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (isRealtimeRequest(req.url)) return this.engine.handleRequest(req as never, res);
      for (const listener of previous) listener.call(server, req, res);
    };
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (isRealtimeRequest(req.url)) this.engine.handleUpgrade(req as never, socket, head);
      // Other upgrades belong to whoever else listens; with no one, close them rather than hang.
      else if (server.listenerCount('upgrade') === 1) socket.destroy();
    };
    server.removeAllListeners('request');
    server.on('request', onRequest);
    server.on('upgrade', onUpgrade);
    this.detach = () => {
      server.off('request', onRequest);
      server.off('upgrade', onUpgrade);
      for (const listener of previous) server.on('request', listener);
    };
  }

  /** Disconnects every client first, so the HTTP server can close without waiting on them. */
  async close(): Promise<void> {
    for (const off of this.unsubscribeBus.splice(0)) off();
    // Closes every namespace's sockets and the Engine.IO server (there is no HTTP server bound).
    await this.io.close();
    this.detach?.();
    this.detach = undefined;
    await this.fanOut.close();
  }
}
