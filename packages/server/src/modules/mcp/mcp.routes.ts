import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { McpClients } from './clients.service.js';
import type { McpHosting } from './hosting.service.js';

/** Where MCP clients reach this server: the address the console itself used. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Hosted MCP servers (`hostingMcpServices`). */
export function registerHostingRoutes(app: FastifyInstance, ctx: ServerContext, hosting: McpHosting): void {
  const R = Routes.hostingMcpServices;
  handle(app, ctx, R.getHostingMcpServers, ({ params, req }) => hosting.list(params.appId, originOf(req)));
  handle(app, ctx, R.getHostingMcpServerStatus, ({ params, req }) =>
    hosting.status(params.appId, params.mcpServerName, originOf(req)),
  );
  handle(app, ctx, R.createHostingMcpServer, ({ params, body, req }) =>
    hosting.create(params.appId, body, originOf(req)),
  );
  handle(app, ctx, R.redeployHostingMcpServer, ({ params, body, req }) =>
    hosting.redeploy(params.appId, body.name, originOf(req)),
  );
  handle(app, ctx, R.changeHostingMcpServerState, ({ params, body, req }) =>
    hosting.setState(params.appId, body.name, params.state, originOf(req)),
  );
  handle(app, ctx, R.deleteHostingMcpServer, ({ params, body }) => hosting.remove(params.appId, body.name));
  handle(app, ctx, R.callHostingMcpServerTool, ({ params, body }) =>
    hosting.tryTool(params.appId, params.mcpServerName, body.tool, body.arguments ?? {}),
  );
}

/** MCP clients (`mcpServices`). */
export function registerClientRoutes(app: FastifyInstance, ctx: ServerContext, clients: McpClients): void {
  const R = Routes.mcpServices;
  handle(app, ctx, R.getMcpClients, ({ params }) => clients.list(params.appId));
  handle(app, ctx, R.createMcpClient, ({ params, body }) => clients.create(params.appId, body));
  handle(app, ctx, R.updateMcpClient, ({ params, body }) => clients.update(params.appId, body));
  handle(app, ctx, R.deleteMcpClient, ({ params, body }) => clients.remove(params.appId, body));
  handle(app, ctx, R.validateMcpConnection, ({ params, body }) => clients.validate(params.appId, body));
  handle(app, ctx, R.checkOAuthForMCPClient, ({ params, body }) => clients.checkOAuth(params.appId, body));
  handle(app, ctx, R.pingMcpClient, ({ params }) => clients.ping(params.appId, params.mcpClient));
}
