import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const app = '/api/node-server/manage/app/:appId';
const hosting = `${app}/mcp/hosting`;
const clients = `${app}/integration/mcp/clients`;

/** A hosted server's or a client's name: it is a path segment of the server's URL. */
const McpName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const JsonSchemaObject = Type.Object({}, { additionalProperties: true });

/** A tool an MCP server offers: its name, what it does and the JSON schema of its arguments. */
export const McpToolSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  inputSchema: JsonSchemaObject,
});
export type McpTool = Static<typeof McpToolSchema>;

export const McpServerStateSchema = Type.Union([Type.Literal('RUNNING'), Type.Literal('STOPPED')]);
export type McpServerState = Static<typeof McpServerStateSchema>;

/** A hosted MCP server of an app: the URL MCP clients connect to and the role its tools run as. */
export const HostingMcpServerSchema = Type.Object({
  name: Type.String(),
  url: Type.String(),
  role: Type.String(),
  status: McpServerStateSchema,
  /** The token's last characters, so a developer can tell tokens apart (the token itself is never shown again). */
  tokenHint: Type.String(),
  toolsCount: Type.Integer(),
  deployed: Type.Number(),
  created: Type.Number(),
});
export type HostingMcpServer = Static<typeof HostingMcpServerSchema>;

/** The answer of create: the server with its bearer token, shown this once. */
export const CreatedHostingMcpServerSchema = Type.Composite([
  HostingMcpServerSchema,
  Type.Object({ token: Type.String() }),
]);
export type CreatedHostingMcpServer = Static<typeof CreatedHostingMcpServerSchema>;

export const HostingMcpServerStatusSchema = Type.Composite([
  HostingMcpServerSchema,
  Type.Object({ tools: Type.Array(McpToolSchema) }),
]);
export type HostingMcpServerStatus = Static<typeof HostingMcpServerStatusSchema>;

/** What a tool call answers: its text content and whether it failed (MCP's `isError`). */
export const McpToolResultSchema = Type.Object({
  isError: Type.Boolean(),
  content: Type.Array(
    Type.Object({ type: Type.String(), text: Type.Optional(Type.String()) }, { additionalProperties: true }),
  ),
  structuredContent: Type.Optional(Type.Unknown()),
});
export type McpToolResult = Static<typeof McpToolResultSchema>;

const NameBody = Type.Object({ name: McpName }, { additionalProperties: true });

/** An external MCP server an app's flows and cloud code call. Header values are masked in answers. */
export const McpClientSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type McpClient = Static<typeof McpClientSchema>;

/** What an answer shows in place of a stored header value; sent back unchanged, it keeps the stored value. */
export const MCP_MASK = '********';

const Headers = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 4_000 }), { maxProperties: 20 });
const Url = Type.String({ minLength: 1, maxLength: 2_048 });

export const McpClientBody = Type.Object(
  { name: McpName, url: Url, headers: Type.Optional(Headers) },
  { additionalProperties: true },
);
export type McpClientInput = Static<typeof McpClientBody>;

/** Update names the client by `name` (or `id`); `newName` renames it. */
export const McpClientUpdateBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(McpName),
    newName: Type.Optional(McpName),
    url: Type.Optional(Url),
    headers: Type.Optional(Headers),
  },
  { additionalProperties: true },
);
export type McpClientUpdate = Static<typeof McpClientUpdateBody>;

/** A connection to try: a saved client by name, or a URL with headers before it is saved. */
export const McpConnectionBody = Type.Object(
  { name: Type.Optional(McpName), url: Type.Optional(Url), headers: Type.Optional(Headers) },
  { additionalProperties: true },
);
export type McpConnectionInput = Static<typeof McpConnectionBody>;

export const McpValidationSchema = Type.Object({
  valid: Type.Boolean(),
  server: Type.Object({ name: Type.String(), version: Type.String() }),
  tools: Type.Array(McpToolSchema),
});
export type McpValidation = Static<typeof McpValidationSchema>;

export const McpOAuthCheckSchema = Type.Object({
  /** True when the server answered 401 asking for a bearer token (OAuth). */
  oauthRequired: Type.Boolean(),
  status: Type.Integer(),
  /** Where the server says its OAuth metadata is (`resource_metadata` of WWW-Authenticate), when it says. */
  resourceMetadata: Type.Union([Type.String(), Type.Null()]),
});
export type McpOAuthCheck = Static<typeof McpOAuthCheckSchema>;

export const McpPingSchema = Type.Object({ ok: Type.Boolean(), latencyMs: Type.Number(), toolsCount: Type.Integer() });
export type McpPing = Static<typeof McpPingSchema>;

const serverParams = Type.Object({ appId: Type.String(), mcpServerName: Type.String({ maxLength: 64 }) });

/**
 * MCP servers hosted for an app (`hostingMcpServices`, nodeAPI transport). Each server's tools are
 * generated from the app's tables and the API services marked for MCP, and run as its role; the
 * MCP endpoint itself (Streamable HTTP, bearer token) is `mcpEndpointPath` below. Changing one
 * takes the API keys permission: its token opens the app API as the role, as a key does.
 */
