import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_ENDPOINT_PATH } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { McpHosting } from './hosting.service.js';
import type { ServerRow } from './mcp.repo.js';
import { publicTool } from './tools.js';

type P = { appId: string; serverName: string };

/** One MCP server object per request: its tools are the row's, its calls run as the row's role. */
function mcpServerOf(hosting: McpHosting, row: ServerRow): Server {
  const server = new Server({ name: `basalt-${row.name}`, version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: hosting.tools(row).map(publicTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const result = await hosting.call(row, req.params.name, req.params.arguments ?? {});
    return { ...result };
  });
  return server;
}

/**
 * The Streamable HTTP endpoint of the hosted MCP servers, `POST /api/app/{appId}/mcp/{name}` with
 * `Authorization: Bearer <token>`. Stateless: each POST gets a fresh server and transport, so any
 * node of a cluster answers any request and nothing is kept between them; answers are JSON (no
 * server-initiated stream), which is why GET and DELETE (stream, session end) answer 405.
 */
export function registerMcpEndpoint(app: FastifyInstance, hosting: McpHosting): void {
  const refuse = async (req: FastifyRequest<{ Params: P }>, reply: FastifyReply) => {
    await hosting.authorize(req.params.appId, req.params.serverName, req.headers.authorization);
    return reply
      .status(405)
      .header('allow', 'POST')
      .send({ code: 'METHOD_NOT_ALLOWED', message: 'This MCP server is stateless: send JSON-RPC messages with POST' });
  };
  app.get<{ Params: P }>(MCP_ENDPOINT_PATH, refuse);
  app.delete<{ Params: P }>(MCP_ENDPOINT_PATH, refuse);
  app.post<{ Params: P }>(MCP_ENDPOINT_PATH, async (req, reply) => {
    let row: ServerRow;
    try {
      row = await hosting.authorize(req.params.appId, req.params.serverName, req.headers.authorization);
    } catch (err) {
      // The challenge MCP clients look for when a token is missing or wrong.
      if (err instanceof ApiError && err.status === 401) reply.header('www-authenticate', 'Bearer realm="basalt-mcp"');
      throw err;
    }
    const server = mcpServerOf(hosting, row);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
}
