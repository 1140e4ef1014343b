import type { McpToolResult } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { ServerModule } from '../module.js';
import { AppData } from '../appapi/data-access.js';
import { McpClients } from './clients.service.js';
import { registerMcpEndpoint } from './endpoint.js';
import { McpHosting } from './hosting.service.js';
import { mcpMigrations } from './mcp.migrations.js';
import { registerClientRoutes, registerHostingRoutes } from './mcp.routes.js';

/** One clients service per context: the routes and the server-side callers share it. */
const clientServices = new WeakMap<object, McpClients>();
function clientsOf(ctx: ServerContext): McpClients {
  let s = clientServices.get(ctx);
  if (!s) clientServices.set(ctx, (s = new McpClients(ctx)));
  return s;
}

/**
 * Calls a tool of one of the app's MCP clients (an external MCP server) by the client's name: for
 * flows and cloud code. Answers the tool's result (`isError` for the tool's own failures); an
 * unknown client is a 404, a server that cannot be reached a 422.
 */
export function callMcpTool(
  ctx: ServerContext,
  appId: string,
  clientName: string,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<McpToolResult> {
  return clientsOf(ctx).callTool(appId, clientName, tool, args);
}

/**
 * MCP (decision 0079): Basalt as an MCP server per app (hosted servers whose tools are the app's
 * tables and MCP-marked API services, run as a role; Streamable HTTP with a bearer token) and as
 * an MCP client of external servers.
 */
export const mcpModule: ServerModule = {
  area: 'mcp',
  name: 'mcp',
  systemMigrations: mcpMigrations,
  register(app, ctx) {
    const hosting = new McpHosting(ctx, new AppData(ctx));
    registerHostingRoutes(app, ctx, hosting);
    registerMcpEndpoint(app, hosting);
    registerClientRoutes(app, ctx, clientsOf(ctx));
  },
};
