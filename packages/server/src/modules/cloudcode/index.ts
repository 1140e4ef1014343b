import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import type { AppCaller } from '../../http/app-auth.js';
import { ServiceInvoker } from './appapi/invoke.service.js';
import { cloudCodeMigrations } from './store/index.js';
import { registerModelRoutes } from './models/models.routes.js';
import { registerDraftRoutes } from './drafts/drafts.routes.js';
import { registerDeployRoutes } from './deploy/deploy.routes.js';
import { registerServiceRoutes } from './services/services.routes.js';
import { registerRemoteServiceRoutes } from './services/remote.routes.js';
import { registerInvokeRoutes } from './appapi/invoke.routes.js';
import { registerCodelessRoutes } from './codeless/codeless.routes.js';
import { ServicesService } from './services/services.service.js';
import { McpApiServices } from './services/mcp/mcp.js';
import { createSandbox } from '../../sandbox/index.js';
import { setSandbox } from './runtime/sandbox-holder.js';
import { setBridgeFactory } from './runtime/invoke.js';
import { bridgeFactory } from './bridge/index.js';
import type { Sandbox } from './runtime/sandbox-port.js';

export { activeDeployment } from './runtime/active-deployment.js';
export {
  invokeAs,
  setLogSink,
  DEFAULT_LIMITS,
  MAX_DEPTH,
  type CodeCaller,
  type InvokeOptions,
} from './runtime/invoke.js';
export { onDeployed, setEventIdResolver, type DeployedEvent, type EventIdResolver } from './deploy/hooks.js';
export * from './store/index.js';

/** The app's API services as MCP lists them, with their MCP flags (the hosted MCP servers' tools). */
export function mcpApiServicesOf(ctx: ServerContext): McpApiServices {
  return new McpApiServices(new ServicesService(ctx));
}

/**
 * Calls an API service's method by name as `caller` (a flow's call service step): the path cloud
 * code's `services.invoke` takes, with the service's Invoke permission checked. One per server.
 */
export function serviceCaller(ctx: ServerContext) {
  const invoker = new ServiceInvoker(ctx, new ServicesService(ctx));
  return async (caller: AppCaller, service: string, method: string, args: unknown) =>
    (await invoker.invokeByName(caller, service, method, args)).run();
}

/**
 * Cloud code (Business Logic): deployment models, drafts and deploys, API services and their app
 * API, the sandbox bridge (decision 0046). Handlers/timers and logs live in their own folders of
 * this module. Part of the Cloud Code area until every route of it is built.
 */
let running: Sandbox | undefined;

export const cloudCodeModule: ServerModule = {
  name: 'cloudcode',
  partOf: ['code'],
  systemMigrations: cloudCodeMigrations,
  async register(app, ctx) {
    const services = new ServicesService(ctx);
    // The sandbox process is forked on the first deploy or call, not at start.
    running = createSandbox();
    setSandbox(running);
    setBridgeFactory(bridgeFactory(ctx, services));
    registerModelRoutes(app, ctx);
    registerDraftRoutes(app, ctx);
    registerDeployRoutes(app, ctx);
    registerServiceRoutes(app, ctx);
    registerCodelessRoutes(app, ctx);
    await registerRemoteServiceRoutes(app, ctx, services);
    await registerInvokeRoutes(app, ctx, services);
  },
  async close() {
    const closing = running;
    running = undefined;
    await closing?.close();
  },
};