export const hostingMcpServicesRoutes = {
  getHostingMcpServers: defineRoute({
    name: 'hostingMcpServices.getHostingMcpServers',
    method: 'GET',
    path: hosting,
    auth: 'developer',
    response: Type.Array(HostingMcpServerSchema),
  }),
  getHostingMcpServerStatus: defineRoute({
    name: 'hostingMcpServices.getHostingMcpServerStatus',
    method: 'GET',
    path: `${hosting}/:mcpServerName/status`,
    auth: 'developer',
    params: serverParams,
    response: HostingMcpServerStatusSchema,
    summary: "A hosted server's state and the tools it offers",
  }),
  createHostingMcpServer: defineRoute({
    name: 'hostingMcpServices.createHostingMcpServer',
    devPermission: DevOperations.API_KEYS,
    method: 'POST',
    path: hosting,
    auth: 'developer',
    body: Type.Object(
      { name: McpName, role: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: true },
    ),
    response: CreatedHostingMcpServerSchema,
    summary: 'Creates a running server whose tools run as the role; answers its bearer token once',
  }),
  redeployHostingMcpServer: defineRoute({
    name: 'hostingMcpServices.redeployHostingMcpServer',
    devPermission: DevOperations.API_KEYS,
    method: 'PUT',
    path: hosting,
    auth: 'developer',
    body: NameBody,
    response: HostingMcpServerStatusSchema,
    summary: "Generates the server's tools again from the app's tables and services as they are now",
  }),
  changeHostingMcpServerState: defineRoute({
    name: 'hostingMcpServices.changeHostingMcpServerState',
    devPermission: DevOperations.API_KEYS,
    method: 'PUT',
    path: `${hosting}/:state`,
    auth: 'developer',
    params: Type.Object({ appId: Type.String(), state: Type.String({ maxLength: 20 }) }),
    body: NameBody,
    response: HostingMcpServerSchema,
    summary: '`start` or `stop` (also RUNNING / STOPPED); a stopped server refuses every MCP request',
  }),
  deleteHostingMcpServer: defineRoute({
    name: 'hostingMcpServices.deleteHostingMcpServer',
    devPermission: DevOperations.API_KEYS,
    method: 'DELETE',
    path: hosting,
    auth: 'developer',
    body: NameBody,
    response: SuccessSchema,
  }),
  /** Basalt's own: the console's try-it calls a tool of the server as its role, without the token. */
  callHostingMcpServerTool: defineRoute({
    name: 'hostingMcpServices.callHostingMcpServerTool',
    devPermission: DevOperations.API_KEYS,
    method: 'POST',
    path: `${hosting}/:mcpServerName/tools/call`,
    auth: 'developer',
    params: serverParams,
    body: Type.Object(
      { tool: Type.String({ minLength: 1, maxLength: 200 }), arguments: Type.Optional(JsonSchemaObject) },
      { additionalProperties: true },
    ),
    response: McpToolResultSchema,
  }),
};

/** The Streamable HTTP endpoint of a hosted server (not a console route: MCP clients call it with the bearer token). */
export const MCP_ENDPOINT_PATH = '/api/app/:appId/mcp/:serverName';
export const mcpEndpointPath = (appId: string, serverName: string) =>
  `/api/app/${encodeURIComponent(appId)}/mcp/${encodeURIComponent(serverName)}`;

/**
 * MCP clients (`mcpServices`, nodeAPI transport): external MCP servers the app's flows and cloud
 * code call. Header values (tokens) are encrypted at rest and masked in answers; every connection
 * goes through the server-side request guard (public addresses only unless the operator allows
 * private ones). `pingMcpClient` is declared public by the reference; here it needs a developer
 * key like the rest, because it makes the server connect out (decision 0079).
 */
export const mcpServicesRoutes = {
  getMcpClients: defineRoute({
    name: 'mcpServices.getMcpClients',
    method: 'GET',
    path: clients,
    auth: 'developer',
    response: Type.Array(McpClientSchema),
  }),
  createMcpClient: defineRoute({
    name: 'mcpServices.createMcpClient',
    devPermission: DevOperations.FLOWS,
    method: 'POST',
    path: clients,
    auth: 'developer',
    body: McpClientBody,
    response: McpClientSchema,
  }),
  deleteMcpClient: defineRoute({
    name: 'mcpServices.deleteMcpClient',
    devPermission: DevOperations.FLOWS,
    method: 'DELETE',
    path: clients,
    auth: 'developer',
    body: Type.Object(
      { id: Type.Optional(Type.String({ maxLength: 64 })), name: Type.Optional(McpName) },
      { additionalProperties: true },
    ),
    response: SuccessSchema,
  }),
  updateMcpClient: defineRoute({
    name: 'mcpServices.updateMcpClient',
    devPermission: DevOperations.FLOWS,
    method: 'PUT',
    path: clients,
    auth: 'developer',
    body: McpClientUpdateBody,
    response: McpClientSchema,
  }),
  validateMcpConnection: defineRoute({
    name: 'mcpServices.validateMcpConnection',
    devPermission: DevOperations.FLOWS,
    method: 'POST',
    path: `${clients}/validate`,
    auth: 'developer',
    body: McpConnectionBody,
    response: McpValidationSchema,
    summary: 'Connects (initialize, list tools); a server that cannot be reached or refuses is a 422 with its reason',
  }),
  checkOAuthForMCPClient: defineRoute({
    name: 'mcpServices.checkOAuthForMCPClient',
    devPermission: DevOperations.FLOWS,
    method: 'POST',
    path: `${clients}/check-oauth`,
    auth: 'developer',
    body: McpConnectionBody,
    response: McpOAuthCheckSchema,
  }),
  pingMcpClient: defineRoute({
    name: 'mcpServices.pingMcpClient',
    method: 'POST',
    path: '/api/node-server/public/app/:appId/mcp/:mcpClient',
    auth: 'developer',
    params: Type.Object({ appId: Type.String(), mcpClient: Type.String({ maxLength: 64 }) }),
    response: McpPingSchema,
  }),
};
