import type {
  CreatedHostingMcpServer,
  HostingMcpServer,
  HostingMcpServerStatus,
  McpServerState,
  McpToolResult,
} from '@basalt/shared';
import { mcpEndpointPath } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AppCaller } from '../../http/app-auth.js';
import { newId, randomSecret, safeEqual, sha256 } from '../../http/secrets.js';
import { mcpApiServicesOf, serviceCaller } from '../cloudcode/index.js';
import type { AppData } from '../appapi/data-access.js';
import { MAX_PER_APP, McpRepo, type ServerRow } from './mcp.repo.js';
import { checkArguments, generateTools, publicTool, type ToolSpec } from './tools.js';

type Rec = Record<string, unknown>;

/** Hosted tokens start so, which lets a leaked one be recognised (secret scanners, logs). */
const TOKEN_PREFIX = 'bmcp_';
/** Tool answers are text for a model: longer ones are cut with a note. */
const MAX_ANSWER_CHARS = 200_000;

const text = (value: unknown): string => {
  const s = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 1);
  return s.length > MAX_ANSWER_CHARS ? `${s.slice(0, MAX_ANSWER_CHARS)}\n… (cut at ${MAX_ANSWER_CHARS} characters)` : s;
};
export const toolError = (message: string): McpToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});
const toolAnswer = (value: unknown): McpToolResult => ({
  isError: false,
  content: [{ type: 'text', text: text(value) }],
  // Objects also go as structured content, which clients can read without parsing text.
  ...(value && typeof value === 'object' && !Array.isArray(value) ? { structuredContent: value } : {}),
});

/** `start`/`stop` as the reference sends them, or the state names themselves. */
function stateOf(raw: string): McpServerState {
  const s = raw.toLowerCase();
  if (s === 'start' || s === 'running') return 'RUNNING';
  if (s === 'stop' || s === 'stopped') return 'STOPPED';
  throw ApiError.field('BAD_REQUEST', 'state', `The state must be 'start' or 'stop', not '${raw.slice(0, 40)}'`);
}

/**
 * MCP servers hosted for an app (decision 0079): each has a bearer token (kept as its SHA-256), a
 * role, and tools generated at deploy from the app's tables and MCP-marked API services. A tool
 * call runs through the app API's own data access as a caller holding only that role, so the
 * permission engine decides it exactly as it decides an app API call of that role.
 */
