import {
  MCP_MASK,
  type McpClient,
  type McpClientInput,
  type McpClientUpdate,
  type McpConnectionInput,
  type McpOAuthCheck,
  type McpPing,
  type McpToolResult,
  type McpValidation,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RemoteRequestError, requestRemote } from '../../http/remote-fetch.js';
import { SecretBox } from '../../http/secret-box.js';
import { newId } from '../../http/secrets.js';
import { MAX_PER_APP, McpRepo, type ClientRow } from './mcp.repo.js';
import { checkServerUrl, MCP_TIMEOUT_MS, withRemoteClient } from './remote-transport.js';

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/** Headers the transport sets itself; a stored one would break the exchange. */
const RESERVED = new Set(['host', 'content-length', 'content-type', 'accept', 'connection', 'transfer-encoding']);

function checkHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED.has(name.toLowerCase()))
      throw ApiError.field('VALIDATION', 'headers', `'${name.slice(0, 100)}' cannot be a header of an MCP client`);
    if (/[\r\n\0]/.test(value))
      throw ApiError.field('VALIDATION', 'headers', `The value of header '${name}' must be one line`);
  }
  return headers;
}

/**
 * External MCP servers an app calls (decision 0079): their URL and headers (tokens sealed with the
 * server key, masked in every answer), connection checks, and `callTool` for flows and cloud code.
 * Every connection goes through the server-side request guard.
 */
export class McpClients {
  readonly repo: McpRepo;
  private readonly box: SecretBox;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new McpRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  private get allowPrivate(): boolean {
    return this.ctx.config.remoteFetchPrivate;
  }

  private headersOf(r: ClientRow): Record<string, string> {
    return JSON.parse(this.box.open(r.headers)) as Record<string, string>;
  }

  private view(r: ClientRow): McpClient {
    const headers = Object.fromEntries(Object.keys(this.headersOf(r)).map((k) => [k, MCP_MASK]));
    return { id: r.id, name: r.name, url: r.url, headers, created: Number(r.created), updated: Number(r.updated) };
  }

  private async row(appId: string, by: { id?: string; name?: string }): Promise<ClientRow> {
    if (by.id === undefined && by.name === undefined)
      throw ApiError.field('VALIDATION', 'name', "Name the MCP client by 'name' or 'id'");
    const r = await this.repo.client(appId, by);
    if (!r) throw ApiError.notFound(`MCP client '${String(by.name ?? by.id).slice(0, 64)}' not found`);
    return r;
  }

  async list(appId: string): Promise<McpClient[]> {
    return (await this.repo.clients(appId)).map((r) => this.view(r));
  }

  async create(appId: string, body: McpClientInput): Promise<McpClient> {
    const url = checkServerUrl(body.url, this.allowPrivate);
    const headers = checkHeaders(body.headers ?? {});
    if (await this.repo.client(appId, { name: body.name }))
      throw ApiError.conflict(`An MCP client named '${body.name}' already exists`);
    if ((await this.repo.countClients(appId)) >= MAX_PER_APP)
      throw ApiError.conflict(`An app may have at most ${MAX_PER_APP} MCP clients`);
    const now = Date.now();
    const row: ClientRow = {
      id: newId(),
      app_id: appId,
      name: body.name,
      url: url.toString(),
      headers: this.box.seal(JSON.stringify(headers)),
      created: now,
      updated: now,
    };
    await this.repo.insertClient(row);
    return this.view(row);
  }

  async update(appId: string, body: McpClientUpdate): Promise<McpClient> {
    const r = await this.row(appId, body);
    const set: Partial<ClientRow> = { updated: Date.now() };
    if (body.url !== undefined) set.url = checkServerUrl(body.url, this.allowPrivate).toString();
    if (body.headers !== undefined) {
      // A masked value sent back as it was shown keeps the stored value.
      const old = this.headersOf(r);
      const next = Object.fromEntries(
        Object.entries(checkHeaders(body.headers)).map(([k, v]) => [k, v === MCP_MASK ? (old[k] ?? '') : v]),
      );
      set.headers = this.box.seal(JSON.stringify(next));
    }
    if (body.newName !== undefined && body.newName !== r.name) {
      if (await this.repo.client(appId, { name: body.newName }))
        throw ApiError.conflict(`An MCP client named '${body.newName}' already exists`);
      set.name = body.newName;
    }
    await this.repo.updateClient(appId, r.id, set);
    return this.view(await this.row(appId, { id: r.id }));
  }

