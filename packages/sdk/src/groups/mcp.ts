import { encodeSegment, Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const hosting = Routes.hostingMcpServices;
const clients = Routes.mcpServices;

/** MCP servers hosted for an app (`hostingMcpServices` group, nodeAPI transport; decision 0079). */
export function createHostingMcpServicesGroup({ request }: GroupContext) {
  const node = request.nodeAPI;
  return {
    getHostingMcpServers(appId: string): Promise<ResponseOf<typeof hosting.getHostingMcpServers>> {
      return node.route(hosting.getHostingMcpServers, [appId]);
    },

    /** The server's state and its tools. */
    getHostingMcpServerStatus(
      appId: string,
      mcpServerName: string,
    ): Promise<ResponseOf<typeof hosting.getHostingMcpServerStatus>> {
      return node.route(hosting.getHostingMcpServerStatus, [appId, encodeSegment(mcpServerName)]);
    },

    /** `{name, role}`; answers the server with its bearer `token`, shown this once. */
    createHostingMcpServer(
      appId: string,
      data: BodyOf<typeof hosting.createHostingMcpServer>,
    ): Promise<ResponseOf<typeof hosting.createHostingMcpServer>> {
      return node.route(hosting.createHostingMcpServer, [appId], { body: data });
    },

    /** `{name}`: generates the tools again from the app's tables and services as they are now. */
    redeployHostingMcpServer(
      appId: string,
      data: BodyOf<typeof hosting.redeployHostingMcpServer>,
    ): Promise<ResponseOf<typeof hosting.redeployHostingMcpServer>> {
      return node.route(hosting.redeployHostingMcpServer, [appId], { body: data });
    },

    /** `state`: `start` or `stop`; `data`: `{name}`. */
    changeHostingMcpServerState(
      appId: string,
      state: string,
      data: BodyOf<typeof hosting.changeHostingMcpServerState>,
    ): Promise<ResponseOf<typeof hosting.changeHostingMcpServerState>> {
      return node.route(hosting.changeHostingMcpServerState, [appId, state], { body: data });
    },

    deleteHostingMcpServer(
      appId: string,
      data: BodyOf<typeof hosting.deleteHostingMcpServer>,
    ): Promise<ResponseOf<typeof hosting.deleteHostingMcpServer>> {
      return node.route(hosting.deleteHostingMcpServer, [appId], { body: data });
    },

    /** Basalt's own: calls a tool of the server as its role (the console's try-it). */
    callHostingMcpServerTool(
      appId: string,
      mcpServerName: string,
      tool: string,
      args: Record<string, unknown> = {},
    ): Promise<ResponseOf<typeof hosting.callHostingMcpServerTool>> {
      return node.route(hosting.callHostingMcpServerTool, [appId, encodeSegment(mcpServerName)], {
        body: { tool, arguments: args },
      });
    },
  };
}

/** External MCP servers an app calls (`mcpServices` group, nodeAPI transport). Header values come back masked. */
export function createMcpServicesGroup({ request }: GroupContext) {
  const node = request.nodeAPI;
  return {
    getMcpClients(appId: string): Promise<ResponseOf<typeof clients.getMcpClients>> {
      return node.route(clients.getMcpClients, [appId]);
    },

    /** `{name, url, headers?}`. */
    createMcpClient(
      appId: string,
      data: BodyOf<typeof clients.createMcpClient>,
    ): Promise<ResponseOf<typeof clients.createMcpClient>> {
      return node.route(clients.createMcpClient, [appId], { body: data });
    },

    /** `{name}` or `{id}` (DELETE with a body). */
    deleteMcpClient(
      appId: string,
      data: BodyOf<typeof clients.deleteMcpClient>,
    ): Promise<ResponseOf<typeof clients.deleteMcpClient>> {
      return node.route(clients.deleteMcpClient, [appId], { body: data });
    },

    /** `{name | id, newName?, url?, headers?}`; a masked header value sent back keeps the stored one. */
    updateMcpClient(
      appId: string,
      data: BodyOf<typeof clients.updateMcpClient>,
    ): Promise<ResponseOf<typeof clients.updateMcpClient>> {
      return node.route(clients.updateMcpClient, [appId], { body: data });
    },

    /** `{name}` of a saved client, or `{url, headers?}`: connects and lists the tools. */
    validateMcpConnection(
      appId: string,
      data: BodyOf<typeof clients.validateMcpConnection>,
    ): Promise<ResponseOf<typeof clients.validateMcpConnection>> {
      return node.route(clients.validateMcpConnection, [appId], { body: data });
    },

    checkOAuthForMCPClient(
      appId: string,
      data: BodyOf<typeof clients.checkOAuthForMCPClient>,
    ): Promise<ResponseOf<typeof clients.checkOAuthForMCPClient>> {
      return node.route(clients.checkOAuthForMCPClient, [appId], { body: data });
    },

    pingMcpClient(
      appId: string,
      mcpClient: string,
      data: Record<string, unknown> = {},
    ): Promise<ResponseOf<typeof clients.pingMcpClient>> {
      return node.route(clients.pingMcpClient, [appId, encodeSegment(mcpClient)], { body: data });
    },
  };
}
