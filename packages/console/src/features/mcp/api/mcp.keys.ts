/** Query keys of MCP; everything of one app sits under `['mcp', appId]`. */
export const mcpKeys = {
  all: (appId: string) => ['mcp', appId] as const,
  servers: (appId: string) => [...mcpKeys.all(appId), 'servers'] as const,
  status: (appId: string, name: string) => [...mcpKeys.all(appId), 'status', name] as const,
  clients: (appId: string) => [...mcpKeys.all(appId), 'clients'] as const,
  roles: (appId: string) => [...mcpKeys.all(appId), 'roles'] as const,
};
