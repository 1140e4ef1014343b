import { plannedRoutes } from '../route.js';

const app = '/api/node-server/manage/app/:appId';

/** MCP clients an app's flows call (not built yet). The ping route is public: MCP servers call it. */
export const mcpServicesRoutes = plannedRoutes('mcp', 'mcpServices', {
  getMcpClients: ['GET', `${app}/integration/mcp/clients`],
  createMcpClient: ['POST', `${app}/integration/mcp/clients`],
  deleteMcpClient: ['DELETE', `${app}/integration/mcp/clients`],
  updateMcpClient: ['PUT', `${app}/integration/mcp/clients`],
  validateMcpConnection: ['POST', `${app}/integration/mcp/clients/validate`],
  checkOAuthForMCPClient: ['POST', `${app}/integration/mcp/clients/check-oauth`],
  pingMcpClient: ['POST', '/api/node-server/public/app/:appId/mcp/:mcpClient', 'public'],
});

/** MCP servers hosted for an app (part of MCP servers, not built yet). */
export const hostingMcpServicesRoutes = plannedRoutes('mcp', 'hostingMcpServices', {
  getHostingMcpServers: ['GET', `${app}/mcp/hosting`],
  getHostingMcpServerStatus: ['GET', `${app}/mcp/hosting/:mcpServerName/status`],
  createHostingMcpServer: ['POST', `${app}/mcp/hosting`],
  redeployHostingMcpServer: ['PUT', `${app}/mcp/hosting`],
  changeHostingMcpServerState: ['PUT', `${app}/mcp/hosting/:state`],
  deleteHostingMcpServer: ['DELETE', `${app}/mcp/hosting`],
});