  async remove(appId: string, by: { id?: string; name?: string }): Promise<{ success: true }> {
    const r = await this.row(appId, by);
    await this.repo.deleteClient(appId, r.id);
    return { success: true };
  }

  /** The URL and headers of a connection to try: a saved client's, or those given (masked values filled from the saved one). */
  private async connection(
    appId: string,
    body: McpConnectionInput,
  ): Promise<{ url: URL; headers: Record<string, string> }> {
    const saved = body.name !== undefined ? await this.repo.client(appId, { name: body.name }) : undefined;
    if (body.url === undefined) {
      if (!saved) throw ApiError.field('VALIDATION', 'url', "Give the server's 'url', or the 'name' of a saved client");
      return { url: checkServerUrl(saved.url, this.allowPrivate), headers: this.headersOf(saved) };
    }
    const old = saved ? this.headersOf(saved) : {};
    const headers = Object.fromEntries(
      Object.entries(checkHeaders(body.headers ?? {})).map(([k, v]) => [k, v === MCP_MASK ? (old[k] ?? '') : v]),
    );
    return { url: checkServerUrl(body.url, this.allowPrivate), headers };
  }

  async validate(appId: string, body: McpConnectionInput): Promise<McpValidation> {
    const { url, headers } = await this.connection(appId, body);
    return withRemoteClient(url, headers, this.allowPrivate, async (client) => {
      const { tools } = await client.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
      const info = client.getServerVersion();
      return {
        valid: true,
        server: { name: info?.name ?? '', version: info?.version ?? '' },
        tools: tools.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema })),
      };
    });
  }

  /**
   * Whether the server wants OAuth: an `initialize` without credentials answered 401 with a
   * `WWW-Authenticate: Bearer` challenge (and where its metadata is, when the challenge says).
   */
  async checkOAuth(appId: string, body: McpConnectionInput): Promise<McpOAuthCheck> {
    const { url } = await this.connection(appId, body);
    let r: Awaited<ReturnType<typeof requestRemote>>;
    try {
      r = await requestRemote(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'basalt', version: '1.0.0' } },
        }),
        allowPrivate: this.allowPrivate,
        timeoutMs: MCP_TIMEOUT_MS,
      });
    } catch (err) {
      if (err instanceof RemoteRequestError)
        throw new ApiError('UNPROCESSABLE', `The MCP server at ${url.host} failed: ${err.message}`);
      throw err;
    }
    const challenge = r.headers['www-authenticate'] ?? '';
    return {
      oauthRequired: r.status === 401 && /^\s*bearer\b/i.test(challenge || 'Bearer'),
      status: r.status,
      resourceMetadata: /resource_metadata="([^"]+)"/i.exec(challenge)?.[1] ?? null,
    };
  }

  async ping(appId: string, name: string): Promise<McpPing> {
    const r = await this.row(appId, { name });
    const started = Date.now();
    return withRemoteClient(new URL(r.url), this.headersOf(r), this.allowPrivate, async (client) => {
      await client.ping({ timeout: MCP_TIMEOUT_MS });
      const latencyMs = Date.now() - started;
      const { tools } = await client.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
      return { ok: true, latencyMs, toolsCount: tools.length };
    });
  }

  /**
   * Calls a tool of a saved client: for flows and cloud code. The remote server's own tool errors
   * come back as `isError` results; a connection failure is a 422 naming the host.
   */
  async callTool(
    appId: string,
    name: string,
    tool: string,
    args: Record<string, unknown> = {},
  ): Promise<McpToolResult> {
    const r = await this.row(appId, { name });
    return withRemoteClient(new URL(r.url), this.headersOf(r), this.allowPrivate, async (client) => {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: MCP_TIMEOUT_MS });
      return {
        isError: !!result.isError,
        content: (result.content as McpToolResult['content'] | undefined) ?? [],
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      };
    });
  }
}
