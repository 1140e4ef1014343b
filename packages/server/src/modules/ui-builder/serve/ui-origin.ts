import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.js';
import type { UiUrls } from '../containers.service.js';

/**
 * The UI origin (decision 0080): a second HTTP listener of this process, on its own port
 * (`BASALT_UI_PORT`), that serves published UI Builder pages. A different port is a different
 * origin, so a page built by a developer can never read the console's storage or call the console
 * with its key. It starts when the console server listens and stops with it.
 */
export class UiOrigin implements UiUrls {
  private server: FastifyInstance | undefined;
  private port: number | undefined;
  private routes: ((app: FastifyInstance) => void) | undefined;

  constructor(private readonly ctx: ServerContext) {}

  /** Adds the public routes (published pages, the runtime script) when the listener is built. */
  serve(routes: (app: FastifyInstance) => void): void {
    this.routes = routes;
  }

  /** The public base: `BASALT_UI_BASE_URL`, else this machine's listener. */
  base(): string {
    const { uiBaseUrl, host, uiPort } = this.ctx.config;
    if (uiBaseUrl) return uiBaseUrl;
    const name =
      host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    return `http://${name}:${this.port ?? uiPort}`;
  }

  containerUrl(appId: string, name: string): string {
    return `${this.base()}/${encodeURIComponent(appId)}/${encodeURIComponent(name)}`;
  }

  /** The Fastify instance serving the UI origin (built on first use; `inject` works without a listener). */
  async app(): Promise<FastifyInstance> {
    if (this.server) return this.server;
    const app = Fastify({
      logger: false,
      routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 400 },
      bodyLimit: 1024,
    });
    this.routes?.(app);
    this.server = app;
    await app.ready();
    return app;
  }

  async start(): Promise<void> {
    const app = await this.app();
    if (app.server.listening) return;
    try {
      await app.listen({ port: this.ctx.config.uiPort, host: this.ctx.config.host });
    } catch (err) {
      // The console keeps working; published pages do not answer until the port is free.
      this.ctx.log.error({ err }, `The UI origin could not listen on port ${this.ctx.config.uiPort} (BASALT_UI_PORT)`);
      return;
    }
    const address = app.server.address();
    this.port = typeof address === 'object' && address ? address.port : this.ctx.config.uiPort;
  }

  async stop(): Promise<void> {
    const app = this.server;
    this.server = undefined;
    if (app) await app.close();
  }
}