export class McpHosting {
  readonly repo: McpRepo;
  private callService?: ReturnType<typeof serviceCaller>;

  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
  ) {
    this.repo = new McpRepo(ctx.dbs);
  }

  private view(r: ServerRow, origin: string): HostingMcpServer {
    return {
      name: r.name,
      url: `${origin}${mcpEndpointPath(r.app_id, r.name)}`,
      role: r.role,
      status: r.status as McpServerState,
      tokenHint: r.token_hint,
      toolsCount: this.tools(r).length,
      deployed: Number(r.deployed),
      created: Number(r.created),
    };
  }

  tools(r: ServerRow): ToolSpec[] {
    return JSON.parse(r.tools) as ToolSpec[];
  }

  private async row(appId: string, name: string): Promise<ServerRow> {
    const r = await this.repo.server(appId, name);
    if (!r) throw ApiError.notFound(`MCP server '${name.slice(0, 64)}' not found`);
    return r;
  }

  private async generate(appId: string): Promise<ToolSpec[]> {
    const schema = await this.ctx.data.schema(appId);
    return generateTools(schema.tables, await mcpApiServicesOf(this.ctx).list(appId));
  }

  async list(appId: string, origin: string): Promise<HostingMcpServer[]> {
    return (await this.repo.servers(appId)).map((r) => this.view(r, origin));
  }

  async status(appId: string, name: string, origin: string): Promise<HostingMcpServerStatus> {
    const r = await this.row(appId, name);
    return { ...this.view(r, origin), tools: this.tools(r).map(publicTool) };
  }

  async create(appId: string, body: { name: string; role: string }, origin: string): Promise<CreatedHostingMcpServer> {
    const role = await this.ctx.security.roles.find(appId, body.role);
    if (!role) throw ApiError.field('BAD_REQUEST', 'role', `Role '${body.role.slice(0, 100)}' does not exist`);
    if (await this.repo.server(appId, body.name))
      throw ApiError.conflict(`An MCP server named '${body.name}' already exists`);
    if ((await this.repo.countServers(appId)) >= MAX_PER_APP)
      throw ApiError.conflict(`An app may host at most ${MAX_PER_APP} MCP servers`);
    const token = `${TOKEN_PREFIX}${randomSecret(32)}`;
    const now = Date.now();
    const row: ServerRow = {
      id: newId(),
      app_id: appId,
      name: body.name,
      role: role.name,
      token_hash: sha256(token),
      token_hint: token.slice(-4),
      status: 'RUNNING',
      tools: JSON.stringify(await this.generate(appId)),
      deployed: now,
      created: now,
    };
    await this.repo.insertServer(row);
    return { ...this.view(row, origin), token };
  }

  async redeploy(appId: string, name: string, origin: string): Promise<HostingMcpServerStatus> {
    await this.row(appId, name);
    await this.repo.updateServer(appId, name, {
      tools: JSON.stringify(await this.generate(appId)),
      deployed: Date.now(),
    });
    return this.status(appId, name, origin);
  }

  async setState(appId: string, name: string, state: string, origin: string): Promise<HostingMcpServer> {
    const status = stateOf(state);
    await this.row(appId, name);
    await this.repo.updateServer(appId, name, { status });
    return this.view(await this.row(appId, name), origin);
  }

  async remove(appId: string, name: string): Promise<{ success: true }> {
    if (!(await this.repo.deleteServer(appId, name)))
      throw ApiError.notFound(`MCP server '${name.slice(0, 64)}' not found`);
    return { success: true };
  }

  /**
   * The server a bearer token opens: 401 for a missing or wrong token (compared as hashes, in
   * constant time), 503 while it is stopped. The same answer for an unknown server as for a wrong
   * token, so names cannot be probed.
   */
  async authorize(appId: string, name: string, authorization: string | undefined): Promise<ServerRow> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const row = token ? await this.repo.server(appId, name) : undefined;
    if (!token || !row || !safeEqual(sha256(token), row.token_hash))
      throw ApiError.unauthorized('A valid bearer token of this MCP server is required');
    if (row.status !== 'RUNNING') throw ApiError.unavailable(`MCP server '${name}' is stopped`);
    return row;
  }

  /** The caller a server's tools run as: its role alone, as the console's "run as" evaluates a role. */
  async callerOf(row: ServerRow): Promise<AppCaller> {
    const role = await this.ctx.security.roles.find(row.app_id, row.role);
    if (!role) throw ApiError.unavailable(`The role '${row.role}' of this MCP server no longer exists`);
    return {
      appId: row.app_id,
      deviceType: 'REST',
      userId: null,
      roles: [{ id: role.id, name: role.name }],
      apiKey: '',
      token: null,
    };
  }

  /** The console's try-it: a tool of the server called as its role, whatever its state. */
  async tryTool(appId: string, name: string, tool: string, args: unknown): Promise<McpToolResult> {
    const row = await this.row(appId, name);
    return this.call(row, tool, args);
  }

  /**
   * Runs one tool call. Every failure a caller can cause (unknown tool, wrong argument types, a
   * refusal of the permission engine, a bad where clause, a missing record) is a tool error with
   * the reason, never an exception: the model reads it and may try again.
   */
  async call(row: ServerRow, toolName: string, args: unknown): Promise<McpToolResult> {
    const tool = this.tools(row).find((t) => t.name === toolName);
    if (!tool) return toolError(`Unknown tool '${String(toolName).slice(0, 128)}'`);
    const input = args ?? {};
    const problem = checkArguments(tool.inputSchema, input);
    if (problem) return toolError(`Invalid arguments for ${tool.name}: ${problem}`);
    try {
      return toolAnswer(await this.run(row, tool, input as Rec));
    } catch (err) {
      if (err instanceof ApiError) return toolError(err.message);
      throw err;
    }
  }

  private async run(row: ServerRow, tool: ToolSpec, a: Rec): Promise<unknown> {
    const caller = await this.callerOf(row);
    const t = tool.target;
    if (t.kind === 'service') {
      this.callService ??= serviceCaller(this.ctx);
      return this.callService(caller, t.service, t.method, a);
    }
    const { table } = await this.data.table(row.app_id, t.table);
    // A read of a table the role may not read at all is refused, not answered empty: the data
    // API's find answers [] there, which a model would take for "no such records".
    if (t.op === 'find' || t.op === 'count' || t.op === 'get') {
      const rows = await this.ctx.security.engine.rowFilter(caller, table.tableId, 'Find');
      if (rows.kind === 'none')
        throw ApiError.forbidden(`Permission denied: the role '${row.role}' may not read table '${table.name}'`);
    }
    switch (t.op) {
      case 'find':
        return this.data.find(caller, table.name, {
          where: a.where,
          pageSize: a.pageSize ?? 20,
          offset: a.offset ?? 0,
          ...(a.sortBy ? { sortBy: a.sortBy } : {}),
          ...(a.properties ? { props: a.properties } : {}),
        });
      case 'count':
        return { count: await this.data.count(caller, table.name, a.where ? { where: a.where } : {}) };
      case 'get':
        return this.data.findById(caller, table.name, String(a.objectId), undefined);
      case 'create':
        return this.data.create(caller, table.name, a.record);
      case 'update':
        return this.data.update(caller, table.name, String(a.objectId), a.changes);
      case 'delete':
        return this.data.remove(caller, table.name, String(a.objectId));
    }
  }
}
